/** Route resolution of spec §2: every URL either shows a page or names the URL to replace it with. Pure. */

/** The 27 supported locales (spec §9; zh simplified and traditional). */
export const SUPPORTED_LOCALES = [
  'en',
  'ar-SA',
  'pt-BR',
  'ca-ES',
  'cs-CZ',
  'de-DE',
  'es-ES',
  'fa-IR',
  'fr-FR',
  'he-IL',
  'hu-HU',
  'id-ID',
  'it-IT',
  'ja-JP',
  'ko-KR',
  'ms-MY',
  'pl-PL',
  'ru-RU',
  'sv-SE',
  'th-TH',
  'tr-TR',
  'vi-VN',
  'zh-CN',
  'zh-TW',
  'el-GR',
  'nl-NL',
  'ro-RO',
] as const;
/** One supported locale. */
export type Locale = (typeof SUPPORTED_LOCALES)[number];

/** Quote token of the default pair. */
export const DEFAULT_QUOTE = 'USDT';

/** A page to show, or a redirect. */
export type Route =
  | { readonly kind: 'spot'; readonly locale: Locale; readonly base: string; readonly quote: string }
  | { readonly kind: 'lt'; readonly locale: Locale; readonly base: string; readonly quote: string }
  | { readonly kind: 'redirect'; readonly to: string };

/** A route that shows a page. */
export type PageRoute = Exclude<Route, { kind: 'redirect' }>;

/** True for ar-SA, the one right-to-left locale (spec §2). */
export function isRtl(locale: Locale): boolean {
  return locale === 'ar-SA';
}

/** Matches a locale tag exactly or by language ("ar" → "ar-SA", "zh-Hant" → "zh-TW"); undefined if none. */
export function matchLocale(tag: string | null | undefined): Locale | undefined {
  if (tag === null || tag === undefined || tag === '') return undefined;
  const lower = tag.toLowerCase();
  const exact = SUPPORTED_LOCALES.find((l) => l.toLowerCase() === lower);
  if (exact !== undefined) return exact;
  if (lower === 'zh-hant' || lower === 'zh-hk' || lower === 'zh-mo') return 'zh-TW';
  const lang = lower.split('-')[0];
  return SUPPORTED_LOCALES.find((l) => l.toLowerCase().split('-')[0] === lang);
}

/** The locale to use: stored, else detected, else en (spec §2). */
export function normaliseLocale(stored: string | null, detected: readonly string[]): Locale {
  return matchLocale(stored) ?? detected.map(matchLocale).find((l) => l !== undefined) ?? 'en';
}

const TOKEN = /^[A-Za-z0-9]{1,20}$/;

/** The canonical URL of a pair's spot page (or its LT page). */
export function pairUrl(locale: Locale, base: string, quote: string, lt = false): string {
  return `/${locale}/trade/spot/${lt ? 'lt/' : ''}${base.toUpperCase()}/${quote.toUpperCase()}`;
}

/** Resolves a pathname against spec §2's routes. */
export function resolveRoute(pathname: string, stored: string | null, detected: readonly string[]): Route {
  const parts = pathname.split('/').filter((p) => p !== '');
  const fallback = normaliseLocale(stored, detected);
  const btc = (l: Locale): Route => ({ kind: 'redirect', to: pairUrl(l, 'BTC', DEFAULT_QUOTE) });
  // /trade/spot/... without a locale prefix
  if (parts[0] === 'trade' && parts[1] === 'spot') {
    const rest = parts.slice(2);
    if (rest.length === 2 && TOKEN.test(rest[0] ?? '') && TOKEN.test(rest[1] ?? '')) {
      return { kind: 'redirect', to: pairUrl(fallback, rest[0] ?? '', rest[1] ?? '') };
    }
    if (rest.length === 3 && rest[0] === 'lt' && TOKEN.test(rest[1] ?? '') && TOKEN.test(rest[2] ?? '')) {
      return { kind: 'redirect', to: pairUrl(fallback, rest[1] ?? '', rest[2] ?? '', true) };
    }
    return btc(fallback);
  }
  const [first, second, third, ...rest] = parts;
  const locale = matchLocale(first);
  if (second === 'trade' && third === 'spot') {
    if (locale === undefined || locale !== first) {
      // An invalid or non-canonical locale is normalised, keeping the rest of the path.
      const l = locale ?? fallback;
      const again = resolveRoute(`/trade/spot/${rest.join('/')}`, l, []);
      return again.kind === 'redirect' ? again : btc(l);
    }
    if (rest.length === 2 && TOKEN.test(rest[0] ?? '') && TOKEN.test(rest[1] ?? '')) {
      const [base = '', quote = ''] = rest;
      if (base !== base.toUpperCase() || quote !== quote.toUpperCase())
        return { kind: 'redirect', to: pairUrl(locale, base, quote) };
      return { kind: 'spot', locale, base, quote };
    }
    if (rest.length === 3 && rest[0] === 'lt' && TOKEN.test(rest[1] ?? '') && TOKEN.test(rest[2] ?? '')) {
      const [, base = '', quote = ''] = rest;
      if (base !== base.toUpperCase() || quote !== quote.toUpperCase())
        return { kind: 'redirect', to: pairUrl(locale, base, quote, true) };
      return { kind: 'lt', locale, base, quote };
    }
    return btc(locale);
  }
  return btc(locale !== undefined && locale === first ? locale : fallback);
}
