import type { SymbolInfo } from '../../../workers/api';
import type { Locale } from '../../session/routes';

/** The routed pair and the page's locale: what every part of the market header is drawn for. */
export interface PairProps {
  readonly symbol: SymbolInfo;
  readonly locale: Locale;
}
