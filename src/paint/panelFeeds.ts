/**
 * Which hub pulls a tab's paint worker needs for the panels it hosts. Panels that can share one pull do: the order
 * book and the depth chart read the same book when they are at the same step, and the latest trades ride on any pull
 * of their symbol. Fewer pulls mean fewer hub wake-ups per frame and one book serialised once, not once per panel.
 * Pure: no worker, no timers.
 */
import type { TabInterest } from '../../workers/api';

/** One pull and the panels it feeds. */
export interface FeedPlan<P> {
  /** Stable while the same panels can share it (the pull is kept across changes that keep the key). */
  readonly key: string;
  readonly interest: TabInterest;
  readonly panels: readonly P[];
}

function bookKey(i: TabInterest): string {
  return `${i.symbol ?? ''}|${i.step ?? ''}`;
}

/** Groups panels (each with its interest) into as few pulls as serve them all. */
export function planFeeds<P>(panels: readonly P[], interestOf: (p: P) => TabInterest): FeedPlan<P>[] {
  const groups = new Map<string, P[]>();
  const add = (key: string, p: P): void => {
    const g = groups.get(key);
    if (g === undefined) groups.set(key, [p]);
    else g.push(p);
  };
  // Book readers first: their symbol and step decide the pulls.
  for (const p of panels) {
    const i = interestOf(p);
    if (i.bookRows > 0) add(bookKey(i), p);
  }
  // Everything else (the trades list) joins a pull of its symbol, or gets its own.
  for (const p of panels) {
    const i = interestOf(p);
    if (i.bookRows > 0) continue;
    const host = [...groups.keys()].find((k) => k.startsWith(`${i.symbol ?? ''}|`));
    add(host ?? `${i.symbol ?? ''}|*`, p);
  }
  const out: FeedPlan<P>[] = [];
  for (const [key, members] of groups) {
    const list = members.map(interestOf);
    const first = list[0];
    if (first === undefined) continue;
    const book = list.find((i) => i.bookRows > 0);
    out.push({
      key,
      panels: members,
      interest: {
        symbol: first.symbol,
        step: book?.step ?? null,
        bookRows: Math.max(0, ...list.map((i) => i.bookRows)),
        trades: list.some((i) => i.trades),
        klineInterval: list.find((i) => i.klineInterval !== null)?.klineInterval ?? null,
        allTickers: list.some((i) => i.allTickers),
        account: list.some((i) => i.account),
      },
    });
  }
  return out;
}
