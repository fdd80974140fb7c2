/**
 * Stops a strategy from the integrated list's tools tab (POST strategy/stop; the simulator cancels its open child
 * orders). The outcome is a toast; the row moves to history when the `strategy` push reaches the hub.
 */
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toStrategyRow, type StrategyRow } from '../../../workers/protocol/strategy';
import { postCall } from '../../session/api';
import { pushToastAtom } from '../../ui/toasts/state';

/** The stop call with its outcome toast; resolves true when the simulator accepted it. */
export function useStrategyStop(): (row: StrategyRow) => Promise<boolean> {
  const { t } = useTranslation(['tools', 'trade']);
  const push = useSetAtom(pushToastAtom);
  return useCallback(
    async (row) => {
      try {
        const reply = (await postCall('strategyStop', { strategyId: row.strategyId, sellBase: false })) as {
          code?: unknown;
          message?: unknown;
          result?: unknown;
        } | null;
        if (reply?.code === 0 && toStrategyRow(reply.result) !== undefined) {
          push({ tone: 'success', title: t('toast.stopped'), body: '' });
          return true;
        }
        push({
          tone: 'error',
          title: t('toast.stopFailed'),
          body: typeof reply?.message === 'string' ? reply.message : '',
        });
      } catch {
        push({ tone: 'error', title: t('toast.stopFailed'), body: t('trade:toast.networkError') });
      }
      return false;
    },
    [t, push],
  );
}
