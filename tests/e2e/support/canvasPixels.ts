/**
 * Pixels of an element as the user sees them, from a Playwright screenshot (canvases painted by a worker cannot be
 * read with getContext in the page). A small PNG decoder: 8-bit RGB or RGBA, not interlaced — what Chromium writes.
 */
import { inflateSync } from 'node:zlib';
import type { Locator } from '@playwright/test';

/** Decoded screenshot: `at(x, y)` in CSS px from the element's top left. */
export interface Pixels {
  readonly width: number;
  readonly height: number;
  at(x: number, y: number): readonly [number, number, number];
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Decodes a PNG buffer into RGB(A) rows. */
export function decodePng(png: Buffer): { width: number; height: number; bpp: number; data: Uint8Array } {
  let pos = 8;
  let width = 0;
  let height = 0;
  let bpp = 4;
  const idat: Buffer[] = [];
  while (pos < png.length) {
    const len = png.readUInt32BE(pos);
    const type = png.toString('latin1', pos + 4, pos + 8);
    const body = png.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const colour = body[9];
      if (body[8] !== 8 || (colour !== 2 && colour !== 6) || body[12] !== 0)
        throw new Error('unsupported PNG');
      bpp = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') idat.push(body);
    pos += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  const data = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)] ?? 0;
    const src = y * (stride + 1) + 1;
    for (let x = 0; x < stride; x++) {
      const v = raw[src + x] ?? 0;
      const a = x >= bpp ? (data[y * stride + x - bpp] ?? 0) : 0;
      const b = y > 0 ? (data[(y - 1) * stride + x] ?? 0) : 0;
      const c = x >= bpp && y > 0 ? (data[(y - 1) * stride + x - bpp] ?? 0) : 0;
      const p =
        filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : filter === 4 ? paeth(a, b, c) : 0;
      data[y * stride + x] = (v + p) & 0xff;
    }
  }
  return { width, height, bpp, data };
}

/** The element's pixels at CSS scale. */
export async function pixelsOf(el: Locator): Promise<Pixels> {
  const png = decodePng(await el.screenshot({ scale: 'css' }));
  return {
    width: png.width,
    height: png.height,
    at(x, y) {
      const i = (Math.round(y) * png.width + Math.round(x)) * png.bpp;
      return [png.data[i] ?? 0, png.data[i + 1] ?? 0, png.data[i + 2] ?? 0];
    },
  };
}
