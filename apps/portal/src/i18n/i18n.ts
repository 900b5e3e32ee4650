// One i18next instance for the portal: the language comes from the saved choice, else the
// browser (spec point 9 mapping), and <html lang> follows every change.
import { FALLBACK_LANGUAGE, LANGUAGES, type Language, languageFromBrowser } from '@gridfront/contracts';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { de } from './locales/de.ts';
import { en } from './locales/en.ts';
import { es } from './locales/es.ts';
import { ta } from './locales/ta.ts';

export const LANGUAGE_STORAGE_KEY = 'language';

export const resources = {
  en: { translation: en },
  es: { translation: es },
  ta: { translation: ta },
  de: { translation: de },
} as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function readSavedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage can be blocked (privacy modes); the browser language still works
  }
}

/** The saved choice wins; otherwise the browser's language through the spec's mapping. */
export function initialLanguage(): Language {
  const saved = readSavedLanguage();
  if (isLanguage(saved)) return saved;
  return languageFromBrowser(typeof navigator === 'undefined' ? undefined : navigator.language);
}

export const i18n: I18n = i18next.createInstance();

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false }, // React escapes already
  returnEmptyString: false,
  initAsync: false,
  // No vendor notice in the customer's browser console.
  showSupportNotice: false,
});

/** Switches the language at run time and remembers the choice. */
export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // not remembered, but still switched
  }
  await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : FALLBACK_LANGUAGE;
}
