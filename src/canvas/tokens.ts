/**
 * Colour tokens: the one palette of the page, shared by the DOM (as CSS custom properties) and the canvases
 * (pixi wants numbers, lightweight-charts wants strings). Up is green, down is red (spec §9), in both themes.
 */

/** The two themes of the page. */
export type Theme = 'dark' | 'light';

/** Every theme, dark first (the default). */
export const THEMES: readonly Theme[] = ['dark', 'light'];

/** One theme's palette; every value is a `#rrggbb` string. */
export interface ColourTokens {
  /** Page background behind the panels. */
  readonly bg: string;
  /** Panel background. */
  readonly surface: string;
  /** Raised surface: popovers, dialogs, hovered rows. */
  readonly surfaceRaised: string;
  /** Hairlines between blocks. */
  readonly border: string;
  /** Main text. */
  readonly text: string;
  /** Secondary text: labels, captions. */
  readonly textMuted: string;
  /** Text on an accent-coloured fill. */
  readonly textOnAccent: string;
  /** Brand accent: active tabs, primary buttons, focus rings. */
  readonly accent: string;
  /** Rising prices, buy side. */
  readonly up: string;
  /** Falling prices, sell side. */
  readonly down: string;
  /** Up colour at low strength, for depth bars and row flashes (#rrggbb; alpha is applied by the user). */
  readonly upSoft: string;
  /** Down colour at low strength. */
  readonly downSoft: string;
  /** Up colour behind white text (buy buttons): dark enough for a 4.5:1 contrast (WCAG AA). */
  readonly upFill: string;
  /** Down colour behind white text (sell buttons). */
  readonly downFill: string;
  /** Warnings (notice bar icon, pending states). */
  readonly warn: string;
  /** Modal backdrop. */
  readonly overlay: string;
}

/** The palettes. */
export const TOKENS: Readonly<Record<Theme, ColourTokens>> = {
  dark: {
    bg: '#0b0e11',
    surface: '#15191e',
    surfaceRaised: '#1f252c',
    border: '#2a3038',
    text: '#eaecef',
    textMuted: '#8b939e',
    textOnAccent: '#101215',
    accent: '#f7a600',
    up: '#20b26c',
    down: '#ef454a',
    upSoft: '#133829',
    downSoft: '#41191c',
    upFill: '#128049',
    downFill: '#d63035',
    warn: '#f7a600',
    overlay: '#000000',
  },
  light: {
    bg: '#f3f5f7',
    surface: '#ffffff',
    surfaceRaised: '#f5f6f8',
    border: '#e3e6ea',
    text: '#121214',
    // 5:1 on the light page background (WCAG AA asks 4.5:1; #6b7280 gave 4.4).
    textMuted: '#636a76',
    textOnAccent: '#101215',
    accent: '#f7a600',
    // Darker than the dark theme's so rising and falling text reads at 4.5:1 on white (WCAG AA).
    up: '#128049',
    down: '#d63035',
    upSoft: '#dcf3e7',
    downSoft: '#fde3e4',
    upFill: '#128049',
    downFill: '#d63035',
    warn: '#c27f00',
    overlay: '#000000',
  },
};

/** `#rrggbb` → 0xrrggbb, the form pixi.js takes. */
export function toColourNumber(hex: string): number {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  return Number.isNaN(n) ? 0 : n;
}

/**
 * `#rrggbb` of `fg` at `alpha` over the opaque `bg`: what an alpha fill would show there, as an opaque fill (which a
 * software rasteriser paints without reading the pixels under it).
 */
export function mixOver(fg: string, alpha: number, bg: string): string {
  const f = toColourNumber(fg);
  const b = toColourNumber(bg);
  let out = 0;
  for (const shift of [16, 8, 0]) {
    const fc = (f >> shift) & 0xff;
    const bc = (b >> shift) & 0xff;
    out |= Math.round(bc + (fc - bc) * alpha) << shift;
  }
  return `#${out.toString(16).padStart(6, '0')}`;
}

/** The CSS custom-property name of a token (`surfaceRaised` → `--surface-raised`). */
export function toCssVarName(token: keyof ColourTokens): string {
  return `--${token.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** The palette as CSS custom properties, for `element.style.setProperty`. */
export function toCssVars(tokens: ColourTokens): readonly (readonly [string, string])[] {
  return (Object.keys(tokens) as (keyof ColourTokens)[]).map((k) => [toCssVarName(k), tokens[k]] as const);
}

/** True for a known theme name (stored values are checked with this). */
export function isTheme(v: unknown): v is Theme {
  return v === 'dark' || v === 'light';
}
