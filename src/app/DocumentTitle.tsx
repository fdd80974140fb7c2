import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { SymbolInfo } from '../../workers/api';
import { tickerAtom } from '../hub/state';
import { formatFixed } from '../lib/format';
import { useDocumentTitle } from './useDocumentTitle';

interface TitleProps {
  readonly pair: string;
  readonly symbol: SymbolInfo | null;
  readonly locale: string;
}

/**
 * Keeps the browser title live. The translated suffix is read here, where only the pair or the language re-renders;
 * the ticker is followed by `LiveTitle` below, so a ticker re-renders one component that calls no translation.
 */
export function DocumentTitle(props: TitleProps): React.JSX.Element {
  const { t } = useTranslation('common');
  return <LiveTitle {...props} suffix={t('title.spot')} />;
}

function LiveTitle({ pair, symbol, locale, suffix }: TitleProps & { readonly suffix: string }): null {
  const ticker = useAtomValue(tickerAtom(symbol?.symbol ?? ''));
  const price =
    symbol !== null && ticker !== undefined ? formatFixed(ticker.last, symbol.pricePrecision, locale) : null;
  useDocumentTitle(pair, price, ticker?.direction ?? 'flat', suffix);
  return null;
}
