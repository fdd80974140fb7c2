/** EU USDT tips banner state: whether the user dismissed it (remembered locally, spec §2). */
import { storedAtom } from '../../session/storage';

/** True once the user closed the EU USDT tips banner; stored under `spot.euUsdtTips.dismissed`. */
export const euUsdtBannerDismissedAtom = storedAtom<boolean>('euUsdtTips.dismissed', false, (raw) =>
  typeof raw === 'boolean' ? raw : undefined,
);
euUsdtBannerDismissedAtom.debugLabel = 'euUsdtBannerDismissedAtom';
