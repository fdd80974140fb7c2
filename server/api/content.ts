/**
 * Content calls: the symbol opening notice, notice-bar notices and announcement search (the LT symbol info is in
 * `lt.ts`).
 * Announcements and notices are seeded here, dated relative to the simulator's start.
 */
import type { RouteModule, SimContext } from '../context';
import { ParamError, type Params } from '../http/params';
import { findSymbol, type SymbolSpec } from '../market/symbols';
import { CALLS } from '../../workers/protocol/paths';

/** The 27 locales of spec §9 (Chinese in simplified and traditional). */
export const SUPPORTED_LOCALES = [
  'ar',
  'pt',
  'ca',
  'cs',
  'de',
  'en',
  'es',
  'fa',
  'fr',
  'he',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'ms',
  'pl',
  'ru',
  'sv',
  'th',
  'tr',
  'vi',
  'zh-CN',
  'zh-TW',
  'el',
  'nl',
  'ro',
] as const;

/** Announcement category keys of spec §3. */
export const ANNOUNCEMENT_KEYS = [
  'new_crypto',
  'latest_bybit_news',
  'latest_activities',
  'partnership_announcement',
  'delisting',
] as const;

/** One announcement category key. */
export type AnnouncementKey = (typeof ANNOUNCEMENT_KEYS)[number];

/** Announcement topics the search accepts. */
export const ANNOUNCEMENT_TOPICS = ['Spot', 'Derivatives', 'Earn'] as const;

/** One announcement search hit (spec §7 result.hits). */
export interface AnnouncementHit {
  readonly category: { readonly key: AnnouncementKey };
  readonly url: string;
  readonly date_timestamp: number;
  readonly title: string;
  readonly description: string;
  readonly objectID: string;
  readonly topics: readonly string[];
}

/** One notice-bar notice (spec §3): symbolName is a comma list or ALL; url may be empty. */
export interface NoticeBarNotice {
  readonly id: string;
  readonly symbolName: string;
  readonly info: string;
  readonly url: string;
}

const DAY_MS = 24 * 3600 * 1000;

/** The seeded notice-bar notices. */
export const NOTICE_BAR: readonly NoticeBarNotice[] = [
  {
    id: 'nb-1',
    symbolName: 'ALL',
    info: 'Scheduled maintenance of the spot matching engine on Sunday 02:00–02:30 UTC.',
    url: '/announcements/spot-maintenance',
  },
  {
    id: 'nb-2',
    symbolName: 'BTCUSDT,ETHUSDT',
    info: 'Zero maker fees on BTC/USDT and ETH/USDT this week.',
    url: '/announcements/zero-maker-fees',
  },
  {
    id: 'nb-3',
    symbolName: 'ALL',
    info: 'Withdrawals on the simulated network may take a few minutes longer than usual.',
    url: '',
  },
];

/** Seeds announcements dated relative to `startedAt`: five within the last 7 days, three older. */
export function seedAnnouncements(startedAt: number): AnnouncementHit[] {
  const rows: [AnnouncementKey, number, string, string, string, readonly string[]][] = [
    [
      'new_crypto',
      0.5,
      'new-listing-NEWC',
      'New listing: NEWC/USDT opens in the Innovation Zone',
      'Trading opens soon. Deposits are open now.',
      ['Spot'],
    ],
    [
      'latest_activities',
      1.5,
      'spot-trading-contest',
      'Spot trading contest: share a 50,000 USDT prize pool',
      'Trade any USDT pair to earn tickets.',
      ['Spot'],
    ],
    [
      'latest_bybit_news',
      2.5,
      'tags-in-titles',
      'Why <b>bold</b> tags show as text in our titles',
      'Titles are plain text, never HTML.',
      ['Spot', 'Derivatives'],
    ],
    [
      'partnership_announcement',
      4,
      'partnership-mnt',
      'Partnership: MNT ecosystem grants for builders',
      'Apply before the end of the month.',
      ['Spot'],
    ],
    [
      'delisting',
      6,
      'delisting-banx',
      'Delisting notice: BANX/USDT buy side suspended',
      'Only sell orders are accepted until delisting.',
      ['Spot'],
    ],
    [
      'latest_bybit_news',
      3,
      'perp-funding-update',
      'Funding interval update for perpetual contracts',
      'Derivatives only.',
      ['Derivatives'],
    ],
    [
      'new_crypto',
      10,
      'new-listing-SUI',
      'New listing: SUI/USDT',
      'SUI/USDT is now open for spot trading.',
      ['Spot'],
    ],
    [
      'latest_activities',
      20,
      'lt-launch',
      'BTC3L leveraged token launch campaign',
      'Subscribe to BTC3L and win rewards.',
      ['Spot', 'Earn'],
    ],
  ];
  return rows.map(([key, daysAgo, slug, title, description, topics], i) => ({
    category: { key },
    url: `/announcements/${slug}`,
    date_timestamp: Math.round(startedAt - daysAgo * DAY_MS),
    title,
    description,
    objectID: String(1000 + i),
    topics,
  }));
}

/** Canonical locale of a language tag (case-insensitive; "en-US" → "en", "zh-tw" → "zh-TW"), or undefined. */
export function toSupportedLocale(tag: string): string | undefined {
  const m = /^([A-Za-z]{2})(?:[-_]([A-Za-z]{2,4}))?$/.exec(tag);
  if (m === null) return undefined;
  const lang = (m[1] ?? '').toLowerCase();
  const region = (m[2] ?? '').toUpperCase();
  if (lang === 'zh') {
    if (region === 'CN' || region === 'HANS') return 'zh-CN';
    if (region === 'TW' || region === 'HK' || region === 'HANT') return 'zh-TW';
    return undefined;
  }
  return SUPPORTED_LOCALES.find((l) => l === lang);
}

function symbolIdParam(params: Params, name: string): SymbolSpec {
  const id = params.int(name, { required: true, min: 1 }) ?? 0;
  const spec = findSymbol(id);
  if (spec === undefined) throw new ParamError(`${name} is not a known symbol`);
  return spec;
}

function noticeInfo(ctx: SimContext, spec: SymbolSpec): Record<string, unknown> {
  const openAt = ctx.market.openAt(spec.symbol);
  const now = ctx.now();
  const countdown = openAt > now;
  return {
    // 1 = countdown to opening (spec §3); 0 = nothing to announce, the symbol trades.
    noticeType: countdown ? 1 : 0,
    noticeContent: countdown
      ? `${spec.base}/${spec.quote} opens for trading at ${new Date(openAt).toISOString().replace('.000Z', 'Z')}.`
      : '',
    noticeLinkUrl: `/announcements/new-listing-${spec.base}`,
    onlineTime: openAt,
    nowTime: now,
    symbolId: spec.symbolId,
  };
}

/** Registers the notice, notice-bar and announcement-search calls. */
export const registerContentRoutes: RouteModule = (router, ctx) => {
  const announcements = seedAnnouncements(ctx.startedAt).sort((a, b) => b.date_timestamp - a.date_timestamp);

  router.on(CALLS.noticeBySymbolId, (rc) => noticeInfo(ctx, symbolIdParam(rc.params, 'symbol_id')));

  router.on(CALLS.noticeBar, (rc) => {
    const key = rc.params.str('symbolName', { max: 32 });
    let list = NOTICE_BAR;
    if (key !== undefined) {
      const spec = findSymbol(key);
      if (spec === undefined) throw new ParamError('symbolName is not a known symbol');
      list = list.filter((n) => n.symbolName === 'ALL' || n.symbolName.split(',').includes(spec.symbol));
    }
    return { list };
  });

  router.on(CALLS.announcementSearch, (rc) => {
    const topics = rc.params.list('topics', { max: ANNOUNCEMENT_TOPICS.length });
    const knownTopics: readonly string[] = ANNOUNCEMENT_TOPICS;
    for (const t of topics) {
      if (!knownTopics.includes(t)) {
        throw new ParamError(`topics entries must be among ${ANNOUNCEMENT_TOPICS.join(', ')}`);
      }
    }
    const date = rc.params.intOr('date', 0, { min: 0 });
    const language = rc.params.str('language', { max: 16 }) ?? 'en';
    const locale = toSupportedLocale(language);
    if (locale === undefined) throw new ParamError(`language must be one of ${SUPPORTED_LOCALES.join(', ')}`);
    const limit = rc.params.intOr('limit', 20, { min: 1, max: 100 });
    const hits = announcements
      .filter((h) => h.date_timestamp >= date)
      .filter((h) => topics.length === 0 || h.topics.some((t) => topics.includes(t)))
      .slice(0, limit);
    // Content exists in English only; the locale is validated and echoed so clients can tell.
    return { hits, language: locale, total: hits.length };
  });
};
