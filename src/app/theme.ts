/** Applies a theme's colour tokens to the document as CSS custom properties. */
import { TOKENS, toCssVars, type Theme } from '../canvas/tokens';

/** Sets `data-theme`, `color-scheme` and every token variable on `<html>`. */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
  for (const [name, value] of toCssVars(TOKENS[theme])) root.style.setProperty(name, value);
}
