import { useAtom, useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../../lib/format';
import { sessionUserAtom } from '../../session/state';
import { Icon } from '../../ui/Icon';
import { Popover } from '../../ui/Popover';
import { NoticeSettings } from './NoticeSettings';
import { noticeCentreAtom, unreadNoticesAtom } from './state';
import { useNoticeText } from './useNoticeText';
import './notices.css';

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
                    <time dateTime={new Date(at).toISOString()}>
                      {dateFormat('noticeTime', i18n.language, { timeStyle: 'medium' }).format(at)}
                    </time>
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
