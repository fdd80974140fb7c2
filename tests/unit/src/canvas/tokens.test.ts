import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isTheme,
  mixOver,
  THEMES,
  TOKENS,
  toColourNumber,
  toCssVarName,
  toCssVars,
} from '../../../../src/canvas/tokens';

describe('colour tokens', () => {
  it('gives both themes the same tokens, all #rrggbb, up green and down red', () => {
    const keys = Object.keys(TOKENS.dark).sort();
    for (const t of THEMES) {
      expect(Object.keys(TOKENS[t]).sort()).toEqual(keys);
      for (const v of Object.values(TOKENS[t])) expect(v).toMatch(/^#[0-9a-f]{6}$/);
      const up = toColourNumber(TOKENS[t].up);
      const down = toColourNumber(TOKENS[t].down);
      expect((up >> 8) & 0xff).toBeGreaterThan(up >> 16);
      expect(down >> 16).toBeGreaterThan((down >> 8) & 0xff);
    }
  });

  it('converts for canvas and CSS', () => {
    expect(toColourNumber('#20b26c')).toBe(0x20b26c);
    expect(toCssVarName('surfaceRaised')).toBe('--surface-raised');
    expect(toCssVars(TOKENS.light)).toContainEqual(['--bg', TOKENS.light.bg]);
    expect(isTheme('light')).toBe(true);
    expect(isTheme('blue')).toBe(false);
  });

  it('mixes a colour at an alpha over an opaque background into one opaque colour', () => {
    expect(mixOver('#ffffff', 0.5, '#000000')).toBe('#808080');
    expect(mixOver('#20b26c', 0, '#15191e')).toBe('#15191e');
    expect(mixOver('#20b26c', 1, '#15191e')).toBe('#20b26c');
    expect(mixOver('#20b26c', 0.18, '#15191e')).toBe('#17352c');
  });
});

describe("index.html's boot skeleton", () => {
  // The skeleton is drawn before any stylesheet, so its colours are written out in index.html: they must be the
  // themes' own, or the first paint flashes other colours than React's.
  const css = readFileSync(join(import.meta.dirname, '../../../../index.html'), 'utf8');
  const colour = (rule: RegExp): string | undefined => rule.exec(css)?.[1];

  it('paints the dark theme by default', () => {
    const d = TOKENS.dark;
    expect(colour(/\n\s*html \{\s*background: (#[0-9a-f]{6})/)).toBe(d.bg);
    expect(colour(/\n\s*\.boot-skeleton \{[^}]*background: (#[0-9a-f]{6})/)).toBe(d.bg);
    expect(colour(/\n\s*\.boot-skeleton \.bs-side \{\s*background: (#[0-9a-f]{6})/)).toBe(d.surface);
    expect(colour(/\n\s*\.boot-skeleton \.bs-header \{[^}]*color: (#[0-9a-f]{6})/)).toBe(d.text);
    expect(colour(/\n\s*\.boot-skeleton \.bs-caret \{[^}]*color: (#[0-9a-f]{6})/)).toBe(d.textMuted);
  });

  it('paints the light theme when the boot script sets it', () => {
    const l = TOKENS.light;
    expect(colour(/html\[data-theme='light'\] \.boot-skeleton \{\s*background: (#[0-9a-f]{6})/)).toBe(l.bg);
    expect(
      colour(/html\[data-theme='light'\] \.boot-skeleton \.bs-side \{\s*background: (#[0-9a-f]{6})/),
    ).toBe(l.surface);
    expect(colour(/html\[data-theme='light'\] \.boot-skeleton \.bs-side \{[^}]*color: (#[0-9a-f]{6})/)).toBe(
      l.text,
    );
    expect(colour(/html\[data-theme='light'\] \.boot-skeleton \.bs-caret \{\s*color: (#[0-9a-f]{6})/)).toBe(
      l.textMuted,
    );
  });
});
