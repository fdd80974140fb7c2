import { useAtom, useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { sessionUserAtom } from '../../session/state';
import { Icon } from '../../ui/Icon';
import { Popover } from '../../ui/Popover';
import { NoticeSettings } from './NoticeSettings';
import { noticeCentreAtom, unreadNoticesAtom } from './state';
import { useNoticeText } from './useNoticeText';
import './notices.css';

/** A notice's time of day; the formatter is built only when the panel opens (ICU data costs ~100 ms cold). */
const timeFormats = new Map<string, Intl.DateTimeFormat>();
function formatTime(at: number, locale: string): string {
  let f = timeFormats.get(locale);
  if (f === undefined) {
    f = new Intl.DateTimeFormat(locale, { timeStyle: 'medium' });
    timeFormats.set(locale, f);
  }
  return f.format(at);
}

/** The notice centre (settings bar): the session's last notices, newest first, and the notice preferences. */
export function NoticeCentre(): React.JSX.Element | null {
  const { t, i18n } = useTranslation('notices');
  const user = useAtomValue(sessionUserAtom);
  const kept = useAtomValue(noticeCentreAtom);
  const [unread, setUnread] = useAtom(unreadNoticesAtom);
  const text = useNoticeText();
  if (user?.loggedIn !== true) return null;
  return (
    <Popover
      trigger={
        <>
          <Icon name="bell" />
          {unread > 0 && (
            <span className="notice-badge" data-testid="notice-unread">
              {unread}
            </span>
          )}
        </>
      }
      triggerClassName={(open) => `notice-bell${open ? ' open' : ''}`}
      title={t('centre.title')}
      ariaLabel={t('centre.open', { count: unread })}
      testId="notice-centre"
      rootClassName="notice-centre"
      panelClassName="notice-centre-panel"
      panelRole="dialog"
      panelLabel={t('centre.title')}
      panelTestId="notice-centre-panel"
      onClosed={() => {
        setUnread(0);
      }}
    >
      {() => (
        <>
          <h2>{t('centre.title')}</h2>
          {kept.length === 0 ? (
            <p className="notice-empty">{t('centre.empty')}</p>
          ) : (
            <ol className="notice-list" data-testid="notice-list">
              {kept.map(({ message, at }) => {
                const { title, body } = text(message);
                return (
                  <li
                    key={message.id}
                    className={`notice-item notice-${message.tone}`}
                    data-testid="notice-item"
                    data-kind={message.kind}
                    data-persistent={message.persistent}
                  >
                    <strong>{title}</strong>
                    <span>{body}</span>
                    <time dateTime={new Date(at).toISOString()}>{formatTime(at, i18n.language)}</time>
                  </li>
                );
              })}
            </ol>
          )}
          <NoticeSettings />
        </>
      )}
    </Popover>
  );
}
