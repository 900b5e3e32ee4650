// My Account's texts, an i18next namespace of their own: they load with the dashboard, in the
// active language only, never with the marketing Home a visitor sees.
import { registerNamespace } from '../../i18n/i18n.ts';

export const MY_ACCOUNT_NAMESPACE = 'myAccount';

registerNamespace(MY_ACCOUNT_NAMESPACE, {
  en: () => import('./locales/en.ts').then((module) => module.en),
  es: () => import('./locales/es.ts').then((module) => module.es),
  ta: () => import('./locales/ta.ts').then((module) => module.ta),
  de: () => import('./locales/de.ts').then((module) => module.de),
});
