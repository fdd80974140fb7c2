/** Latest-trades state: the display preferences (trade flashes on or off). */
import { storedAtom } from '../../app/storage';
import {
  DEFAULT_DISPLAY_PREFERENCES,
  toDisplayPreferences,
  type DisplayPreferences,
} from '../tools/preferences';

/** Display preferences (remembered locally). */
export const displayPreferencesAtom = storedAtom<DisplayPreferences>(
  'displayPreferences',
  DEFAULT_DISPLAY_PREFERENCES,
  toDisplayPreferences,
);
displayPreferencesAtom.debugLabel = 'displayPreferencesAtom';
