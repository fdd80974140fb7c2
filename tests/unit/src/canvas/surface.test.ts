/** The Canvas2D surface, the scene diffing and the backend choice. */
import { describe, expect, it } from 'vitest';
import {
  bootRenderer,
  chooseBackend,
  isSoftwareRenderer,
  parseBackend,
} from '../../../../src/canvas/backend';
import { Canvas2DSurface } from '../../../../src/canvas/canvas2dSurface';
import type { Band, Scene } from '../../../../src/canvas/scene';
import { sameBand } from '../../../../src/canvas/scene';
import { SceneRenderer } from '../../../../src/canvas/sceneRenderer';
import { recorder, texts } from './recorder';

function row(y: number, label: string, colour = '#ffffff'): Band {
  return {
    x: 0,
    y,
    w: 100,
    h: 24,
    background: '#000000',
    shapes: [
      { kind: 'rect', x: 50, y, w: 50, h: 22, colour: '#113311' },
      { kind: 'text', text: label, x: 8, y: y + 11, colour, align: 'left', font: 'row', digits: true },
    ],
  };
}

function scene(labels: readonly string[]): Scene {
  return { width: 100, height: 200, background: '#000000', bands: labels.map((l, i) => row(i * 24, l)) };
}

describe('backend choice', () => {
  it('takes ?backend=webgl|canvas from the URL, else WebGL only when it is fast', () => {
    expect(parseBackend('?backend=webgl')).toBe('webgl');
    expect(parseBackend('?backend=canvas')).toBe('canvas');
    expect(parseBackend('?backend=webgpu')).toBeNull();
    expect(chooseBackend('', () => false)).toBe('canvas');
    expect(chooseBackend('', () => true)).toBe('webgl');
    expect(chooseBackend('?backend=canvas', () => true)).toBe('canvas');
    expect(chooseBackend('?backend=webgl', () => false)).toBe('webgl');
  });

  it("reads the boot worker's WebGL answer only when it is a renderer string", () => {
    expect(bootRenderer({ bootWebGL: 'ANGLE (NVIDIA GeForce RTX 3060)' })).toBe(
      'ANGLE (NVIDIA GeForce RTX 3060)',
    );
    expect(bootRenderer({ bootWebGL: '' })).toBe('');
    expect(bootRenderer({})).toBeUndefined();
    expect(bootRenderer({ bootWebGL: { toString: () => 'x' } })).toBeUndefined();
  });

  it('treats software rasterisers as slow WebGL', () => {
    expect(
      isSoftwareRenderer('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)'),
    ).toBe(true);
    expect(isSoftwareRenderer('llvmpipe (LLVM 15.0.6, 256 bits)')).toBe(true);
    expect(isSoftwareRenderer('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0)')).toBe(
      false,
    );
  });
});

describe('Canvas2D surface', () => {
  it('draws in whole device pixels at devicePixelRatio 1.5, fonts scaled', () => {
    const ctx = recorder();
    const canvas = { width: 0, height: 0 };
    const s = new Canvas2DSurface(ctx, canvas);
    s.resize(101, 50, 1.5, '#000000');
    expect(canvas).toEqual({ width: 152, height: 75 });
    s.paint(0, row(3, '1.5'));
    for (const o of ctx.ops) {
      expect(Number.isInteger(o.x), JSON.stringify(o)).toBe(true);
      expect(Number.isInteger(o.y), JSON.stringify(o)).toBe(true);
    }
    const t = texts(ctx.ops)[0];
    expect(t?.font).toMatch(/^18px /);
    expect(t?.x).toBe(12);
    expect(t?.y).toBe(21);
  });

  it('stays on whole device pixels at devicePixelRatio 3', () => {
    const ctx = recorder();
    const s = new Canvas2DSurface(ctx, { width: 0, height: 0 });
    s.resize(101, 50, 3, '#000000');
    s.paint(0, row(3, '3'));
    expect(ctx.ops.every((o) => Number.isInteger(o.x) && Number.isInteger(o.y))).toBe(true);
    expect(texts(ctx.ops)[0]?.font).toMatch(/^36px /);
  });

  it('clears an emptied band to the scene background', () => {
    const ctx = recorder();
    const s = new Canvas2DSurface(ctx);
    s.resize(100, 100, 1, '#101010');
    s.paint(3, row(24, 'x'));
    ctx.ops.length = 0;
    s.paint(3, null);
    expect(ctx.ops).toEqual([{ op: 'rect', fill: '#101010', x: 0, y: 24, w: 100, h: 24, alpha: 1 }]);
  });

  it('writes context state only when it changes, and again after a resize resets it', () => {
    const ctx = recorder();
    const writes = { font: 0, fillStyle: 0, textAlign: 0, textBaseline: 0, globalAlpha: 0 };
    for (const key of Object.keys(writes) as (keyof typeof writes)[]) {
      let v: unknown = ctx[key];
      Object.defineProperty(ctx, key, {
        get: () => v,
        set: (x: unknown) => {
          writes[key]++;
          v = x;
        },
      });
    }
    const canvas = { width: 0, height: 0 };
    const s = new Canvas2DSurface(ctx, canvas);
    const labels = ['1', '2', '3', '4', '5', '6'];
    new SceneRenderer(s).update(scene(labels), 1);
    // Six rows, each a background, a bar and a text: the font, baseline, alignment and alpha are written once for
    // all, the fill at each colour change (the canvas background once, which the first row's background repeats,
    // then a bar, a text and the next row's background: 1 + 2 + 5 × 3).
    expect(texts(ctx.ops).map((o) => [o.text, o.fill, o.font, o.align])).toEqual(
      labels.map((l) => [l, '#ffffff', expect.stringMatching(/^12px /) as unknown, 'left']),
    );
    expect(writes.font).toBe(1);
    expect(writes.textBaseline).toBe(1);
    expect(writes.textAlign).toBe(1);
    expect(writes.globalAlpha).toBe(1);
    expect(writes.fillStyle).toBe(labels.length * 3);
    // A resize resets a real context's state (width and height assignments do), so the next paint writes it again.
    s.resize(120, 200, 1, '#000000');
    s.paint(0, row(0, 'x'));
    expect(writes.font).toBe(2);
    expect(writes.textBaseline).toBe(2);
    expect(texts(ctx.ops).at(-1)).toMatchObject({ text: 'x', fill: '#ffffff', align: 'left' });
  });
});

describe('scene renderer', () => {
  it('repaints only the bands that changed, everything after a size change', () => {
    const ctx = recorder();
    const r = new SceneRenderer(new Canvas2DSurface(ctx));
    expect(r.update(scene(['1', '2', '3']), 1)).toBe(3);
    expect(r.update(scene(['1', '2', '3']), 1)).toBe(0);
    ctx.ops.length = 0;
    expect(r.update(scene(['1', '9', '3']), 1)).toBe(1);
    expect(texts(ctx.ops).map((o) => o.text)).toEqual(['9']);
    expect(r.update(scene(['1', '9']), 1)).toBe(1);
    expect(r.update(scene(['1', '9']), 2)).toBe(2);
    r.invalidate();
    expect(r.update(scene(['1', '9']), 2)).toBe(2);
  });

  it('clears vacated strips before painting, so a band moving into a vacated strip stays painted', () => {
    const ctx = recorder();
    const r = new SceneRenderer(new Canvas2DSurface(ctx));
    // Layout 2 → 3: rows at the same y change band ids (bids were ids 3.., asks now ids 0..).
    const at = (ids: readonly number[]): Scene => {
      const bands: (Band | null)[] = [];
      ids.forEach((id, k) => {
        bands[id] = row(k * 24, `r${id}`);
      });
      for (let i = 0; i < bands.length; i++) bands[i] ??= null;
      return { width: 100, height: 200, background: '#000000', bands };
    };
    r.update(at([3, 4]), 1);
    ctx.ops.length = 0;
    r.update(at([0, 1]), 1);
    const lastAt = (y: number) => ctx.ops.filter((o) => o.y <= y && y < o.y + (o.h ?? 24)).at(-1);
    // The last thing drawn over each row is its text or bar, not a clear to the background.
    expect(texts(ctx.ops).map((o) => o.text)).toEqual(['r0', 'r1']);
    expect(lastAt(11)?.op).toBe('text');
    expect(lastAt(35)?.op).toBe('text');
  });

  it('compares bands by what they paint', () => {
    expect(sameBand(row(0, 'a'), row(0, 'a'))).toBe(true);
    expect(sameBand(row(0, 'a'), row(0, 'b'))).toBe(false);
    expect(sameBand(row(0, 'a'), row(0, 'a', '#ff0000'))).toBe(false);
    expect(sameBand(row(0, 'a'), row(24, 'a'))).toBe(false);
    expect(sameBand(null, null)).toBe(true);
    expect(sameBand(null, row(0, 'a'))).toBe(false);
  });
});
