/**
 * What a Tools sub-view shows (the `tool-{view}` slot): the tool's form over its running / history list for the
 * routed pair; the future spread view (spread/) shows the basis, the combination form and the perpetual positions.
 * Visitors get the login prompt; sub-accounts never reach here (the Tools tab is hidden for them, spec §6).
 */
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { SymbolInfo } from '../../../workers/api';
import { accountFieldAtom, tickerAtom } from '../../hub/state';
import { useHubWant } from '../../hub/useHubWant';
import { botPanelOpenAtom } from '../../session/botPanel';
import { pairLookupAtom, routeAtom, sessionUserAtom } from '../../session/state';
import { Tabs } from '../../ui/Tabs';
import { VisitorPrompt } from '../../ui/VisitorPrompt';
import type { FormTool } from './draft';
import type { ToolView } from './pinnedTools';
import { strategyListTabAtom } from './state';
import { SpreadView } from './spread/SpreadView';
import { StrategyCard } from './StrategyCard';
import { ToolForm } from './ToolForm';
import './tools.css';

/** The future spread page (spec §2: opens in a new window). */
export { FUTURE_SPREAD_PATH } from './spread/SpreadView';

/** A Tools sub-view's content. */
export function ToolContent({ view }: { readonly view: ToolView }): React.JSX.Element | null {
  const user = useAtomValue(sessionUserAtom);
  const lookup = useAtomValue(pairLookupAtom);
  if (user === null || lookup.kind !== 'found') return null;
  if (!user.loggedIn) return <VisitorPrompt />;
  if (view === 'spread') return <SpreadView />;
  return <ToolPane tool={view} symbol={lookup.symbol} />;
}

function ToolPane({
  tool,
  symbol,
}: {
  readonly tool: FormTool;
  readonly symbol: SymbolInfo;
}): React.JSX.Element {
  const { t } = useTranslation('tools');
  useHubWant({ account: true });
  const locale = useAtomValue(routeAtom).locale;
  const ticker = useAtomValue(tickerAtom(symbol.symbol));
  const openBotPanel = useSetAtom(botPanelOpenAtom);
  return (
    <div className="tool-pane" data-testid={`tool-pane-${tool}`}>
      <ToolForm
        tool={tool}
        symbol={symbol}
        locale={locale}
        lastPrice={
          ticker === undefined || !(ticker.last > 0) ? null : ticker.last.toFixed(symbol.pricePrecision)
        }
      />
      {tool === 'grid' && (
        <button
          type="button"
          className="link-btn"
          data-testid="open-bot-panel"
          onClick={() => {
            openBotPanel(true);
          }}
        >
          {t('bot.open')}
        </button>
      )}
      <StrategyList tool={tool} locale={locale} />
    </div>
  );
}

/** The tool's strategies: running or history, newest first. */
function StrategyList({
  tool,
  locale,
}: {
  readonly tool: FormTool;
  readonly locale: string;
}): React.JSX.Element {
  const { t } = useTranslation('tools');
  const strategies = useAtomValue(accountFieldAtom('strategies'));
  const [tab, setTab] = useAtom(strategyListTabAtom);
  const rows = (strategies ?? []).filter(
    (r) => r.strategyType === tool && r.status === (tab === 'running' ? 2 : 3),
  );
  return (
    <section className="strategy-list" data-testid="strategy-list">
      <Tabs
        className="tabs tabs-small"
        keys={['running', 'history'] as const}
        current={tab}
        onSelect={setTab}
        testId={(k) => `strategy-tab-${k}`}
        text={(k) => t(`list.${k}`)}
      />
      {rows.length === 0 ? (
        <p className="muted small empty">{t('list.empty')}</p>
      ) : (
        <ul className="strategy-cards">
          {rows.map((r) => (
            <StrategyCard key={r.strategyId} row={r} locale={locale} base={baseOf(r.symbol)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Base coin of a pair name (the pairs the simulator lists all quote in USDT or USDC). */
export function baseOf(symbol: string): string {
  return symbol.replace(/(USDT|USDC)$/, '');
}
