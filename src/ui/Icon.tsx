/** Line icons drawn inline (no icon font: every glyph renders the same on every system). */

const PATHS = {
  notice: 'M3 10v4h3l5 4V6L6 10H3zm13.5 2a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4z',
  shield: 'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3z',
  info: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 7v7m0-10v.5',
  tools: 'M14 6a4 4 0 0 0 5 5l-8 8a2 2 0 0 1-3-3l8-8a4 4 0 0 0-2-2z',
  grid: 'M4 4h16v16H4zM4 12h16M12 4v16',
  otc: 'M4 8h14l-3-3M20 16H6l3 3',
  autoInvest: 'M20 12a8 8 0 1 1-2.3-5.7M20 4v5h-5',
  iceberg: 'M3 14h18M8 14l4-8 4 8M6 14l2 6h8l2-6',
  twap: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 4v5l3 3',
  scaled: 'M5 20V14M10 20V10M15 20V6M20 20V3',
  spread: 'M4 9h16M4 15h16M8 5l-4 4 4 4M16 11l4 4-4 4',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
  close: 'M6 6l12 12M18 6L6 18',
  back: 'M15 5l-7 7 7 7',
  bell: 'M6 9a6 6 0 0 1 12 0c0 6 2.5 8 2.5 8h-17S6 15 6 9zM10 20.5a2.2 2.2 0 0 0 4 0',
  pending: 'M7 3h10M7 21h10M8 3c0 5 8 5 8 9s-8 4-8 9M16 3c0 5-8 5-8 9s8 4 8 9',
} as const;

/** An icon name. */
export type IconName = keyof typeof PATHS;

/** A 16 px (or `size`) stroke icon in the current text colour; decorative (the control carries the label). */
export function Icon({
  name,
  size = 16,
}: {
  readonly name: IconName;
  readonly size?: number;
}): React.JSX.Element {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={name === 'more' ? 3.5 : 1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
