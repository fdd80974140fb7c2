/**
 * Whether texts drawn by different threads change in the same displayed frame: the header's last price (DOM, main
 * thread), the order book's middle row (a paint worker's OffscreenCanvas) and the chart's price axis (a desynchronized
 * canvas). Each screenshot is one composited frame, as the display shows it. Between two consecutive screenshots a
 * region either changed or did not; regions that change in the same frame change together in every pair, and a
 * region that shows a price a frame later than the header changes in a pair of its own. No OCR: only whether the
 * pixels changed.
 */
import type { Page } from 'playwright-core';
import { decodePng } from './canvasPixels';

/** A region of the viewport in CSS px. */
export interface FrameRegion {
  readonly name: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** How the other regions changed against the first (the reference) over consecutive screenshots. */
export interface SameFrame {
  readonly screens: number;
  /** Consecutive pairs in which the reference changed. */
  readonly changes: number;
  /** Per other region: pairs in which both changed. */
  readonly together: Readonly<Record<string, number>>;
  /** Per other region: pairs in which exactly one of the two changed. */
  readonly apart: Readonly<Record<string, number>>;
  /** Per other region: of `apart`, the pairs in which the region changed and the reference did not. */
  readonly alone: Readonly<Record<string, number>>;
}

/** FNV-1a over the region's RGB bytes. */
function hashRegion(png: ReturnType<typeof decodePng>, r: FrameRegion, ox: number, oy: number): number {
  let h = 0x811c9dc5;
  const x0 = Math.round(r.x - ox);
  const y0 = Math.round(r.y - oy);
  for (let y = y0; y < y0 + Math.round(r.height); y++) {
    const row = y * png.width * png.bpp;
    for (let x = x0; x < x0 + Math.round(r.width); x++) {
      const i = row + x * png.bpp;
      for (let c = 0; c < 3; c++) h = Math.imul(h ^ (png.data[i + c] ?? 0), 0x01000193);
    }
  }
  return h >>> 0;
}

/** Compares consecutive frames' hashes: the first region is the reference. */
export function compareFrames(names: readonly string[], hashes: readonly (readonly number[])[]): SameFrame {
  let changes = 0;
  const together: Record<string, number> = {};
  const apart: Record<string, number> = {};
  const alone: Record<string, number> = {};
  for (const n of names.slice(1)) together[n] = apart[n] = alone[n] = 0;
  for (let i = 1; i < hashes.length; i++) {
    const prev = hashes[i - 1] ?? [];
    const cur = hashes[i] ?? [];
    const moved = (k: number): boolean => prev[k] !== cur[k];
    if (moved(0)) changes++;
    names.forEach((n, k) => {
      if (k === 0) return;
      if (moved(0) && moved(k)) together[n] = (together[n] ?? 0) + 1;
      else if (moved(0) !== moved(k)) {
        apart[n] = (apart[n] ?? 0) + 1;
        if (moved(k)) alone[n] = (alone[n] ?? 0) + 1;
      }
    });
  }
  return { screens: hashes.length, changes, together, apart, alone };
}

/**
 * Screenshots of the union of `regions` for `ms` (each one composited frame, taken as fast as the browser gives them),
 * then compares them: the first region is the reference.
 */
export async function sameFrame(page: Page, regions: readonly FrameRegion[], ms: number): Promise<SameFrame> {
  const x = Math.floor(Math.min(...regions.map((r) => r.x)));
  const y = Math.floor(Math.min(...regions.map((r) => r.y)));
  const clip = {
    x,
    y,
    width: Math.ceil(Math.max(...regions.map((r) => r.x + r.width))) - x,
    height: Math.ceil(Math.max(...regions.map((r) => r.y + r.height))) - y,
    scale: 1,
  };
  const cdp = await page.context().newCDPSession(page);
  const shots: string[] = [];
  const until = Date.now() + ms;
  try {
    while (Date.now() < until)
      shots.push((await cdp.send('Page.captureScreenshot', { format: 'png', clip })).data);
  } finally {
    await cdp.detach();
  }
  const hashes = shots.map((b64) => {
    const png = decodePng(Buffer.from(b64, 'base64'));
    if (png.width !== clip.width || png.height !== clip.height)
      throw new Error(
        `sameFrame: a ${png.width}×${png.height} screenshot for a ${clip.width}×${clip.height} clip`,
      );
    return regions.map((r) => hashRegion(png, r, x, y));
  });
  return compareFrames(
    regions.map((r) => r.name),
    hashes,
  );
}

/**
 * The trade page's three last prices (layout 1 of the book): the header's, the book's middle row, and the chart's
 * price axis (where its last-price label moves).
 */
export async function lastPriceRegions(page: Page): Promise<FrameRegion[]> {
  // No named functions inside: the bench runs this file through tsx, whose names would not exist in the page.
  return page.evaluate(() => {
    const [head, book, cell] = [
      '[data-testid="last-price"]',
      '[data-testid="book-canvas"]',
      '[data-testid="chart-canvas"] table tr:first-child td:last-child',
    ].map((sel) => document.querySelector(sel)?.getBoundingClientRect());
    const asks = Number(document.querySelector('[data-testid="book-canvas"]')?.getAttribute('data-asks'));
    if (head === undefined || book === undefined || cell === undefined || !(asks > 0))
      throw new Error('the header, the book or the chart is not drawn yet');
    // The book's rows: caption 24, the asks at 24 each, then the middle strip (32).
    return [
      { name: 'header', x: head.x, y: head.y, width: head.width, height: head.height },
      { name: 'book', x: book.x, y: book.y + 24 + asks * 24, width: Math.min(160, book.width), height: 32 },
      // Within the viewport: a screenshot's clip that reaches past it is not taken as asked.
      {
        name: 'chart',
        x: cell.x,
        y: cell.y,
        width: cell.width,
        height: Math.min(cell.height, innerHeight - cell.y),
      },
    ];
  });
}

/**
 * `sameFrame` over the trade page's three last prices for `ms`. Throws when a region moved meanwhile (a banner came
 * or went above it): the pixels compared would no longer be the prices.
 */
export async function lastPricesSameFrame(page: Page, ms: number): Promise<SameFrame> {
  const where = (rs: readonly FrameRegion[]): string => rs.map((r) => `${r.name} ${r.x},${r.y}`).join('; ');
  const regions = await lastPriceRegions(page);
  const r = await sameFrame(page, regions, ms);
  const after = where(await lastPriceRegions(page));
  if (after !== where(regions)) throw new Error(`sameFrame: the page moved (${where(regions)} → ${after})`);
  return r;
}
