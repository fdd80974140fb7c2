/**
 * Topic refcounts across tabs: each tab declares the topics it needs; the socket is subscribed to the union, and a
 * topic is unsubscribed when the last tab leaves it. Pure bookkeeping: the caller sends the returned operations.
 */

/** Subscribe/unsubscribe operations to send. */
export interface TopicOps {
  readonly subscribe: readonly string[];
  readonly unsubscribe: readonly string[];
}

/** Refcounted topic set. */
export class TopicRefs {
  private readonly byTab = new Map<string, ReadonlySet<string>>();
  private readonly counts = new Map<string, number>();

  /** Replaces a tab's topics; returns what to send. */
  set(tabId: string, topics: Iterable<string>): TopicOps {
    const next = new Set(topics);
    const prev = this.byTab.get(tabId) ?? new Set<string>();
    const subscribe: string[] = [];
    const unsubscribe: string[] = [];
    for (const t of next) {
      if (prev.has(t)) continue;
      const n = (this.counts.get(t) ?? 0) + 1;
      this.counts.set(t, n);
      if (n === 1) subscribe.push(t);
    }
    for (const t of prev) {
      if (next.has(t)) continue;
      const n = (this.counts.get(t) ?? 1) - 1;
      if (n <= 0) {
        this.counts.delete(t);
        unsubscribe.push(t);
      } else this.counts.set(t, n);
    }
    if (next.size === 0) this.byTab.delete(tabId);
    else this.byTab.set(tabId, next);
    return { subscribe, unsubscribe };
  }

  /** Removes a tab (closed or crashed). */
  drop(tabId: string): TopicOps {
    return this.set(tabId, []);
  }

  /** Every topic some tab needs (resubscribe after reconnect). */
  all(): string[] {
    return [...this.counts.keys()];
  }

  /** True when some tab needs the topic. */
  has(topic: string): boolean {
    return this.counts.has(topic);
  }
}

/** Splits topics into subscribe frames of at most 10 args (bybit spot's limit). */
export function chunkTopics(topics: readonly string[], size = 10): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < topics.length; i += size) out.push(topics.slice(i, i + size));
  return out;
}
