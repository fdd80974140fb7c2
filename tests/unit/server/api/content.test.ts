import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_KEYS, SUPPORTED_LOCALES, toSupportedLocale } from '../../../../server/api/content';
import { CALLS } from '../../../../workers/protocol/paths';
import { call, resultOf, startHarness, type Harness, type Reply } from './harness';

const DAY_MS = 24 * 3600 * 1000;

function expectParamError(r: Reply, field: string): void {
  expect(r.body).toMatchObject({ code: 10001, success: false });
  expect(String(r.body.message)).toContain(field);
}

interface Hit {
  category: { key: string };
  url: string;
  date_timestamp: number;
  title: string;
  description: string;
  objectID: string;
}

function hitsOf(r: Reply): Hit[] {
  expect(r.body).toMatchObject({ ret_code: 0 });
  const result = r.body.result as { hits?: unknown };
  if (!Array.isArray(result.hits)) throw new Error(`no hits in ${r.text}`);
  return result.hits as Hit[];
}

describe('toSupportedLocale', () => {
  it('knows the 27 locales of spec §9', () => {
    expect(SUPPORTED_LOCALES).toHaveLength(27);
    expect(new Set(SUPPORTED_LOCALES).size).toBe(27);
  });

  it.each([
    ['en', 'en'],
    ['en-US', 'en'],
    ['ar-SA', 'ar'],
    ['PT-br', 'pt'],
    ['zh-CN', 'zh-CN'],
    ['zh_tw', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
  ])('%s → %s', (tag, locale) => {
    expect(toSupportedLocale(tag)).toBe(locale);
  });

  it.each(['xx', 'zh', 'english', 'en-', '', 'de-DE-x'])('refuses %j', (tag) => {
    expect(toSupportedLocale(tag)).toBeUndefined();
  });
});

describe('content routes', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  describe('notice info', () => {
    it('a symbol opening in the future answers the countdown notice', async () => {
      const r = await call(h, CALLS.noticeBySymbolId, { query: { symbol_id: '9' } });
      expect(r.body).toMatchObject({ code: 0, success: true });
      const n = resultOf(r);
      expect(n).toMatchObject({
        noticeType: 1,
        symbolId: 9,
        noticeLinkUrl: '/announcements/new-listing-NEWC',
      });
      expect(n.onlineTime).toBe(h.ctx.startedAt + 10 * 60 * 1000);
      expect(Number(n.onlineTime)).toBeGreaterThan(Number(n.nowTime));
      expect(Math.abs(Number(n.nowTime) - Date.now())).toBeLessThan(5000);
      expect(String(n.noticeContent)).toContain('NEWC/USDT');
    });

    it('an open symbol answers type 0 and online time 0', async () => {
      const n = resultOf(await call(h, CALLS.noticeBySymbolId, { query: { symbol_id: '1' } }));
      expect(n).toMatchObject({ noticeType: 0, onlineTime: 0, symbolId: 1, noticeContent: '' });
      expect(String(n.noticeLinkUrl)).toMatch(/^\/[^/]/);
    });

    it.each([
      [{}],
      [{ symbol_id: 'abc' }],
      [{ symbol_id: 'NaN' }],
      [{ symbol_id: '-1' }],
      [{ symbol_id: '999' }],
    ])('rejects %j naming symbol_id', async (query) => {
      expectParamError(await call(h, CALLS.noticeBySymbolId, { query }), 'symbol_id');
    });
  });

  describe('notice bar', () => {
    it('lists the seeded notices: symbolName (comma list or ALL), info and url', async () => {
      const r = await call(h, CALLS.noticeBar);
      expect(r.body).toMatchObject({ code: 0, success: true });
      const list = resultOf(r).list as { symbolName: string; info: string; url: string }[];
      expect(list).toHaveLength(3);
      expect(list.map((n) => n.symbolName)).toEqual(['ALL', 'BTCUSDT,ETHUSDT', 'ALL']);
      expect(list.filter((n) => n.url === '')).toHaveLength(1);
      for (const n of list) expect(n.info.length).toBeGreaterThan(0);
    });

    it('filters by symbolName', async () => {
      const eth = resultOf(await call(h, CALLS.noticeBar, { query: { symbolName: 'ETH/USDT' } })).list;
      expect(eth).toHaveLength(3);
      const sui = resultOf(await call(h, CALLS.noticeBar, { query: { symbolName: 'SUIUSDT' } })).list;
      expect(sui).toHaveLength(2);
      expectParamError(await call(h, CALLS.noticeBar, { query: { symbolName: 'NOPE' } }), 'symbolName');
    });
  });

  describe('announcement search', () => {
    it('answers the ret envelope with hits across the five categories, newest first', async () => {
      const r = await call(h, CALLS.announcementSearch, { query: { language: 'en' } });
      expect(r.body).toMatchObject({ ret_code: 0, ret_msg: 'OK' });
      const hits = hitsOf(r);
      expect(hits).toHaveLength(8);
      expect(new Set(hits.map((x) => x.category.key))).toEqual(new Set(ANNOUNCEMENT_KEYS));
      const times = hits.map((x) => x.date_timestamp);
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      for (const x of hits) {
        expect(x.url).toMatch(/^\/announcements\//);
        expect(typeof x.objectID).toBe('string');
        expect(typeof x.description).toBe('string');
      }
      // Plain-text titles: the markup characters are data, not HTML.
      expect(hits.some((x) => x.title.includes('<b>'))).toBe(true);
    });

    it('filters by date (last 7 days) and topics', async () => {
      const date = String(h.ctx.startedAt - 7 * DAY_MS);
      const recent = hitsOf(
        await call(h, CALLS.announcementSearch, { query: { topics: 'Spot', date, language: 'en' } }),
      );
      expect(recent.length).toBeGreaterThanOrEqual(4);
      for (const x of recent) expect(x.date_timestamp).toBeGreaterThanOrEqual(Number(date));
      expect(recent.some((x) => x.url.includes('perp-funding'))).toBe(false);
      const all = hitsOf(await call(h, CALLS.announcementSearch, { query: { date, language: 'en' } }));
      expect(all.some((x) => x.url.includes('perp-funding'))).toBe(true);
      const future = hitsOf(
        await call(h, CALLS.announcementSearch, { query: { date: String(h.ctx.startedAt + DAY_MS) } }),
      );
      expect(future).toEqual([]);
    });

    it('accepts every supported locale', async () => {
      for (const language of SUPPORTED_LOCALES) {
        const r = await call(h, CALLS.announcementSearch, { query: { language } });
        expect(r.body.ret_code).toBe(0);
      }
    });

    it.each([
      [{ language: 'xx' }, 'language'],
      [{ language: 'x'.repeat(300) }, 'language'],
      [{ topics: 'Bogus' }, 'topics'],
      [{ date: '-1' }, 'date'],
      [{ date: 'yesterday' }, 'date'],
      [{ limit: '0' }, 'limit'],
    ])('rejects %j naming %s (ret envelope)', async (query, field) => {
      const r = await call(h, CALLS.announcementSearch, { query });
      expect(r.body).toMatchObject({ ret_code: 10001, result: null });
      expect(String(r.body.ret_msg)).toContain(field);
    });
  });
});
