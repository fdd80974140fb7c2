import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTwoDigits, formatUtcDateTime } from '../../lib/format';
import { toSafeHref } from '../../session/links';
import { countdownParts, OPENING_TIMING, type OpeningNotice } from '../../session/opening';

/** The countdown before a symbol opens (spec §2): title, hours/minutes/seconds, UTC open time, description, learn more. */
export function SymbolCountdown({
  pair,
  openAt,
  onlineTime,
  notice,
  locale,
}: {
  readonly pair: string;
  /** Tab-clock ms of the opening. */
  readonly openAt: number;
  /** Server ms of the opening, shown in UTC. */
  readonly onlineTime: number;
  readonly notice: OpeningNotice;
  readonly locale: string;
}): React.JSX.Element {
  const { t } = useTranslation('common');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, OPENING_TIMING.tickMs);
    return () => {
      clearInterval(timer);
    };
  }, []);
  const { hours, minutes, seconds } = countdownParts(openAt, now);
  const link = toSafeHref(notice.noticeLinkUrl, location.origin);
  const cells = [
    { key: 'h', value: hours, label: t('opening.hours') },
    { key: 'm', value: minutes, label: t('opening.minutes') },
    { key: 's', value: seconds, label: t('opening.seconds') },
  ];
  return (
    <div className="overlay" role="status" data-testid="symbol-countdown">
      <div className="overlay-card">
        <h2 className="overlay-title">{t('opening.title', { pair })}</h2>
        <div className="countdown" dir="ltr" data-testid="countdown-clock">
          {cells.map((c) => (
            <div key={c.key} className="countdown-cell">
              <span className="countdown-value">{formatTwoDigits(c.value, locale)}</span>
              <span className="countdown-label">{c.label}</span>
            </div>
          ))}
        </div>
        <p className="muted">{t('opening.time', { time: formatUtcDateTime(onlineTime, locale) })}</p>
        {notice.noticeContent !== '' && <p className="overlay-desc">{notice.noticeContent}</p>}
        {link !== null && (
          <a
            className="overlay-link"
            href={link.href}
            {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {t('opening.learnMore')}
          </a>
        )}
      </div>
    </div>
  );
}
