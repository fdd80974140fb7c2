/**
 * Names of the chart's User Timing marks (`src/lib/perfMarks.ts`; recorded only when a bench turned marks on).
 * `bench/chart.bench.ts` reads them back, so both ends take the names from here.
 */

/** The chart's mark names. */
export const CHART_MARKS = {
  /** An interval button was clicked (the start of chart.switchIntervalMs). */
  intervalClick: 'chart.intervalClick',
  /** The frame after a loaded interval's candles were handed to the library (its end). */
  candlesDrawn: 'chart.candlesDrawn',
  /** lightweight-charts drew the price pane (one per repaint; for traces). */
  paint: 'chart.paint',
} as const;
