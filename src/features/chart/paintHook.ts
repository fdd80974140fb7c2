/**
 * The renderer's ear on lightweight-charts' repaints: a series primitive that draws nothing. The library updates its
 * views before every repaint (the DOM overlays reposition then) and calls its pane renderer while it draws the price
 * pane (the live layer redraws then, in the same frame, so it never lags the library's coordinates).
 */
import type { IPrimitivePaneRenderer, IPrimitivePaneView, ISeriesPrimitive } from 'lightweight-charts';
import { perfMark } from '../../lib/perfMarks';
import { CHART_MARKS } from './marks';

/** A fixed-instance primitive whose only job is to hear about every repaint. */
export class PaintHook implements ISeriesPrimitive {
  private readonly views: readonly IPrimitivePaneView[];

  constructor(
    private readonly onPaint: () => void,
    onDraw: () => void,
  ) {
    const renderer: IPrimitivePaneRenderer = {
      draw: () => {
        perfMark(CHART_MARKS.paint);
        onDraw();
      },
    };
    this.views = [{ renderer: () => renderer }];
  }

  /** Called by the library before each repaint. */
  updateAllViews(): void {
    this.onPaint();
  }

  /** The one pane view, whose renderer reports the draw. */
  paneViews(): readonly IPrimitivePaneView[] {
    return this.views;
  }
}
