/**
 * Outbound-link allowlist: every URL that comes from the server (notice-bar links, learn-more links) goes through
 * {@link toSafeHref} before it reaches an `href`. Same-origin paths pass; absolute URLs pass only for the hosts below.
 */

/** Hosts an absolute https link may point to. */
export const ALLOWED_LINK_HOSTS: readonly string[] = [
  'www.bybit.com',
  'announcements.bybit.com',
  'learn.bybit.com',
  'help.bybit.com',
];

/** A safe link target. */
export interface SafeHref {
  readonly href: string;
  /** True for another origin: open in a new tab with rel="noopener noreferrer". */
  readonly external: boolean;
}

/** The URL as a safe href, or null when it is not allowed (scripts, data, other hosts, protocol-relative tricks). */
export function toSafeHref(raw: string, origin: string): SafeHref | null {
  const url = raw.trim();
  if (url === '' || url.length > 2048) return null;
  // Control characters and backslashes let browsers read "/\evil.com" as another host.
  for (let k = 0; k < url.length; k++) {
    const c = url.charCodeAt(k);
    if (c < 0x20 || c === 0x7f || c === 0x5c) return null;
  }
  if (url.startsWith('/') && !url.startsWith('//')) {
    let parsed: URL;
    try {
      parsed = new URL(url, origin);
    } catch {
      return null;
    }
    return parsed.origin === origin
      ? { href: parsed.pathname + parsed.search + parsed.hash, external: false }
      : null;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '') return null;
  if (!ALLOWED_LINK_HOSTS.includes(parsed.hostname)) return null;
  return { href: parsed.href, external: true };
}
