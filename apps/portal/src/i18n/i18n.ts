// One i18next instance for the portal: the language comes from the saved choice, else the
// browser (spec point 9 mapping), and <html lang> follows every change.
// Each language is its own chunk, fetched when it is first shown (issue 7: a visitor downloads one
// language, not four). The module waits for the first one (top-level await), so nothing renders
// untranslated keys.
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@gridfront/contracts/constants';
import { languageFromBrowser } from '@gridfront/contracts/language';
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { config } from '../config/env.ts';
import type { Translation } from './locales/en.ts';
import { rememberPlainTexts } from './remembered-texts.ts';

export const LANGUAGE_STORAGE_KEY = 'language';

export const localeLoaders: Record<Language, () => Promise<Translation>> = {
  en: () => import('./locales/en.ts').then((module) => module.en),
  es: () => import('./locales/es.ts').then((module) => module.es),
  ta: () => import('./locales/ta.ts').then((module) => module.ta),
  de: () => import('./locales/de.ts').then((module) => module.de),
};

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

/**
 * The language a page starts in, among those the host's utility offers (issue 14; its default
 * first): the visitor's saved choice; else the browser's language where the spec's mapping names
 * one (ta-IN, de-DE, es-MX…); else the utility's default. With every language offered and English
 * the default (the demo), this is the spec's point 9 as before.
 */
export function startingLanguage(
  offered: readonly Language[],
  saved: string | null,
  browserTag: string | undefined,
): Language {
  const choices = offered.length > 0 ? offered : LANGUAGES;
  if (isLanguage(saved) && choices.includes(saved)) return saved;
  // The mapping answers English for every tag it does not name: that is no choice of the visitor's.
  const mapped = languageFromBrowser(browserTag);
  if (mapped !== FALLBACK_LANGUAGE && choices.includes(mapped)) return mapped;
  return choices[0] ?? FALLBACK_LANGUAGE;
}

export function initialLanguage(): Language {
  return startingLanguage(
    config.languages,
    readSavedLanguage(),
    typeof navigator === 'undefined' ? undefined : navigator.language,
  );
}

export const i18n: I18n = i18next.createInstance();

/** A feature's own texts in every language, loaded with the feature's route, not on every page. */
export type NamespaceLoaders = Record<Language, () => Promise<object>>;

const namespaceLoaders = new Map<string, NamespaceLoaders>();

/**
 * Registers a feature's text namespace (features/<feature>/locales/*.ts). The feature's page module
 * calls this when it is imported, so its texts travel in its route's chunks and useTranslation(ns)
 * fetches only the active language's file.
 */
export function registerNamespace(namespace: string, loaders: NamespaceLoaders): void {
  namespaceLoaders.set(namespace, loaders);
}

/** The namespaces registered so far (the server's first view loads them before rendering). */
export function registeredNamespaceNames(): string[] {
  return [...namespaceLoaders.keys()];
}

function loaderFor(language: Language, namespace: string): (() => Promise<object>) | undefined {
  if (namespace === 'translation') return localeLoaders[language];
  return namespaceLoaders.get(namespace)?.[language];
}

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, namespace, callback) => {
    const load = isLanguage(language) ? loaderFor(language, namespace) : undefined;
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), null);
      return;
    }
    load().then(
      (translation) => callback(null, translation as Record<string, unknown>),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

await i18n.use(lazyLocales).init({
  lng: initialLanguage(),
  // Every locale is typed as the whole English tree (Translation), so no key can be missing and
  // no second language needs downloading as a fallback.
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false }, // React escapes already
  returnEmptyString: false,
  // No vendor notice in the customer's browser console.
  showSupportNotice: false,
});
rememberPlainTexts(i18n);

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
