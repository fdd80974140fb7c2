/**
 * The latest-trades renderer: notes which trades are new (for the flash), builds the view's scene and paints only
 * the rows that changed on the page's surface.
 */
import type { TradeRow } from '../../../workers/api';
import { SceneRenderer } from '../../canvas/sceneRenderer';
import type { Surface } from '../../canvas/surface';
import { TradeFlashes, toTradesScene, type TradesSceneInput } from './view';

/** What one draw produced. */
export interface TradesDrawResult {
  readonly rows: number;
  readonly painted: number;
  /** Rows flashing in this frame (draw again next frame while any are). */
  readonly flashing: number;
}

/** Draws the latest trades on one surface. */
export class TradesRenderer {
  private readonly scene: SceneRenderer;
  private readonly flashes = new TradeFlashes();
  private lastList: readonly TradeRow[] | null = null;

  constructor(surface: Surface) {
    this.scene = new SceneRenderer(surface);
  }

  /** Draws `trades` at `now`; `flash` false draws no flashes. */
  draw(
    trades: readonly TradeRow[],
    input: Omit<TradesSceneInput, 'flash'>,
    flash: boolean,
    dpr: number,
    now: number,
  ): TradesDrawResult {
    if (trades !== this.lastList) {
      this.flashes.note(trades, now);
      this.lastList = trades;
    }
    let flashing = 0;
    const scene = toTradesScene(trades, {
      ...input,
      flash: (id) => {
        if (!flash) return 0;
        const s = this.flashes.strength(id, now);
        if (s > 0) flashing++;
        return s;
      },
    });
    const painted = this.scene.update(scene, dpr);
    return { rows: Math.max(0, scene.bands.length - 1), painted, flashing };
  }

  /** Repaint everything on the next draw. */
  invalidate(): void {
    this.scene.invalidate();
  }

  destroy(): void {
    this.scene.destroy();
  }
}
