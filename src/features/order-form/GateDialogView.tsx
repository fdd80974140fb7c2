import { useTranslation } from 'react-i18next';
import type { SymbolInfo } from '../../../workers/api';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { GateDialog } from '../../lib/orderValidation';

/**
 * The gate dialogs of spec §5: SUI terms, the leveraged-token risk test, the MNT/BIT disclaimer and the
 * innovation/adventure risk acknowledgement. Accepting records the acknowledgement (server preference).
 */
export function GateDialogView({
  gate,
  symbol,
  onAccept,
  onCancel,
}: {
  readonly gate: GateDialog;
  readonly symbol: SymbolInfo;
  readonly onAccept: () => void;
  readonly onCancel: () => void;
}): React.JSX.Element {
  const { t } = useTranslation('trade');
  const zone = symbol.mark === 'adventure' ? t('gate.adventure') : t('gate.innovation');
  return (
    <ConfirmDialog
      testId={`gate-${gate}`}
      title={t(`gate.${gate}.title`)}
      confirmLabel={t(`gate.${gate}.accept`)}
      cancelLabel={t('confirm.cancel')}
      onCancel={onCancel}
      onConfirm={onAccept}
    >
      <p>{t(`gate.${gate}.text`, { pair: `${symbol.base}/${symbol.quote}`, zone })}</p>
    </ConfirmDialog>
  );
}
