import { PANEL_CONTENT, type PanelSlotId } from './panels';

/** Renders whatever the registry puts in a panel slot (nothing until a feature is registered). */
export function PanelSlot({ id }: { readonly id: PanelSlotId }): React.JSX.Element | null {
  const Content = PANEL_CONTENT[id];
  return Content === null ? null : <Content />;
}
