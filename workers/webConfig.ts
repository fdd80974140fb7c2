/**
 * The hub's copy of the web config (spec §6 compliance switches): fetched when a tab says hello, after every reconnect
 * and login change, and every CONFIG_POLL_MS, so a switch flipped on the server reaches every tab without a reload.
 * Tabs get it in their diff whenever it changed since their cursor.
 */
import { CALLS } from './protocol/paths';
import { decodeWebConfig, DEFAULT_WEB_CONFIG, sameWebConfig, type WebConfig } from './protocol/webConfig';

/** How often the hub asks again while tabs are open. */
export const CONFIG_POLL_MS = 60_000;

/** What the config source needs from the hub. */
export interface WebConfigHooks {
  readonly getJson: (path: string) => Promise<unknown>;
  /** The config changed: returns the hub's new version. */
  readonly changed: () => number;
  readonly log: (line: string) => void;
}

/** The web config the hub publishes. */
export class WebConfigSource {
  private value: WebConfig = DEFAULT_WEB_CONFIG;
  /** Hub version at which the value last changed (0: the default, which every tab starts with). */
  private stamp = 0;
  private loading: Promise<void> | null = null;
  private again = false;

  constructor(private readonly hooks: WebConfigHooks) {}

  /** The current config. */
  current(): WebConfig {
    return this.value;
  }

  /** The config when it changed after `cursor` (every tab's first pull gets it), else null. */
  since(cursor: number): WebConfig | null {
    return this.stamp > cursor || cursor === 0 ? this.value : null;
  }

  /** Fetches the config; a call during a fetch fetches once more after it (the session may have changed). */
  refresh(): Promise<void> {
    if (this.loading !== null) {
      this.again = true;
      return this.loading;
    }
    this.loading = (async () => {
      for (let more = true; more; more = this.takeAgain()) await this.load();
    })().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** Reads and clears the "one more fetch" request. */
  private takeAgain(): boolean {
    const again = this.again;
    this.again = false;
    return again;
  }

  private async load(): Promise<void> {
    let next: WebConfig | null;
    try {
      next = decodeWebConfig(await this.hooks.getJson(CALLS.webConfig.path));
    } catch (e) {
      this.hooks.log(`web config failed: ${String(e)}`);
      return;
    }
    // A failed or unreadable answer keeps the last config: a switch must not flap back to its default.
    if (next === null || sameWebConfig(next, this.value)) return;
    this.value = next;
    this.stamp = this.hooks.changed();
  }
}
