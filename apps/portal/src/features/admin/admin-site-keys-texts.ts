// The texts of the payment site keys card (issue 8), an i18next namespace of their own: they load
// with that card, in the active language only.
import { registerNamespace } from '../../i18n/i18n.ts';

export const ADMIN_SITE_KEYS_NAMESPACE = 'admin-site-keys';

registerNamespace(ADMIN_SITE_KEYS_NAMESPACE, {
  en: () => import('./site-keys-locales/en.ts').then((module) => module.en),
  es: () => import('./site-keys-locales/es.ts').then((module) => module.es),
  ta: () => import('./site-keys-locales/ta.ts').then((module) => module.ta),
  de: () => import('./site-keys-locales/de.ts').then((module) => module.de),
});
