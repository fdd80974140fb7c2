import { useAtom, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ltNoticesAtom } from '../../hub/state';
import { pushToastAtom } from '../../ui/toasts/state';
import { dealTexts, failureMessageKey, noticeTitleKey } from './messages';

/**
 * Turns the hub's LT order notices into toasts (spec §4 Open lists: status 1 a success notice, 3 a failure notice):
 * the title says which and what kind, the body what was paid and received, or why the request was refused.
 */
export function LtNoticeHost(): null {
  const { t } = useTranslation('lt');
  const [notices, setNotices] = useAtom(ltNoticesAtom);
  const push = useSetAtom(pushToastAtom);

  useEffect(() => {
    if (notices.length === 0) return;
    for (const o of notices) {
      const ok = o.status === 1;
      const deal = dealTexts(o);
      const reason = ok ? null : failureMessageKey(o.orderType, o.failReason);
      const body = ok
        ? `${deal.paid} → ${deal.received}`
        : reason === null
          ? t('notice.failed')
          : t(reason, { currency: o.failValues.currency ?? '', value: o.failValues.value ?? '' });
      push({ tone: ok ? 'success' : 'error', title: t(noticeTitleKey(o)), body });
    }
    setNotices([]);
  }, [notices, setNotices, push, t]);

  return null;
}
