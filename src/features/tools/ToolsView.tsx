import { useAtom, useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { complianceAtom } from '../../session/compliance';
import { VISITOR } from '../../session/session';
import { sessionUserAtom } from '../../session/state';
import { Panel } from '../../ui/Panel';
import { Tabs } from '../../ui/Tabs';
import { toolViews, type ToolView } from './pinnedTools';
import { toolViewAtom } from './state';

/** The Tools tab: sub-view tabs (grid bot, iceberg, TWAP, scaled order, future spread) over a `tool-{view}` panel slot. */
export function ToolsView({
  content,
}: {
  readonly content: (view: ToolView) => ReactNode;
}): React.JSX.Element {
  const compliance = useAtomValue(complianceAtom);
  const { t } = useTranslation('tools');
  const user = useAtomValue(sessionUserAtom) ?? VISITOR;
  const [view, setView] = useAtom(toolViewAtom);
  const views = toolViews(compliance, user);
  const active = views.includes(view) ? view : views[0];
  return (
    <div className="tools-view">
      <Tabs
        className="tabs tabs-small"
        keys={views}
        current={active ?? null}
        onSelect={setView}
        text={(v) => t(`tool.${v}`)}
      />
      {active !== undefined && (
        <Panel id={`tool-${active}`} title={t(`tool.${active}`)}>
          {content(active)}
        </Panel>
      )}
    </div>
  );
}
