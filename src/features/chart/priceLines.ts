/**
 * The horizontal price lines lightweight-charts draws on the main series (averages, tool previews, order lines' axis
 * labels), matched by id so an unchanged line is never recreated.
 */
import { LineStyle, type IPriceLine, type ISeriesApi, type SeriesType } from 'lightweight-charts';

/** A horizontal line drawn by lightweight-charts (averages, tool previews, order lines' axis labels). */
export interface PriceLineDraw {
  readonly id: string;
  readonly price: number;
  readonly color: string;
  readonly title: string;
  readonly style: 'solid' | 'dashed' | 'dotted';
  /** Show the price on the axis. */
  readonly axisLabel: boolean;
}

const STYLE: Readonly<Record<PriceLineDraw['style'], LineStyle>> = {
  solid: LineStyle.Solid,
  dotted: LineStyle.Dotted,
  dashed: LineStyle.Dashed,
};

/** The library's dash patterns (getDashPattern) in units of the line width. */
export const DASH: Readonly<Record<PriceLineDraw['style'], readonly number[]>> = {
  solid: [],
  dotted: [1, 1],
  dashed: [2, 2],
};

/** The price lines of one main series, keyed by id. */
export class PriceLineSet {
  private readonly lines = new Map<string, { line: IPriceLine; draw: PriceLineDraw }>();

  /** The lines' draws, in the order they were first set. */
  *draws(): Generator<PriceLineDraw, void, undefined> {
    for (const v of this.lines.values()) yield v.draw;
  }

  /**
   * Sets every line on `series`: lines not in `draws` are removed, new ones created, changed ones updated.
   * `hideAxisLabels` keeps the axis labels off (live mode draws them itself).
   */
  set(series: ISeriesApi<SeriesType>, draws: readonly PriceLineDraw[], hideAxisLabels: boolean): void {
    const keep = new Set(draws.map((d) => d.id));
    for (const [id, v] of this.lines)
      if (!keep.has(id)) {
        series.removePriceLine(v.line);
        this.lines.delete(id);
      }
    for (const d of draws) {
      const opts = {
        id: d.id,
        price: d.price,
        color: d.color,
        title: d.title,
        lineStyle: STYLE[d.style],
        lineWidth: 1 as const,
        axisLabelVisible: d.axisLabel && !hideAxisLabels,
      };
      const cur = this.lines.get(d.id);
      if (cur === undefined) this.lines.set(d.id, { line: series.createPriceLine(opts), draw: d });
      else if (cur.draw !== d) {
        cur.line.applyOptions(opts);
        cur.draw = d;
      }
    }
  }

  /** Shows or hides the axis labels of the lines that have one. */
  showAxisLabels(on: boolean): void {
    for (const { line, draw } of this.lines.values())
      if (draw.axisLabel) line.applyOptions({ axisLabelVisible: on });
  }

  /** Forgets every line (their series is gone) and returns their draws, to set them again on the new one. */
  take(): PriceLineDraw[] {
    const draws = Array.from(this.lines.values(), (v) => v.draw);
    this.lines.clear();
    return draws;
  }
}
