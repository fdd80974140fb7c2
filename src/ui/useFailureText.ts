import { useTranslation } from 'react-i18next';
import type { Failure } from '../lib/orderValidation';

/** Translates a validation failure's message (the side word of quantity messages translated too). */
export function useFailureText(): (f: Extract<Failure, { type: 'message' }>) => string {
  const { t } = useTranslation('trade');
  return (f) => {
    const params = { ...f.params };
    if (params.type === 'bought') params.type = t('words.bought');
    else if (params.type === 'sold') params.type = t('words.sold');
    return t(`validation.${f.key}` as const, { replace: params });
  };
}
