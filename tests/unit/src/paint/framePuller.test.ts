/**
 * The paint worker's pull pacing (src/paint/framePuller.ts) against a scripted hub over a real MessageChannel and
 * Comlink: one pull per frame, held to land a lead before the next frame; a parked long poll when the feed stops;
 * the lead widened by a late answer and narrowed by a run of answers on time.
 */
import { MessageChannel } from 'node:worker_threads';
import * as Comlink from 'comlink';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HubDiff, TabInterest } from '../../../../workers/api';
import type * as PullerModuleNs from '../../../../src/paint/framePuller';

type PullerModule = typeof PullerModuleNs;
let FramePuller: PullerModule['FramePuller'];
let Latch: PullerModule['Latch'];

beforeAll(async () => {
  // Vite defines these for the app; the test supplies what the module reads at load and at start.
  vi.stubGlobal('__BUILD_ID__', 'test-build');
  vi.stubGlobal('navigator', { locks: { request: () => new Promise(() => undefined) } });
  ({ FramePuller, Latch } = await import('../../../../src/paint/framePuller'));
});

afterEach(() => {
  vi.useRealTimers();
});

const INTEREST: TabInterest = {
  symbol: 'BTCUSDT',
  step: null,
  bookRows: 40,
  trades: false,
  klineInterval: null,
  allTickers: false,
  account: false,
};

/** A hub that answers from `pending`, parks long polls until `push`, and can keep one answer back (`gate`). */
class ScriptedHub {
  /** [waitMs, lookAt] of every pull (lookAt 0 when none). */
  readonly pulls: [number, number][] = [];
  private version = 0;
  private pending: HubDiff | null = null;
  private parked: ((d: HubDiff) => void) | null = null;
  private gated: (() => void) | null = null;
  gate = false;

  hello(): { instanceId: string; buildId: string; reload: boolean; mode: string } {
    return { instanceId: 'i1', buildId: 'test-build', reload: false, mode: 'shared' };
  }
  setInterest(): void {
    // Interest is not scripted here.
  }
  bye(): void {
    // Nothing to drop.
  }
  pull(_tab: string, cursor: number, waitMs: number, lookAt = 0): Promise<HubDiff> {
    this.pulls.push([waitMs, lookAt]);
    const look = (): Promise<HubDiff> => {
      const p = this.pending;
      if (p !== null) {
        this.pending = null;
        return Promise.resolve(p);
      }
      if (waitMs === 0) return Promise.resolve({ cursor, instanceId: 'i1' });
      return new Promise((ok) => {
        this.parked = ok;
      });
    };
    if (!this.gate) return look();
    return new Promise((ok) => {
      this.gated = () => {
        void look().then(ok);
      };
    });
  }
  /** A book change: answers a parked long poll now, else waits for the next pull. */
  push(): void {
    this.version++;
    const d: HubDiff = {
      cursor: this.version,
      instanceId: 'i1',
      book: { receivedAt: this.version } as unknown as NonNullable<HubDiff['book']>,
    };
    const w = this.parked;
    this.parked = null;
    if (w !== null) w(d);
    else this.pending = d;
  }
  /** Lets the answer kept back by `gate` go. */
  release(): void {
    const g = this.gated;
    this.gated = null;
    this.gate = false;
    g?.();
  }
  isParked(): boolean {
    return this.parked !== null;
  }
}

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 1));
}

function start(): {
  hub: ScriptedHub;
  puller: InstanceType<PullerModule['FramePuller']>;
  got: number[];
  late: boolean[];
} {
  const hub = new ScriptedHub();
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(hub, port1 as unknown as Comlink.Endpoint);
  const got: number[] = [];
  const late: boolean[] = [];
  const puller = new FramePuller(
    port2 as unknown as MessagePort,
    INTEREST,
    (d, l) => {
      got.push(d.cursor);
      late.push(l);
    },
    false,
  );
  return { hub, puller, got, late };
}

describe('FramePuller pacing', () => {
  it('pulls once per frame, held to land a lead before the next frame', async () => {
    const { hub, puller, got } = start();
    hub.push();
    await settle();
    // The first pull (a long poll) took the change; the next waits for a frame.
    expect(got).toEqual([1]);
    expect(hub.pulls).toEqual([[10_000, 0]]);
    hub.push();
    await settle();
    expect(hub.pulls).toHaveLength(1);
    // The frame releases one pull: a single look (wait 0) at a time `lead` before the next frame, on the clock the
    // hub shares (the time origin plus the frame's time), so however long the pull takes to reach the hub, it looks
    // then.
    const frame = performance.now();
    expect(puller.tick(frame)).toBe(true);
    expect(puller.tick(frame)).toBe(false);
    await settle();
    expect(hub.pulls).toHaveLength(2);
    const [wait, lookAt] = hub.pulls[1] ?? [NaN, NaN];
    expect(wait).toBe(0);
    expect(lookAt).toBeCloseTo(performance.timeOrigin + frame + puller.latch.period - puller.latch.lead, 2);
    expect(got).toEqual([1, 2]);
    puller.close();
  });

  it('parks a long poll, without a frame, when the held look finds nothing', async () => {
    const { hub, puller, got } = start();
    hub.push();
    await settle();
    expect(puller.tick(performance.now())).toBe(true);
    await settle();
    // Nothing new at the look: a long poll is parked at once, and its change is handed over when it comes.
    expect(hub.pulls.map(([w]) => w)).toEqual([10_000, 0, 10_000]);
    expect(hub.isParked()).toBe(true);
    expect(got).toEqual([1]);
    hub.push();
    await settle();
    expect(got).toEqual([1, 2]);
    puller.close();
  });

  it('widens the lead when an answer lands after the next frame began, and aims the next pull at once', async () => {
    const { hub, puller, late } = start();
    hub.push();
    await settle();
    const lead = puller.latch.lead;
    hub.gate = true;
    hub.push();
    const frame = performance.now();
    puller.tick(frame);
    await settle();
    // A later frame begins while the held pull is still out (its time is set well ahead, so the hold aimed at the
    // frame after it stays positive however slow this machine is).
    const next = frame + 200;
    puller.tick(next);
    const before = hub.pulls.length;
    hub.release();
    await settle();
    expect(puller.latch.lead).toBe(lead + 1);
    // The owner is told the answer is late (it lets the next frame's answer draw), the first one was not.
    expect(late).toEqual([false, true]);
    // The late answer does not wait for a tick: the next pull goes out at once, aimed at the frame after `next`
    // (here it finds nothing, so a long poll follows).
    const [wait, lookAt] = hub.pulls[before] ?? [NaN, NaN];
    expect(wait).toBe(0);
    expect(lookAt).toBeCloseTo(performance.timeOrigin + next + puller.latch.period - puller.latch.lead, 2);
    expect(hub.pulls.slice(before + 1)).toEqual([[10_000, 0]]);
    puller.close();
  });
});

describe('Latch', () => {
  it('narrows the lead after a run of answers on time, within its bounds', () => {
    const l = new Latch();
    const start = l.lead;
    for (let i = 0; i < 14; i++) l.onTime();
    expect(l.lead).toBe(start);
    l.onTime();
    expect(l.lead).toBe(start - 0.5);
    for (let i = 0; i < 15 * 20; i++) l.onTime();
    expect(l.lead).toBe(1.5);
    for (let i = 0; i < 20; i++) l.late();
    expect(l.lead).toBe(8);
  });

  it('learns the display period from one-frame steps and looks `lead` before the next frame', () => {
    const l = new Latch();
    let t = 1000;
    for (let i = 0; i < 200; i++) {
      l.frame(t);
      t += 1000 / 120;
    }
    expect(l.period).toBeCloseTo(1000 / 120, 1);
    // A pause (a hidden tab, a skipped frame) says nothing of the rate.
    l.frame(t + 500);
    expect(l.period).toBeCloseTo(1000 / 120, 1);
    expect(l.lookAt(t)).toBeCloseTo(t + l.period - l.lead, 5);
  });
});
