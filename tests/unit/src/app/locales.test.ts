import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasBundle, NAMESPACES } from '../../../../src/app/i18n';
import { SUPPORTED_LOCALES } from '../../../../src/session/routes';

const ROOT = join(import.meta.dirname, '../../../../locales');

function flatten(o: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof o !== 'object' || o === null) return out;
  for (const [k, v] of Object.entries(o)) {
    if (typeof v === 'object' && v !== null)
      for (const [kk, vv] of flatten(v, `${prefix}${k}.`)) out.set(kk, vv);
    else out.set(`${prefix}${k}`, v);
  }
  return out;
}

function bundle(locale: string, ns: string): Map<string, unknown> {
  return flatten(JSON.parse(readFileSync(join(ROOT, locale, `${ns}.json`), 'utf8')) as unknown);
}

const placeholders = (s: string): string[] =>
  [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();

describe('translations (27 locales × every namespace)', () => {
  it('has one folder per supported locale and nothing else', () => {
    const dirs = readdirSync(ROOT, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(dirs).toEqual([...SUPPORTED_LOCALES].sort());
  });

  it('every locale has exactly the namespaces, and the lazy loader finds each file', () => {
    for (const locale of SUPPORTED_LOCALES) {
      const files = readdirSync(join(ROOT, locale)).sort();
      expect(files, locale).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
      for (const ns of NAMESPACES) expect(hasBundle(locale, ns), `${locale}/${ns}`).toBe(true);
    }
  });

  for (const ns of NAMESPACES) {
    it(`${ns}: every key exists in every locale, as non-empty text with the same placeholders`, () => {
      const en = bundle('en', ns);
      expect(en.size).toBeGreaterThan(0);
      for (const locale of SUPPORTED_LOCALES) {
        const b = bundle(locale, ns);
        expect([...b.keys()].sort(), `${locale}/${ns} keys`).toEqual([...en.keys()].sort());
        for (const [key, enValue] of en) {
          const v = b.get(key);
          expect(typeof v, `${locale}/${ns}:${key}`).toBe('string');
          expect(String(v).trim(), `${locale}/${ns}:${key}`).not.toBe('');
          expect(placeholders(String(v)), `${locale}/${ns}:${key} placeholders`).toEqual(
            placeholders(String(enValue)),
          );
        }
      }
    });
  }

  it('is translated, not English copied (at most a few shared words such as "Spot" or "TWAP" per locale)', () => {
    for (const locale of SUPPORTED_LOCALES) {
      if (locale === 'en') continue;
      let same = 0;
      let total = 0;
      for (const ns of NAMESPACES) {
        const en = bundle('en', ns);
        const b = bundle(locale, ns);
        for (const [key, enValue] of en) {
          total++;
          if (b.get(key) === enValue) same++;
        }
      }
      expect(same / total, `${locale}: ${same} of ${total} strings equal to English`).toBeLessThanOrEqual(
        0.08,
      );
    }
  });
});
