import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { createBlockAtom } from './state';

/** The blocking states a create can end in (spec §8): trade-try-limit and standard-account-limit. */
export function CreateBlockDialog(): React.JSX.Element | null {
  const { t } = useTranslation('trade');
  const [block, setBlock] = useAtom(createBlockAtom);
  if (block === null) return null;
  const close = (): void => {
    setBlock(null);
  };
  return (
    <ConfirmDialog
      testId={`block-${block}`}
      title={t(`block.${block}.title`)}
      confirmLabel={t('block.ok')}
      onConfirm={close}
      onCancel={close}
    >
      <p>{t(`block.${block}.text`)}</p>
    </ConfirmDialog>
  );
}
