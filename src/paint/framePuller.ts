/**
 * The hub's pull loop for a tab's paint worker (a dedicated Worker that owns an OffscreenCanvas): it speaks to the
 * hub over its own port, so tick-rate frames go hub → paint worker and never cross the tab's main thread. Runs in a
 * worker: no DOM. Paused while the tab is hidden (the tab forwards visibility).
 *
 * Pacing: one pull per animation frame, latched late. Chromium shows a worker's canvas at the display frame in which
 * it is committed, and commits a canvas drawn between frames at the start of the next one; the display draws a few
 * milliseconds after that. So the freshest pixels come from the hub's state taken just before a frame begins, drawn
 * at once. After each frame the owner calls `tick(frameTime)`, which sends the next pull with a time to look at
 * (HubApi.pull `lookAt`, on the clock the hub and its tabs share): the hub looks a `lead` before the next frame is
 * due and answers then, even with nothing new (the puller then parks a long poll for the next change, without a
 * frame). The time is absolute rather than a delay, so the pull's own trip to the hub (which waits behind the feed
 * frames the hub is working through) does not push the look later. The lead adapts (`Latch`): an answer that lands
 * after the next frame has begun widens it, a run of answers on time narrows it.
 * The owner either lets the puller watch animation frames itself, or (`ownFrames: false`) calls `tick()` from its
 * own frame loop.
 */
import type * as Comlink from 'comlink';
import type { HubApi, HubDiff, TabInterest } from '../../workers/api';
import { BUILD_ID } from '../hub/buildId';
import { wrapHub } from '../hub/wrapHub';

const PULL_WAIT_MS = 10_000;
/** The lead's bounds and start, in ms before the next frame (the hub's lateness + the answer's trip + drawing). */
const LEAD_MIN_MS = 1.5;
const LEAD_MAX_MS = 8;
const LEAD_START_MS = 4;
/**
 * Answers on time in a row before the lead narrows by a step. A late answer widens it by two steps' worth, so the
 * lead settles where about one answer in 30 is late (3 %): each late one costs its frame's pixels a frame, which
 * keeps them above the 95th percentile of feed-to-pixel, while every millisecond of lead is paid by every frame.
 */
const LEAD_SETTLE_FRAMES = 15;
const LEAD_STEP_MS = 0.5;

/** True when a pull's answer carries anything beyond its cursor (a timed-out pull answers without). */
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

/**
 * The adaptive lead, pure: how long before the next frame a held pull looks. An answer that lands after the frame it
 * was held for has begun widens it by a millisecond; a run of answers on time narrows it by half of one. Exported for
 * the unit test.
 */
export class Latch {
  lead = LEAD_START_MS;
  period = 1000 / 60;
  /** When the latest animation frame began. */
  lastFrame = 0;
  private onTimeRun = 0;

  /** An animation frame began at `frameTime`: updates the frame period estimate. */
  frame(frameTime: number): void {
    const d = frameTime - this.lastFrame;
    this.lastFrame = frameTime;
    // One-frame steps only (a skipped frame or a pause says nothing of the display's rate).
    if (d > 4 && d < this.period * 1.5) this.period += (d - this.period) * 0.1;
  }

  /** When a pull sent in the frame that began at `frameTime` should look (same clock): `lead` before the next one. */
  lookAt(frameTime: number): number {
    return frameTime + this.period - this.lead;
  }

  late(): void {
    this.lead = Math.min(LEAD_MAX_MS, this.lead + 1);
    this.onTimeRun = 0;
  }

  onTime(): void {
    if (++this.onTimeRun < LEAD_SETTLE_FRAMES) return;
    this.onTimeRun = 0;
    this.lead = Math.max(LEAD_MIN_MS, this.lead - LEAD_STEP_MS);
  }
}

/** The worker-side loop. */
export class FramePuller {
  readonly latch = new Latch();
  private readonly api: Comlink.Remote<HubApi>;
  private readonly tabId = crypto.randomUUID();
  private cursor = 0;
  private instanceId = '';
  private visible = true;
  private wake: (() => void) | null = null;
  private closed = false;
  /** Set while the loop waits for the next frame to pull; `tick()` (or the puller's own rAF) releases it. */
  private frameWaiter: ((lookAt: number) => void) | null = null;
  /** Frames begun (ticks): a held pull answered after another frame began is late. */
  private frames = 0;
  /** `ownFrames`: the frame watch stopped while hidden, and how to restart it. */
  private frameWatchPaused = false;
  private resumeFrames: () => void = () => undefined;

  /**
   * `onDiff` gets every answer that carries data. `late` marks an answer that landed after the frame it was held for
   * began: the next pull, aimed at the following frame, is already out, so an owner that draws on arrival should let
   * that one (or its next frame) draw instead of drawing twice for one frame.
   */
  constructor(
    hub: MessagePort | Comlink.Remote<HubApi>,
    private interest: TabInterest,
    private readonly onDiff: (d: HubDiff, late: boolean) => void,
    private readonly ownFrames = true,
  ) {
    // Several pullers of one worker share one port and its Comlink wrapper (each call names its puller's tab id).
    this.api = hub instanceof MessagePort ? wrapHub(hub) : hub;
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
      this.resumeFrames();
    }
  }

  /** Replaces what this worker draws (symbol, step, rows…). */
  setInterest(interest: TabInterest): void {
    this.interest = interest;
    void this.api.setInterest(this.tabId, interest).catch(() => undefined);
  }

  /**
   * The owner's animation frame began at `frameTime` and it has drawn what it holds. Sends the next pull, to look
   * just before the next frame; returns whether a pull was waiting for this frame.
   */
  tick(frameTime: number): boolean {
    this.latch.frame(frameTime);
    this.frames++;
    const w = this.frameWaiter;
    if (w === null) return false;
    this.frameWaiter = null;
    w(this.latch.lookAt(frameTime));
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
    if (this.ownFrames) this.watchFrames();
    // null: a long poll (wait for the next change); a number: one look at that time (performance.now()'s clock).
    let look: number | null = null;
    while (!this.closed) {
      if (!this.visible) {
        await new Promise<void>((ok) => {
          this.wake = ok;
        });
        look = null;
        continue;
      }
      let d: HubDiff;
      const sentInFrame = this.frames;
      // Held for the next frame (a look already due is answered at once, and says nothing of lateness).
      const held: boolean = look !== null && look > performance.now();
      try {
        d = await this.api.pull(
          this.tabId,
          this.cursor,
          look === null ? PULL_WAIT_MS : 0,
          look === null ? undefined : performance.timeOrigin + look,
        );
      } catch {
        // The tab's main-thread client restarts a dead hub; this port then stays dead, and the tab makes a new worker.
        return;
      }
      // Held for the next frame and landed after it began: late.
      const late: boolean = held && this.frames > sentInFrame;
      if (held) {
        if (late) this.latch.late();
        else this.latch.onTime();
      }
      look = null;
      if (d.instanceId !== this.instanceId) {
        await this.hello(lockName).catch(() => undefined);
        continue;
      }
      this.cursor = d.cursor;
      // Nothing new when the hold ended (or a long poll timed out): wait for the next change without a frame.
      if (!carriesData(d)) continue;
      this.onDiff(d, late);
      // After a late answer the frame it was meant for has begun: aim the next pull at the frame after it now rather
      // than at the next tick, which would leave that frame without a pull.
      look = late ? this.latch.lookAt(this.latch.lastFrame) : await this.nextFrame();
    }
  }

  private nextFrame(): Promise<number> {
    return new Promise<number>((ok) => {
      this.frameWaiter = ok;
    });
  }

  /** `ownFrames`: ticks on every animation frame while the tab is visible (late answers are seen by the next one). */
  private watchFrames(): void {
    const frame = (t: number): void => {
      if (this.closed) return;
      if (!this.visible) {
        this.frameWatchPaused = true;
        return;
      }
      this.tick(t);
      requestAnimationFrame(frame);
    };
    this.resumeFrames = () => {
      if (!this.frameWatchPaused) return;
      this.frameWatchPaused = false;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }
}
