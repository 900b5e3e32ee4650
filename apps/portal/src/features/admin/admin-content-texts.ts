// The texts of /admin/content and the brand images form (issue 14), an i18next namespace of their
// own: they load with those sections, in the active language only.
import { registerNamespace } from '../../i18n/i18n.ts';

export const ADMIN_CONTENT_NAMESPACE = 'admin-content';

registerNamespace(ADMIN_CONTENT_NAMESPACE, {
  en: () => import('./content-locales/en.ts').then((module) => module.en),
  es: () => import('./content-locales/es.ts').then((module) => module.es),
  ta: () => import('./content-locales/ta.ts').then((module) => module.ta),
  de: () => import('./content-locales/de.ts').then((module) => module.de),
});
