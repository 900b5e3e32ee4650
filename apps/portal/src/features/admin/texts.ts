// The administration pages' texts, an i18next namespace of their own: they load with the admin
// pages, in the active language only.
import { registerNamespace } from '../../i18n/i18n.ts';

export const ADMIN_NAMESPACE = 'admin';

registerNamespace(ADMIN_NAMESPACE, {
  en: () => import('./locales/en.ts').then((module) => module.en),
  es: () => import('./locales/es.ts').then((module) => module.es),
  ta: () => import('./locales/ta.ts').then((module) => module.ta),
  de: () => import('./locales/de.ts').then((module) => module.de),
});
