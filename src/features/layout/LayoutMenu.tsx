import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import {
  layoutCustomisedAtom,
  orderBookVisibleAtom,
  resetLayoutAtom,
  setOrderBookVisibleAtom,
} from './state';

/** Layout controls of the settings bar: order-book visibility and reset (shown while customised). */
export function LayoutMenu({ fixed }: { readonly fixed: boolean }): React.JSX.Element {
  const { t } = useTranslation('layout');
  const orderBookVisible = useAtomValue(orderBookVisibleAtom);
  const customised = useAtomValue(layoutCustomisedAtom);
  const setOrderBookVisible = useSetAtom(setOrderBookVisibleAtom);
  const reset = useSetAtom(resetLayoutAtom);
  return (
    <div className="layout-menu" role="group" aria-label={t('menu.title')} data-customised={customised}>
      <label className="check">
        <input
          type="checkbox"
          checked={orderBookVisible}
          onChange={(e) => {
            setOrderBookVisible(e.currentTarget.checked);
          }}
        />
        {t('menu.orderbook')}
      </label>
      {!fixed && (
        <button
          type="button"
          className="btn btn-small"
          disabled={!customised}
          onClick={() => {
            reset();
          }}
          data-testid="layout-reset"
        >
          {t('menu.reset')}
        </button>
      )}
    </div>
  );
}
