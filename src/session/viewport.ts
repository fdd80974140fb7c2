/** Desktop or mobile (spec §2, §9: the mobile version loads at 500 px or less; crossing the threshold reloads). */

/** Widest viewport that gets the mobile page. */
export const MOBILE_MAX_WIDTH = 500;

/** True when a viewport of `width` px gets the mobile page. */
export function isMobileWidth(width: number): boolean {
  return width <= MOBILE_MAX_WIDTH;
}

/** The media query matching the mobile page. */
export const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;
