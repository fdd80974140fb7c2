/**
 * The bot (grid) orders panel (spec §2 Orders panel): shown in the position slot instead of the standard orders
 * panel, with a back arrow to it. Running grids are refetched every 3 s while it is open (spec §9 "Bot panel
 * refresh 3 s": their P&L moves with the price, not only on pushes); history on opening the tab.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toStrategyRow, type StrategyRow } from '../../../workers/protocol/strategy';
import { useHubWant } from '../../hub/useHubWant';
import { postCall, resultOf } from '../../session/api';
import { botPanelOpenAtom } from '../../session/botPanel';
import { routeAtom } from '../../session/state';
import { Icon } from '../../ui/Icon';
import { Tabs } from '../../ui/Tabs';
import { useErrorToast } from '../../ui/useErrorToast';
import { StrategyCard } from './StrategyCard';
import { baseOf } from './ToolContent';
import './tools.css';

/** Bot panel refresh (spec §9). */
export const BOT_PANEL_REFRESH_MS = 3000;

/** The bot orders panel. */
export function BotOrdersPanel(): React.JSX.Element {
  const { t } = useTranslation('tools');
  useHubWant({ account: true });
  const close = useSetAtom(botPanelOpenAtom);
  const locale = useAtomValue(routeAtom).locale;
  const [tab, setTab] = useState<'running' | 'history'>('running');
  const [rows, setRows] = useState<readonly StrategyRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useErrorToast(error);

  useEffect(() => {
    let alive = true;
    const ctl = new AbortController();
    const status = tab === 'running' ? 2 : 3;
    const load = async (): Promise<void> => {
      try {
        const body = await postCall(
          'strategyList',
          { status, category: ['grid'], pageSize: status === 2 ? 80 : 20 },
          ctl.signal,
        );
        const list = resultOf(body)?.list;
        if (!alive) return;
        if (!Array.isArray(list)) {
          setError(t('bot.loadFailed'));
          return;
        }
        setError(null);
        setRows(list.map((x) => toStrategyRow(x)).filter((r): r is StrategyRow => r !== undefined));
      } catch {
        if (alive && !ctl.signal.aborted) setError(t('bot.loadFailed'));
      }
    };
    void load();
    const timer = status === 2 ? setInterval(() => void load(), BOT_PANEL_REFRESH_MS) : null;
    return () => {
      alive = false;
      ctl.abort();
      if (timer !== null) clearInterval(timer);
    };
  }, [tab, t]);

  return (
    <div className="orders-panel bot-panel" data-testid="bot-panel">
      <div className="orders-head">
        <button
          type="button"
          className="icon-btn bot-back"
          aria-label={t('bot.back')}
          title={t('bot.back')}
          data-testid="bot-back"
          onClick={() => {
            close(false);
          }}
        >
          <Icon name="back" />
        </button>
        <span className="bot-title">{t('bot.title')}</span>
        <Tabs
          className="tabs orders-tabs"
          keys={['running', 'history'] as const}
          current={tab}
          onSelect={setTab}
          testId={(k) => `bot-tab-${k}`}
          text={(k) => t(`list.${k}`)}
        />
      </div>
      {rows === null ? null : rows.length === 0 ? (
        <p className="muted small empty">{t('list.empty')}</p>
      ) : (
        <ul className="strategy-cards bot-cards">
          {rows.map((r) => (
            <StrategyCard key={r.strategyId} row={r} locale={locale} base={baseOf(r.symbol)} />
          ))}
        </ul>
      )}
    </div>
  );
}
