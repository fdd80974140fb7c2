import { useAtom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/Icon';
import { VISITOR } from '../../session/session';
import { sessionUserAtom } from '../../session/state';
import { hasTools } from './pinnedTools';
import { PinnedToolIcons } from './PinnedToolIcons';
import { tradeTabAtom } from './state';
import { TradePreferencePopover } from './TradePreferencePopover';

/** The tab bar over the order panel: Trade and Tools tabs, pinned tool icons, the tools toggle and preferences. */
export function LeftTabBar({
  base,
  quote,
}: {
  readonly base: string;
  readonly quote: string;
}): React.JSX.Element {
  const { t } = useTranslation('tools');
  const [tab, setTab] = useAtom(tradeTabAtom);
  const user = useAtomValue(sessionUserAtom) ?? VISITOR;
  const tools = hasTools(user);

  // Sub-accounts are forced back to Trade (spec §4 tab setter).
  useEffect(() => {
    if (!tools && tab === 'tools') setTab('trade');
  }, [tools, tab, setTab]);

  return (
    <div className="left-tab-bar" data-testid="left-tab-bar">
      <div className="tabs" role="tablist">
        <button
          type="button"
          role="tab"
          className="tab"
          aria-selected={tab === 'trade'}
          onClick={() => {
            setTab('trade');
          }}
        >
          {t('tab.trade')}
        </button>
        {tools && (
          <button
            type="button"
            role="tab"
            className="tab"
            aria-selected={tab === 'tools'}
            onClick={() => {
              setTab('tools');
            }}
          >
            {t('tab.tools')}
          </button>
        )}
      </div>
      <div className="left-tab-icons">
        <PinnedToolIcons base={base} quote={quote} />
        {tools && (
          <button
            type="button"
            className={`icon-btn${tab === 'tools' ? ' is-on' : ''}`}
            aria-label={t('tab.tools')}
            title={t('tab.tools')}
            aria-pressed={tab === 'tools'}
            onClick={() => {
              setTab(tab === 'tools' ? 'trade' : 'tools');
            }}
          >
            <Icon name="tools" />
          </button>
        )}
        <TradePreferencePopover />
      </div>
    </div>
  );
}
