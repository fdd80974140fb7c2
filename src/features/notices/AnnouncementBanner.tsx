import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCall } from '../../session/api';
import { preferencesAtom } from '../../session/account';
import { toSafeHref } from '../../session/links';
import { sessionUserAtom } from '../../session/state';
import { useSetPreferences } from '../../session/useAccount';
import {
  bannerAnnouncement,
  dismissBanner,
  LOOKBACK_MS,
  NO_SHOW_PREF_KEY,
  toAnnouncements,
  type Announcement,
} from './announcements';
import { bannerReadAtom } from './state';
import './notices.css';

/**
 * The footer announcement banner (spec §4, §5): the newest eligible Spot announcement of the last 7 days in the
 * page's language. Close hides it 24 h, 'more' and the message 5 minutes, each marking it read; a logged-in user may
 * opt out for good (a server preference).
 */
export function AnnouncementBanner(): React.JSX.Element | null {
  const { t, i18n } = useTranslation('notices');
  const user = useAtomValue(sessionUserAtom);
  const prefs = useAtomValue(preferencesAtom);
  const writePrefs = useSetPreferences();
  const [read, setRead] = useAtom(bannerReadAtom);
  const [list, setList] = useState<readonly Announcement[]>([]);
  const language = i18n.language;

  useEffect(() => {
    const ctl = new AbortController();
    const date = Date.now() - LOOKBACK_MS;
    getCall('announcementSearch', { topics: 'Spot', date, language }, ctl.signal).then(
      (reply) => {
        setList(toAnnouncements(reply));
      },
      () => {
        // No banner without announcements; the page is unaffected.
      },
    );
    return () => {
      ctl.abort();
    };
  }, [language]);

  if (user === null) return null;
  const now = Date.now();
  const noShow = user.loggedIn && prefs?.[NO_SHOW_PREF_KEY] === 'Y';
  const a = bannerAnnouncement(list, { isEaa: user.isEaa, isDemo: user.isDemo, noShow }, read, now);
  if (a === null) return null;
  const href = toSafeHref(a.url, location.origin);
  const dismiss = (how: 'close' | 'more' | 'message'): void => {
    setRead(dismissBanner(read, a.id, how, Date.now()));
  };
  const link = (how: 'more' | 'message', children: React.ReactNode, className: string): React.JSX.Element =>
    href === null ? (
      <span className={className}>{children}</span>
    ) : (
      <a
        className={className}
        href={href.href}
        data-testid={`announcement-${how}`}
        {...(href.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        onClick={(e) => {
          // Stay on the page here (the announcement opens in its own tab); the banner hides for 5 minutes.
          if (!href.external) e.preventDefault();
          dismiss(how);
        }}
      >
        {children}
      </a>
    );
  return (
    <aside
      className="announcement-banner"
      data-testid="announcement-banner"
      data-id={a.id}
      aria-label={t('banner.label')}
    >
      <span className="announcement-tag">{t('banner.label')}</span>
      {link('message', a.title, 'announcement-title')}
      {link('more', t('banner.more'), 'announcement-more')}
      {user.loggedIn && (
        <button
          type="button"
          className="announcement-noshow"
          data-testid="announcement-noshow"
          onClick={() => {
            void writePrefs({ [NO_SHOW_PREF_KEY]: 'Y' });
          }}
        >
          {t('banner.noShow')}
        </button>
      )}
      <button
        type="button"
        className="announcement-close"
        aria-label={t('banner.close')}
        data-testid="announcement-close"
        onClick={() => {
          dismiss('close');
        }}
      >
        ×
      </button>
    </aside>
  );
}
