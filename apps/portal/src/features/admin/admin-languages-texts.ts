// The texts of /admin/languages (issue 14), an i18next namespace of their own: they load with that
// section, in the active language only.
import { registerNamespace } from '../../i18n/i18n.ts';

export const ADMIN_LANGUAGES_NAMESPACE = 'admin-languages';

registerNamespace(ADMIN_LANGUAGES_NAMESPACE, {
  en: () => import('./languages-locales/en.ts').then((module) => module.en),
  es: () => import('./languages-locales/es.ts').then((module) => module.es),
  ta: () => import('./languages-locales/ta.ts').then((module) => module.ta),
  de: () => import('./languages-locales/de.ts').then((module) => module.de),
});
