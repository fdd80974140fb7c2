import { useTranslation } from 'react-i18next';
import type { SymbolInfo } from '../../../workers/api';
import './ban-flag.css';

/** Spec §6: a symbol with trade status 4 and a buy or sell ban is flagged (header and symbol list). */
export function isBanFlagged(s: Pick<SymbolInfo, 'tradeStatus' | 'isBanBuy' | 'isBanSell'>): boolean {
  return s.tradeStatus === 4 && (s.isBanBuy || s.isBanSell);
}

/** The flag, with the banned sides in its title. */
export function BanFlag({ symbol }: { readonly symbol: SymbolInfo }): React.JSX.Element | null {
  const { t } = useTranslation('notices');
  if (!isBanFlagged(symbol)) return null;
  const pair = `${symbol.base}/${symbol.quote}`;
  const why = [
    ...(symbol.isBanBuy ? [t('roles.ban.buy', { pair })] : []),
    ...(symbol.isBanSell ? [t('roles.ban.sell', { pair })] : []),
  ].join(' · ');
  return (
    <span className="tag tag-ban" data-testid="ban-flag" title={why} aria-label={why}>
      {t('roles.ban.flag')}
    </span>
  );
}
