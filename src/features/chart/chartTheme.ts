/** The chart's frame colours (background, text, grid, pane separators, scale borders) from a theme's tokens. */
import type { ChartOptions, DeepPartial } from 'lightweight-charts';
import type { ColourTokens } from '../../canvas/tokens';

/** Chart options that colour the chart's frame for a theme (series colours are the series'). */
export function chartThemeOptions(tokens: ColourTokens): DeepPartial<ChartOptions> {
  return {
    layout: {
      background: { color: tokens.surface },
      textColor: tokens.textMuted,
      panes: { separatorColor: tokens.border },
    },
    grid: { vertLines: { color: tokens.border }, horzLines: { color: tokens.border } },
    rightPriceScale: { borderColor: tokens.border },
    timeScale: { borderColor: tokens.border },
  };
}
