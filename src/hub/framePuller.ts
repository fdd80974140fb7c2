/**
 * The hub's pull loop for a tab's paint worker (a dedicated Worker that owns an OffscreenCanvas): it speaks to the
 * hub over its own port, so tick-rate frames go hub → paint worker and never cross the tab's main thread. Runs in a
 * worker: no DOM. Paused while the tab is hidden (the tab forwards visibility).
 *
 * Pacing, for the least feed-to-pixel delay at one diff per frame at most:
 * - while the feed moves, one pull at the start of each animation frame that the hub answers at once (wait 0), so
 *   the owner draws data a millisecond old in that frame rather than data a frame old on the next one;
 * - when such a pull finds nothing new, a long poll is parked instead, and the next change is handed over the moment
 *   it arrives (the owner draws it on arrival); the next pull then waits for the next frame again.
 * The owner either lets the puller watch animation frames itself, or (`ownFrames: false`) calls `tick()` from its
 * own frame loop, so it knows when this frame's draw will come with the pull's answer.
 */
import * as Comlink from 'comlink';
import type { HubApi, HubDiff, TabInterest } from '../../workers/api';
import { BUILD_ID } from './buildId';

const PULL_WAIT_MS = 10_000;

/** True when a pull's answer carries anything beyond its cursor (a timed-out or quick pull answers without). */
function carriesData(d: HubDiff): boolean {
  return (
    d.book !== undefined ||
    d.trades !== undefined ||
    d.candles !== undefined ||
    d.tickers !== undefined ||
    d.account !== undefined ||
    d.connection !== undefined ||
    d.reload === true
  );
}

/** The worker-side loop. */
export class FramePuller {
  private readonly api: Comlink.Remote<HubApi>;
  private readonly tabId = crypto.randomUUID();
  private cursor = 0;
  private instanceId = '';
  private visible = true;
  private wake: (() => void) | null = null;
  private closed = false;
  /** Set while the loop waits for the next frame to pull; `tick()` (or the puller's own rAF) releases it. */
  private frameWaiter: (() => void) | null = null;
  /** The next pull is a long poll: the last one found nothing new. */
  private parked = false;

  /**
   * `onDiff` gets every answer, empty ones included (`changed` false), so a frame-driven owner can draw the frame
   * it deferred to this answer.
   */
  constructor(
    port: MessagePort,
    private interest: TabInterest,
    private readonly onDiff: (d: HubDiff, changed: boolean) => void,
    private readonly ownFrames = true,
  ) {
    this.api = Comlink.wrap<HubApi>(port);
    const lockName = `hub-paint-${this.tabId}`;
    // Held while the worker lives: the hub drops this puller's interest when the tab (and its worker) goes away.
    void navigator.locks.request(lockName, () => new Promise<never>(() => undefined)).catch(() => undefined);
    void this.run(lockName);
  }

  /** The tab became visible or hidden; a hidden tab pulls nothing (and so the hub keeps nothing for it). */
  setVisible(visible: boolean): void {
    this.visible = visible;
    if (visible) {
      this.wake?.();
      this.wake = null;
    }
  }

  /** Replaces what this worker draws (symbol, step, rows…). */
  setInterest(interest: TabInterest): void {
    this.interest = interest;
    void this.api.setInterest(this.tabId, interest).catch(() => undefined);
  }

  /**
   * The owner's animation frame began. Returns true when this releases a pull, whose answer (changed or not)
   * reaches `onDiff` within this frame: the owner draws then instead of now.
   */
  tick(): boolean {
    const w = this.frameWaiter;
    if (w === null) return false;
    this.frameWaiter = null;
    w();
    return true;
  }

  close(): void {
    this.closed = true;
    void this.api.bye(this.tabId).catch(() => undefined);
  }

  private async hello(lockName: string): Promise<void> {
    const h = await this.api.hello({ tabId: this.tabId, buildId: BUILD_ID, lockName });
    this.instanceId = h.instanceId;
    this.cursor = 0;
    await this.api.setInterest(this.tabId, this.interest);
  }

  private async run(lockName: string): Promise<void> {
    await this.hello(lockName);
    while (!this.closed) {
      if (!this.visible) {
        await new Promise<void>((ok) => {
          this.wake = ok;
        });
        continue;
      }
      let d: HubDiff;
      try {
        d = await this.api.pull(this.tabId, this.cursor, this.parked ? PULL_WAIT_MS : 0);
      } catch {
        // The tab's main-thread client restarts a dead hub; this port then stays dead, and the tab makes a new worker.
        return;
      }
      if (d.instanceId !== this.instanceId) {
        await this.hello(lockName).catch(() => undefined);
        continue;
      }
      const changed = carriesData(d);
      this.cursor = d.cursor;
      this.onDiff(d, changed);
      // Nothing new at this frame's pull: park a long poll now. A change (or a long poll that timed out while
      // parked) goes back to one quick pull per frame.
      if (!changed && !this.parked) {
        this.parked = true;
        continue;
      }
      this.parked = false;
      await this.nextFrame();
    }
  }

  private nextFrame(): Promise<void> {
    return new Promise<void>((ok) => {
      this.frameWaiter = ok;
      if (this.ownFrames)
        requestAnimationFrame(() => {
          this.tick();
        });
    });
  }
}
