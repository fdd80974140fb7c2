import { useTranslation } from 'react-i18next';
import type { NoticeMessage } from './noticeMessages';

/** The title and body of a notice in the page's language. */
export function useNoticeText(): (m: NoticeMessage) => { readonly title: string; readonly body: string } {
  const { t } = useTranslation('notices');
  return (m) => {
    const side = m.params.side === 'buy' ? t('side.buy') : t('side.sell');
    // First-strong isolates keep "0.001 BTC" and "BTC/USDT" whole inside right-to-left text.
    const iso = (x: string): string => `\u2068${x}\u2069`;
    const detail = t('order.body', { side, qty: iso(m.params.qty), pair: iso(m.params.pair) });
    switch (m.kind) {
      case 'amendedPrice':
      case 'amendedQty':
      case 'amendedTrigger':
        return { title: t(`order.${m.kind}`), body: `${detail} · ${m.params.value}` };
      case 'marketFail':
        return { title: t('order.marketFail'), body: t('order.marketFailContent') };
      case 'filled':
      case 'partialFilledCanceled':
      case 'canceled':
      case 'postOnly':
      case 'reduceOnly':
      case 'trialMargin':
      case 'ocoTp':
      case 'ocoSl':
      case 'ocoUntriggered':
        return { title: t(`order.${m.kind}`), body: detail };
    }
  };
}
