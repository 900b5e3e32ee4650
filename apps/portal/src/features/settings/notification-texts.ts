// The Notifications section's texts, an i18next namespace of their own: they load with /settings,
// in the active language only.
import { registerNamespace } from '../../i18n/i18n.ts';

export const NOTIFICATIONS_NAMESPACE = 'notifications';

registerNamespace(NOTIFICATIONS_NAMESPACE, {
  en: () => import('./notification-locales/en.ts').then((module) => module.en),
  es: () => import('./notification-locales/es.ts').then((module) => module.es),
  ta: () => import('./notification-locales/ta.ts').then((module) => module.ta),
  de: () => import('./notification-locales/de.ts').then((module) => module.de),
});
