import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { complianceAtom } from '../../session/compliance';
import { Icon } from '../../ui/Icon';
import { VISITOR } from '../../session/session';
import { sessionUserAtom } from '../../session/state';
import { pinnedTools, type PinnedTool } from './pinnedTools';
import { openToolAtom } from './state';

/** Links out for the icons that are not Tools sub-views (spec §2 Navigation links out). */
function linkFor(tool: PinnedTool, base: string, quote: string): string | null {
  if (tool === 'otc') {
    const q = new URLSearchParams({ fromCoin: quote, toCoin: base, source: 'spot_convert_block_trade' });
    return `/user/assets/otc/index?${q.toString()}`;
  }
  if (tool === 'autoInvest') {
    const q = new URLSearchParams({ source: 'spot', target: base, type: 'crypto' });
    return `/fiat/trade/invest/home?${q.toString()}`;
  }
  return null;
}

/** The pinned tool icons of the left tab bar, filtered by the compliance rules of spec §5. */
export function PinnedToolIcons({
  base,
  quote,
}: {
  readonly base: string;
  readonly quote: string;
}): React.JSX.Element {
  const compliance = useAtomValue(complianceAtom);
  const { t } = useTranslation('tools');
  const user = useAtomValue(sessionUserAtom) ?? VISITOR;
  const openTool = useSetAtom(openToolAtom);
  return (
    <div className="pinned-tools" data-testid="pinned-tools">
      {pinnedTools(compliance, user).map((tool) => {
        const label = t(`tool.${tool}`);
        const href = linkFor(tool, base, quote);
        return href === null ? (
          <button
            key={tool}
            type="button"
            className="icon-btn"
            title={label}
            aria-label={label}
            data-tool={tool}
            onClick={() => {
              if (tool !== 'otc' && tool !== 'autoInvest') openTool(tool);
            }}
          >
            <Icon name={tool} />
          </button>
        ) : (
          <a key={tool} className="icon-btn" href={href} title={label} aria-label={label} data-tool={tool}>
            <Icon name={tool} />
          </a>
        );
      })}
    </div>
  );
}
