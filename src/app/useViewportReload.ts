import { useEffect } from 'react';
import { MOBILE_QUERY } from '../session/viewport';

/** Reloads the page when the viewport crosses the mobile threshold (spec §2): the other version loads. */
export function useViewportReload(mobile: boolean): void {
  useEffect(() => {
    const mq = window.matchMedia(MOBILE_QUERY);
    const onChange = (): void => {
      if (mq.matches !== mobile) location.reload();
    };
    mq.addEventListener('change', onChange);
    // The viewport may have crossed between boot and this effect.
    onChange();
    return () => {
      mq.removeEventListener('change', onChange);
    };
  }, [mobile]);
}
