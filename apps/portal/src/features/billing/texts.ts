// The billing feature's texts, an i18next namespace of their own: they load with this route in the
// active language only, instead of riding on every page's locale chunk.
import { registerNamespace } from '../../i18n/i18n.ts';

export const BILLING_NAMESPACE = 'billing';

registerNamespace(BILLING_NAMESPACE, {
  en: () => import('./locales/en.ts').then((module) => module.en),
  es: () => import('./locales/es.ts').then((module) => module.es),
  ta: () => import('./locales/ta.ts').then((module) => module.ta),
  de: () => import('./locales/de.ts').then((module) => module.de),
});
