/**
 * The paint worker's pull pacing (src/hub/framePuller.ts) against a scripted hub over a real MessageChannel and
 * Comlink: one quick pull per frame while the feed moves, a parked long poll when it stops, and a change on that
 * long poll handed over at once.
 */
import { MessageChannel } from 'node:worker_threads';
import * as Comlink from 'comlink';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HubDiff, TabInterest } from '../../../../workers/api';
import type * as PullerModuleNs from '../../../../src/hub/framePuller';

type PullerModule = typeof PullerModuleNs;
let FramePuller: PullerModule['FramePuller'];

beforeAll(async () => {
  // Vite defines these for the app; the test supplies what the module reads at load and at start.
  vi.stubGlobal('__BUILD_ID__', 'test-build');
  vi.stubGlobal('navigator', { locks: { request: () => new Promise(() => undefined) } });
  ({ FramePuller } = await import('../../../../src/hub/framePuller'));
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

/** A hub that answers quick pulls from `pending` and parks long polls until `push`. */
class ScriptedHub {
  readonly waits: number[] = [];
  private version = 0;
  private pending: HubDiff | null = null;
  private parked: ((d: HubDiff) => void) | null = null;

  hello(): { instanceId: string; buildId: string; reload: boolean; mode: string } {
    return { instanceId: 'i1', buildId: 'test-build', reload: false, mode: 'shared' };
  }
  setInterest(): void {
    // Interest is not scripted here.
  }
  bye(): void {
    // Nothing to drop.
  }
  pull(_tab: string, cursor: number, waitMs: number): Promise<HubDiff> {
    this.waits.push(waitMs);
    const p = this.pending;
    if (p !== null) {
      this.pending = null;
      return Promise.resolve(p);
    }
    if (waitMs === 0) return Promise.resolve({ cursor, instanceId: 'i1' });
    return new Promise((ok) => {
      this.parked = ok;
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
  got: { changed: boolean }[];
} {
  const hub = new ScriptedHub();
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(hub, port1 as unknown as Comlink.Endpoint);
  const got: { changed: boolean }[] = [];
  const puller = new FramePuller(
    port2 as unknown as MessagePort,
    INTEREST,
    (_d, changed) => {
      got.push({ changed });
    },
    false,
  );
  return { hub, puller, got };
}

describe('FramePuller pacing', () => {
  it('pulls once per frame, answered at once, while the feed moves', async () => {
    const { hub, puller, got } = start();
    hub.push();
    await settle();
    // The first pull (a quick one) took the change; the next waits for a frame.
    expect(got).toEqual([{ changed: true }]);
    expect(hub.waits).toEqual([0]);
    hub.push();
    await settle();
    expect(hub.waits).toEqual([0]);
    // The frame releases a quick pull whose answer comes within the frame; until it does, no other pull waits.
    expect(puller.tick()).toBe(true);
    expect(puller.tick()).toBe(false);
    await settle();
    expect(hub.waits).toEqual([0, 0]);
    expect(got).toEqual([{ changed: true }, { changed: true }]);
    puller.close();
  });

  it('parks a long poll when a frame finds nothing, and hands its change over at once', async () => {
    const { hub, puller, got } = start();
    await settle();
    // Nothing on the first quick pull: a long poll is parked without waiting for a frame.
    expect(got).toEqual([{ changed: false }]);
    expect(hub.waits[0]).toBe(0);
    expect(hub.waits[1]).toBeGreaterThan(0);
    expect(hub.isParked()).toBe(true);
    // While parked, frames draw on their own: tick releases nothing.
    expect(puller.tick()).toBe(false);
    hub.push();
    await settle();
    expect(got).toEqual([{ changed: false }, { changed: true }]);
    // Back to one quick pull per frame; when that finds nothing, parked again.
    expect(hub.waits).toHaveLength(2);
    expect(puller.tick()).toBe(true);
    await settle();
    expect(got).toEqual([{ changed: false }, { changed: true }, { changed: false }]);
    expect(hub.waits).toEqual([0, 10_000, 0, 10_000]);
    puller.close();
  });
});
