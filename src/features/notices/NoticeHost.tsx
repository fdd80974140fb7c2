import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { orderNoticesAtom, symbolsAtom } from '../../hub/state';
import { confirmFlagsAtom } from '../../session/account';
import { playFillSound } from '../../ui/toasts/sound';
import { pushToastAtom } from '../../ui/toasts/state';
import { toNoticeMessage, type NoticeMessage } from './noticeMessages';
import { keepNoticeAtom } from './state';
import { useNoticeText } from './useNoticeText';

/**
 * Turns the hub's order notices into what the trader sees (spec §4): each once, as a toast, kept in the notice centre
 * (persistent ones counted unread), with the fill sound when the notice asks for it and the trader's success-audio
 * flag is on; the market-order-fail notice 100 ms late.
 */
export function NoticeHost(): null {
  const [notices, setNotices] = useAtom(orderNoticesAtom);
  const symbols = useAtomValue(symbolsAtom);
  const flags = useAtomValue(confirmFlagsAtom);
  const push = useSetAtom(pushToastAtom);
  const keep = useSetAtom(keepNoticeAtom);
  const text = useNoticeText();

  useEffect(() => {
    if (notices.length === 0) return;
    const show = (m: NoticeMessage): void => {
      const { title, body } = text(m);
      push({ tone: m.tone, title, body });
      keep({ message: m, at: Date.now() });
      if (m.sound && flags.has('successAudio')) playFillSound();
    };
    for (const n of notices) {
      const m = toNoticeMessage(
        n,
        symbols.find((s) => s.symbol === n.order.symbol),
      );
      if (m === null) continue;
      if (m.delayMs > 0) setTimeout(show, m.delayMs, m);
      else show(m);
    }
    // Delayed notices are off the queue already: they show even if the effect runs again meanwhile.
    setNotices([]);
  }, [notices, setNotices, symbols, flags, push, keep, text]);
  return null;
}
