import { useSetAtom } from 'jotai';
import { BanFlag } from './BanFlag';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PairProps } from './pairProps';
import { navigateAtom } from '../../session/navigation';
import { pairUrl } from '../../session/routes';
import { SymbolList } from './SymbolList';

/** Close delay after the pointer leaves, so moving from the name into the popover does not close it. */
const CLOSE_DELAY_MS = 150;

/** The current pair's name; hovering (or clicking) it opens the symbol list. */
export function SymbolSelector({ symbol, locale }: PairProps): React.JSX.Element {
  const { t } = useTranslation('header');
  const navigate = useSetAtom(navigateAtom);
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancelClose = (): void => {
    if (closeTimer.current !== null) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  const closeSoon = (): void => {
    cancelClose();
    closeTimer.current = setTimeout(() => {
      setOpen(false);
    }, CLOSE_DELAY_MS);
  };
  useEffect(() => cancelClose, []);

  return (
    <div
      className="symbol-selector"
      onMouseEnter={() => {
        cancelClose();
        setOpen(true);
      }}
      onMouseLeave={closeSoon}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false);
      }}
    >
      <h1 className="pair">
        <button
          type="button"
          className="symbol-current"
          aria-expanded={open}
          aria-haspopup="dialog"
          onClick={() => {
            setOpen((o) => !o);
          }}
        >
          <bdi>
            {symbol.base}/{symbol.quote}
          </bdi>
          <span className="caret" aria-hidden="true">
            ▾
          </span>
        </button>
      </h1>
      <BanFlag symbol={symbol} />
      {symbol.mark === 'innovation' && <span className="tag">{t('zone.innovation')}</span>}
      {symbol.mark === 'adventure' && <span className="tag">{t('zone.adventure')}</span>}
      {open && (
        <div className="popover symbol-popover" role="dialog" aria-label={t('symbols.pair')}>
          <SymbolList
            current={symbol.symbol}
            autoFocus
            onPick={(s) => {
              setOpen(false);
              navigate(pairUrl(locale, s.base, s.quote));
            }}
          />
        </div>
      )}
    </div>
  );
}
