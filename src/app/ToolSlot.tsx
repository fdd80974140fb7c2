import type { ToolView } from '../features/tools/pinnedTools';
import { TOOL_CONTENT } from './panels';

/** Renders a Tools sub-view's registered content (nothing until a tool feature is registered). */
export function ToolSlot({ view }: { readonly view: ToolView }): React.JSX.Element | null {
  const Content = TOOL_CONTENT;
  return Content === null ? null : <Content view={view} />;
}
