import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { SymbolInfo } from '../../workers/api';
import { tickerAtom } from '../hub/state';
import { formatFixed } from '../lib/format';
import { useDocumentTitle } from './useDocumentTitle';

/** Keeps the browser title live (its own component, so ticker updates re-render nothing else). */
export function DocumentTitle({
  pair,
  symbol,
  locale,
}: {
  readonly pair: string;
  readonly symbol: SymbolInfo | null;
  readonly locale: string;
}): null {
  const { t } = useTranslation('common');
  const ticker = useAtomValue(tickerAtom(symbol?.symbol ?? ''));
  const price =
    symbol !== null && ticker !== undefined ? formatFixed(ticker.last, symbol.pricePrecision, locale) : null;
  useDocumentTitle(pair, price, ticker?.direction ?? 'flat', t('title.spot'));
  return null;
}
