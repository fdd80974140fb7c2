/**
 * The price lines on the chart: the average buy/sell lines (spec §9), tool previews (scaled-order pre-orders, grid
 * levels) and the open orders' axis labels (`OrderLines` reports them), handed to the renderer as one list.
 */
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOKENS, type Theme } from '../../canvas/tokens';
import { hubClient } from '../../hub/client';
import type { ChartRenderer } from './ChartRenderer';
import type { KlineConfig } from './config';
import { averageLegend, gridPriceLevels } from './lines';
import type { PriceLineDraw } from './priceLines';
import { toolPreviewLinesAtom } from '../../session/toolLines';

/** What the lines depend on. */
export interface PriceLineRequest {
  readonly renderer: ChartRenderer | null;
  readonly loggedIn: boolean;
  readonly simple: boolean;
  readonly symbol: string;
  /** The account's averages counter (bumped when an average changed). */
  readonly averagesVersion: number;
  readonly display: KlineConfig['display'];
  readonly theme: Theme;
}

/** Keeps the renderer's price lines: the average lines shown, and the setter `OrderLines` reports its lines to. */
export function usePriceLines({
  renderer,
  loggedIn,
  simple,
  symbol,
  averagesVersion,
  display: d,
  theme,
}: PriceLineRequest): {
  readonly avgLines: readonly PriceLineDraw[];
  /** The tool lines drawn (scaled pre-orders, grid levels). */
  readonly toolLines: readonly PriceLineDraw[];
  readonly setOrderLineDraws: (draws: readonly PriceLineDraw[]) => void;
} {
  const { t } = useTranslation('chart');
  const tools = useAtomValue(toolPreviewLinesAtom);
  const [avgLines, setAvgLines] = useState<readonly PriceLineDraw[]>([]);
  const [orderLineDraws, setOrderLineDraws] = useState<readonly PriceLineDraw[]>([]);

  // Average buy/sell lines: shown when toggled on and the average is above 0; re-asked on each averages change.
  useEffect(() => {
    if (!loggedIn || simple || (d.avgBuyLine === 'hide' && d.avgSellLine === 'hide')) {
      setAvgLines([]);
      return;
    }
    let alive = true;
    const hub = hubClient().remote();
    const tokens = TOKENS[theme];
    const legend = (days: number): string => {
      const l = averageLegend(days);
      return l.key === 'lastNDays'
        ? t('avg.lastNDays', { n: l.n })
        : t(l.n === 1 ? 'avg.lastYear' : 'avg.lastNYears', { n: l.n });
    };
    // One call at a time: the hub keeps one day span per side, so concurrent calls with different spans race.
    void (async () => {
      const b = d.avgBuyLine === 'show' ? await hub.averages(symbol, d.avgBuyLineDays) : null;
      const s = d.avgSellLine === 'show' ? await hub.averages(symbol, d.avgSellLineDays) : null;
      return [b, s] as const;
    })().then(([b, s]) => {
      if (!alive) return;
      const out: PriceLineDraw[] = [];
      const buy = b?.buy;
      const sell = s?.sell;
      if (buy?.positive === true)
        out.push({
          id: 'avg-buy',
          price: Number(buy.price),
          color: tokens.up,
          title: `${t('avg.buy')} · ${legend(buy.days)}`,
          style: 'dashed',
          axisLabel: true,
        });
      if (sell?.positive === true)
        out.push({
          id: 'avg-sell',
          price: Number(sell.price),
          color: tokens.down,
          title: `${t('avg.sell')} · ${legend(sell.days)}`,
          style: 'dashed',
          axisLabel: true,
        });
      setAvgLines(out);
    });
    return () => {
      alive = false;
    };
  }, [
    loggedIn,
    simple,
    symbol,
    averagesVersion,
    d.avgBuyLine,
    d.avgBuyLineDays,
    d.avgSellLine,
    d.avgSellLineDays,
    theme,
    t,
  ]);

  // Tool previews: scaled-order pre-orders and grid levels.
  const toolLines = useMemo((): PriceLineDraw[] => {
    const tokens = TOKENS[theme];
    const out: PriceLineDraw[] = tools.scaled.map((s, i) => ({
      id: `scaled-${i}`,
      price: s.price,
      color: s.side === 'Buy' ? tokens.up : tokens.down,
      title: t('lines.preOrder'),
      style: 'dotted',
      axisLabel: false,
    }));
    if (tools.grid !== null && d.grid === 'show')
      gridPriceLevels(tools.grid).forEach((p, i) => {
        out.push({
          id: `grid-${i}`,
          price: p,
          color: tokens.accent,
          title: i === 0 ? t('lines.grid') : '',
          style: 'dotted',
          axisLabel: false,
        });
      });
    return out;
  }, [tools, d.grid, theme, t]);

  useEffect(() => {
    renderer?.setPriceLines([...avgLines, ...toolLines, ...orderLineDraws]);
  }, [renderer, avgLines, toolLines, orderLineDraws]);

  return { avgLines, toolLines, setOrderLineDraws };
}
