/**
 * The hub's pull loop for a tab's paint worker (a dedicated Worker that owns an OffscreenCanvas): it speaks to the
 * hub over its own port, so tick-rate frames go hub → paint worker and never cross the tab's main thread. Runs in a
 * worker: no DOM. One animation frame per pull at most; paused while the tab is hidden (the tab forwards visibility).
 */
import * as Comlink from 'comlink';
import type { HubApi, HubDiff, TabInterest } from '../../workers/api';
import { BUILD_ID } from './buildId';

const PULL_WAIT_MS = 10_000;

/** The worker-side loop. */
export class FramePuller {
  private readonly api: Comlink.Remote<HubApi>;
  private readonly tabId = crypto.randomUUID();
  private cursor = 0;
  private instanceId = '';
  private visible = true;
  private wake: (() => void) | null = null;
  private closed = false;

  constructor(
    port: MessagePort,
    private interest: TabInterest,
    private readonly onDiff: (d: HubDiff) => void,
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
        d = await this.api.pull(this.tabId, this.cursor, PULL_WAIT_MS);
      } catch {
        // The tab's main-thread client restarts a dead hub; this port then stays dead, and the tab makes a new worker.
        return;
      }
      if (d.instanceId !== this.instanceId) {
        await this.hello(lockName).catch(() => undefined);
        continue;
      }
      this.cursor = d.cursor;
      this.onDiff(d);
      await new Promise<void>((ok) =>
        requestAnimationFrame(() => {
          ok();
        }),
      );
    }
  }
}
