import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GridLayout, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { Icon } from '../../ui/Icon';
import {
  GRID,
  layoutWidth,
  mirrorLayout,
  resolveLayout,
  type GridPanelId,
  type PanelLayoutItem,
} from './grid';
import { Panel } from '../../ui/Panel';
import {
  layoutCustomisedAtom,
  orderBookVisibleAtom,
  savedLayoutAtom,
  saveLayoutAtom,
  setOrderBookVisibleAtom,
} from './state';
import type { PageSize } from './usePageSize';

const TITLE_KEY = {
  chart: 'panel.chart',
  orderbook: 'panel.orderbook',
  position: 'panel.position',
} as const satisfies Record<GridPanelId, string>;

function isGridPanelId(i: string): i is GridPanelId {
  return i === 'chart' || i === 'orderbook' || i === 'position';
}

/**
 * The draggable, resizable grid of chart, order book and position panels (spec §2, §4, §9). Right-to-left pages get
 * the layout mirrored and fixed. A drag or resize the user finishes is saved and marks the layout customised.
 */
export function PanelGrid({
  page,
  rtl,
  content,
  chartOverlay,
}: {
  readonly page: PageSize;
  readonly rtl: boolean;
  readonly content: Readonly<Record<GridPanelId, ReactNode>>;
  readonly chartOverlay?: ReactNode;
}): React.JSX.Element {
  const { t } = useTranslation('layout');
  const orderBookVisible = useAtomValue(orderBookVisibleAtom);
  const customised = useAtomValue(layoutCustomisedAtom);
  const saved = useAtomValue(savedLayoutAtom);
  const save = useSetAtom(saveLayoutAtom);
  const setOrderBookVisible = useSetAtom(setOrderBookVisibleAtom);

  const items = useMemo(() => {
    const l = resolveLayout({
      pageWidth: page.width,
      viewportHeight: page.height,
      orderBookVisible,
      customised,
      saved,
    });
    return rtl ? mirrorLayout(l) : l;
  }, [page.width, page.height, orderBookVisible, customised, saved, rtl]);

  const layout = useMemo<Layout>(() => items.map((it) => ({ ...it })), [items]);

  const onUserChange = useCallback(
    (next: Layout) => {
      const kept: PanelLayoutItem[] = [];
      for (const it of next) {
        if (isGridPanelId(it.i)) kept.push({ i: it.i, x: it.x, y: it.y, w: it.w, h: it.h });
      }
      save(kept);
    },
    [save],
  );

  return (
    <GridLayout
      className="panel-grid"
      width={layoutWidth(page.width)}
      layout={layout}
      gridConfig={{
        cols: GRID.cols,
        rowHeight: GRID.rowHeight,
        margin: GRID.margin,
        containerPadding: [0, 0],
      }}
      dragConfig={{ enabled: !rtl, handle: '.panel-drag', cancel: 'button, a, input, select, [role="tab"]' }}
      resizeConfig={{ enabled: !rtl, handles: ['se'] }}
      onDragStop={onUserChange}
      onResizeStop={onUserChange}
    >
      {items.map((it) => (
        <div key={it.i} data-grid-item={it.i}>
          <Panel
            id={it.i}
            title={t(TITLE_KEY[it.i])}
            overlay={it.i === 'chart' ? chartOverlay : undefined}
            actions={
              it.i === 'orderbook' ? (
                <button
                  type="button"
                  className="icon-btn"
                  aria-label={t('menu.hideOrderbook')}
                  title={t('menu.hideOrderbook')}
                  onClick={() => {
                    setOrderBookVisible(false);
                  }}
                >
                  <Icon name="close" />
                </button>
              ) : undefined
            }
          >
            {content[it.i]}
          </Panel>
        </div>
      ))}
    </GridLayout>
  );
}
