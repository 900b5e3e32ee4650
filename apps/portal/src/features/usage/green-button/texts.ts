// The Green Button panel's texts, an i18next namespace of its own, loaded in the active language only.
import { registerNamespace } from '../../../i18n/i18n.ts';

export const GREEN_BUTTON_NAMESPACE = 'greenButton';

registerNamespace(GREEN_BUTTON_NAMESPACE, {
  en: () => import('./locales/en.ts').then((module) => module.en),
  es: () => import('./locales/es.ts').then((module) => module.es),
  ta: () => import('./locales/ta.ts').then((module) => module.ta),
  de: () => import('./locales/de.ts').then((module) => module.de),
});
