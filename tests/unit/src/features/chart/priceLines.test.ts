/** Price lines are matched by id: unchanged ones are left alone, gone ones removed, axis labels toggled. */
import type { CreatePriceLineOptions, IPriceLine, ISeriesApi, SeriesType } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { PriceLineSet, type PriceLineDraw } from '../../../../../src/features/chart/priceLines';

interface FakeLine {
  opts: Partial<CreatePriceLineOptions>;
  removed: boolean;
}

function fakeSeries(): { series: ISeriesApi<SeriesType>; lines: FakeLine[] } {
  const lines: FakeLine[] = [];
  const handles = new Map<IPriceLine, FakeLine>();
  const series = {
    createPriceLine(opts: CreatePriceLineOptions): IPriceLine {
      const l: FakeLine = { opts: { ...opts }, removed: false };
      lines.push(l);
      const handle = {
        applyOptions(o: Partial<CreatePriceLineOptions>): void {
          Object.assign(l.opts, o);
        },
      } as unknown as IPriceLine;
      handles.set(handle, l);
      return handle;
    },
    removePriceLine(line: IPriceLine): void {
      const l = handles.get(line);
      if (l !== undefined) l.removed = true;
    },
  } as unknown as ISeriesApi<SeriesType>;
  return { series, lines };
}

const draw = (id: string, over: Partial<PriceLineDraw> = {}): PriceLineDraw => ({
  id,
  price: 100,
  color: '#ffffff',
  title: '',
  style: 'solid',
  axisLabel: true,
  ...over,
});

describe('PriceLineSet', () => {
  it('creates, keeps, updates and removes lines by id', () => {
    const { series, lines } = fakeSeries();
    const set = new PriceLineSet();
    const a = draw('a');
    set.set(series, [a, draw('b')], false);
    expect(lines).toHaveLength(2);
    set.set(series, [a, draw('b', { price: 101 })], false);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.opts.price).toBe(101);
    set.set(series, [a], false);
    expect(lines[1]?.removed).toBe(true);
    expect([...set.draws()].map((d) => d.id)).toEqual(['a']);
  });

  it('keeps axis labels off while hidden and toggles only lines that have one', () => {
    const { series, lines } = fakeSeries();
    const set = new PriceLineSet();
    set.set(series, [draw('a'), draw('b', { axisLabel: false })], true);
    expect(lines.map((l) => l.opts.axisLabelVisible)).toEqual([false, false]);
    set.showAxisLabels(true);
    expect(lines.map((l) => l.opts.axisLabelVisible)).toEqual([true, false]);
  });

  it('hands back its draws when its series is replaced', () => {
    const { series } = fakeSeries();
    const set = new PriceLineSet();
    set.set(series, [draw('a'), draw('b')], false);
    expect(set.take().map((d) => d.id)).toEqual(['a', 'b']);
    expect([...set.draws()]).toEqual([]);
  });
});
