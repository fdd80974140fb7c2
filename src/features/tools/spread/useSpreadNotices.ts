/**
 * The future-spread notice (spec §8 "future-spread order executed"): each combination pushed on
 * combination.trade.notify shows one toast in every tab, with its quantity, pair and the basis it locked in.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { accountFieldAtom } from '../../../hub/state';
import { pushToastAtom } from '../../../ui/toasts/state';

/** Toasts each new combination once; called by the always-mounted ToolsHost. */
export function useSpreadNotices(): void {
  const { t } = useTranslation('spread');
  const notices = useAtomValue(accountFieldAtom('combinationNotices'));
  const push = useSetAtom(pushToastAtom);
  const shown = useRef(new Set<string>());
  useEffect(() => {
    for (const row of notices ?? []) {
      if (shown.current.has(row.combinationId)) continue;
      shown.current.add(row.combinationId);
      push({
        tone: 'success',
        title: t('toast.executed'),
        body: t(`toast.detail.${row.direction}`, {
          qty: row.qty,
          symbol: row.symbol,
          spot: row.spotAvgPrice,
          perp: row.perpAvgPrice,
          basis: row.basis,
        }),
      });
    }
  }, [notices, push, t]);
}
