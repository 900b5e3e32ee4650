// The texts of /admin/settings (issue 14), an i18next namespace of their own: they load with that
// section, in the active language only.
import { registerNamespace } from '../../i18n/i18n.ts';

export const ADMIN_SETTINGS_NAMESPACE = 'admin-settings';

registerNamespace(ADMIN_SETTINGS_NAMESPACE, {
  en: () => import('./settings-locales/en.ts').then((module) => module.en),
  es: () => import('./settings-locales/es.ts').then((module) => module.es),
  ta: () => import('./settings-locales/ta.ts').then((module) => module.ta),
  de: () => import('./settings-locales/de.ts').then((module) => module.de),
});
