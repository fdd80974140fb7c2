/**
 * i18next bootstrap. Translations live in `locales/{lng}/{namespace}.json`; each (locale, namespace) file is its own
 * lazily loaded chunk, fetched the first time a mounted component asks for that namespace in that locale.
 * A missing key or a failed load renders as empty text, never as the raw key and never as a crash (spec §8).
 */
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { SUPPORTED_LOCALES, type Locale } from '../session/routes';

/** The namespaces, one JSON file each per locale. */
export const NAMESPACES = [
  'common',
  'header',
  'tools',
  'layout',
  'orderbook',
  'trade',
  'orders',
  'chart',
  'margin',
  'lt',
  'notices',
  'guides',
  'spread',
] as const;
/** One namespace. */
export type Namespace = (typeof NAMESPACES)[number];

type Loader = () => Promise<unknown>;

/** Vite turns each matched file into a separate chunk; nothing is loaded until its loader runs. */
const LOADERS: Readonly<Record<string, Loader>> = import.meta.glob('/locales/*/*.json', {
  import: 'default',
});

/** Whether a bundle was found for a locale and namespace (a test checks every pair exists). */
export function hasBundle(locale: string, ns: string): boolean {
  return `/locales/${locale}/${ns}.json` in LOADERS;
}

const lazyBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {
    // Nothing to configure: the loaders are known at build time.
  },
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = LOADERS[`/locales/${language}/${namespace}.json`];
    if (load === undefined) {
      callback(new Error(`no translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (data) => {
        if (typeof data === 'object' && data !== null) callback(null, data);
        else callback(new Error(`bad translations for ${language}/${namespace}`), false);
      },
      (e: unknown) => {
        callback(e instanceof Error ? e : new Error(String(e)), false);
      },
    );
  },
};

/** Starts i18next for `locale` with the common namespace requested; resolves when it loaded (or failed). */
export async function initI18n(locale: Locale): Promise<void> {
  await i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      supportedLngs: [...SUPPORTED_LOCALES],
      // zh-CN and zh-TW are different scripts: never reduce a locale to its language.
      load: 'currentOnly',
      fallbackLng: false,
      // The active locale's namespaces, each its own chunk; other locales load only when switched to.
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      // Missing or failed translations show as empty text, not the key (spec §8).
      parseMissingKeyHandler: () => '',
      react: { useSuspense: false },
    })
    .catch((e: unknown) => {
      console.warn('translations failed to load', e);
    });
}

/** Switches the active language (its namespaces load on demand). */
export async function setLanguage(locale: Locale): Promise<void> {
  if (i18next.language === locale) return;
  await i18next.changeLanguage(locale).catch((e: unknown) => {
    console.warn('translations failed to load', e);
  });
}
