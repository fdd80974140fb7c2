import { afterAll, describe, expect, it } from 'vitest';

/** Just enough of the DOM for the wrapper: elements with attributes and a parent, canvases that record requests. */
class FakeElement {
  readonly attrs = new Set<string>();
  constructor(readonly parent: FakeElement | null = null) {}
  setAttribute(name: string): void {
    this.attrs.add(name);
  }
  hasAttribute(name: string): boolean {
    return this.attrs.has(name);
  }
  closest(selector: string): FakeElement | null {
    const name = /^\[([\w-]+)\]$/.exec(selector)?.[1] ?? '';
    return this.attrs.has(name) ? this : (this.parent?.closest(selector) ?? null);
  }
}
const requests: [string, unknown][] = [];
class FakeCanvas extends FakeElement {
  getContext(id: string, options?: unknown): object {
    requests.push([id, options]);
    return {};
  }
}
const saved = (globalThis as { HTMLCanvasElement?: unknown }).HTMLCanvasElement;
(globalThis as { HTMLCanvasElement?: unknown }).HTMLCanvasElement = FakeCanvas;
const { desyncCanvasesIn, keepInCommit } = await import('../../../../../src/features/chart/desyncCanvas');
afterAll(() => {
  (globalThis as { HTMLCanvasElement?: unknown }).HTMLCanvasElement = saved;
});

describe('desyncCanvasesIn', () => {
  it('adds desynchronized to 2D contexts inside the marked root only, keeping the caller options', () => {
    const root = new FakeElement();
    const inside = new FakeCanvas(new FakeElement(root));
    const outside = new FakeCanvas(new FakeElement());
    desyncCanvasesIn(root as unknown as HTMLElement);
    inside.getContext('2d', { colorSpace: 'display-p3' });
    inside.getContext('2d');
    inside.getContext('webgl', { alpha: false });
    outside.getContext('2d', { alpha: false });
    expect(requests).toEqual([
      ['2d', { colorSpace: 'display-p3', desynchronized: true }],
      ['2d', { desynchronized: true }],
      ['webgl', { alpha: false }],
      ['2d', { alpha: false }],
    ]);
  });

  it('covers canvases added to the root later, and wraps getContext once for any number of roots', () => {
    const wrapped: unknown = Reflect.get(FakeCanvas.prototype, 'getContext');
    const second = new FakeElement();
    desyncCanvasesIn(second as unknown as HTMLElement);
    expect(Reflect.get(FakeCanvas.prototype, 'getContext')).toBe(wrapped);
    requests.length = 0;
    new FakeCanvas(second).getContext('2d');
    expect(requests).toEqual([['2d', { desynchronized: true }]]);
  });

  it('leaves a canvas kept in the commit as it is, inside the marked root too', () => {
    const root = new FakeElement();
    desyncCanvasesIn(root as unknown as HTMLElement);
    const kept = new FakeCanvas(root);
    keepInCommit(kept as unknown as HTMLCanvasElement);
    requests.length = 0;
    kept.getContext('2d', { alpha: true });
    new FakeCanvas(root).getContext('2d');
    expect(requests).toEqual([
      ['2d', { alpha: true }],
      ['2d', { desynchronized: true }],
    ]);
  });
});
