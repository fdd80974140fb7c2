import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCall } from '../../session/api';
import { Icon } from '../../ui/Icon';
import { toSafeHref } from '../../session/links';
import { sessionUserAtom } from '../../session/state';
import { NOTICE_BAR, noticeBarAllowed, toNotices, visibleNotices, type Notice } from './notices';
import { closedNoticesAtom, closeNoticesAtom } from './state';

/**
 * The notice bar above the page (spec §2, §4, §9): appears 3 s after load, rotates every 5 s, optional link, close
 * remembered. Shown only to non-EAA users or demo users, and only when a notice applies to the symbol.
 */
export function NoticeBar({ symbol }: { readonly symbol: string }): React.JSX.Element | null {
  const { t } = useTranslation('common');
  const user = useAtomValue(sessionUserAtom);
  const closed = useAtomValue(closedNoticesAtom);
  const close = useSetAtom(closeNoticesAtom);
  const [notices, setNotices] = useState<readonly Notice[]>([]);
  const [started, setStarted] = useState(false);
  const [index, setIndex] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => {
      setStarted(true);
    }, NOTICE_BAR.startDelayMs);
    return () => {
      clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    const ctl = new AbortController();
    getCall('noticeBar', { symbolName: symbol }, ctl.signal).then(
      (reply) => {
        setNotices(toNotices(reply));
      },
      (e: unknown) => {
        // No bar is better than a broken one: the page does not depend on it.
        if (!ctl.signal.aborted) console.warn('notice bar failed', e);
      },
    );
    return () => {
      ctl.abort();
    };
  }, [symbol]);

  const shown = visibleNotices(notices, symbol, closed);
  const count = shown.length;

  useEffect(() => {
    if (!started || count < 2) return;
    const timer = setInterval(() => {
      setIndex((i) => i + 1);
    }, NOTICE_BAR.rotateMs);
    return () => {
      clearInterval(timer);
    };
  }, [started, count]);

  if (!started || user === null || !noticeBarAllowed(user) || count === 0) return null;
  const notice = shown[index % count];
  if (notice === undefined) return null;
  const link = toSafeHref(notice.url, location.origin);

  return (
    <div
      className="notice-bar"
      role="region"
      aria-label={t('notice.label')}
      style={{ height: NOTICE_BAR.heightPx }}
      data-testid="notice-bar"
    >
      <span className="notice-icon">
        <Icon name="notice" />
      </span>
      <p className="notice-text" key={notice.id} aria-live="polite" dir="auto">
        {notice.info}
      </p>
      {link !== null && (
        <a
          className="notice-link"
          href={link.href}
          {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {t('notice.details')}
        </a>
      )}
      {count > 1 && (
        <span className="notice-count muted">
          {(index % count) + 1}/{count}
        </span>
      )}
      <button
        type="button"
        className="icon-btn"
        aria-label={t('notice.close')}
        onClick={() => {
          close(shown.map((n) => n.id));
        }}
      >
        <Icon name="close" />
      </button>
    </div>
  );
}
