/** Each supported locale's own name (endonym), for the language switcher. */
import type { Locale } from '../session/routes';

/** Locale → its name in that language. */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  'ar-SA': 'العربية',
  'pt-BR': 'Português (Brasil)',
  'ca-ES': 'Català',
  'cs-CZ': 'Čeština',
  'de-DE': 'Deutsch',
  'es-ES': 'Español',
  'fa-IR': 'فارسی',
  'fr-FR': 'Français',
  'he-IL': 'עברית',
  'hu-HU': 'Magyar',
  'id-ID': 'Bahasa Indonesia',
  'it-IT': 'Italiano',
  'ja-JP': '日本語',
  'ko-KR': '한국어',
  'ms-MY': 'Bahasa Melayu',
  'pl-PL': 'Polski',
  'ru-RU': 'Русский',
  'sv-SE': 'Svenska',
  'th-TH': 'ไทย',
  'tr-TR': 'Türkçe',
  'vi-VN': 'Tiếng Việt',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  'el-GR': 'Ελληνικά',
  'nl-NL': 'Nederlands',
  'ro-RO': 'Română',
};
