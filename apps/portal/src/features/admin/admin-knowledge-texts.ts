// The texts of /admin/knowledge and of People's disable action (issue 14), an i18next namespace of
// their own: they load with those sections, in the active language only.
import { registerNamespace } from '../../i18n/i18n.ts';

export const ADMIN_KNOWLEDGE_NAMESPACE = 'admin-knowledge';

registerNamespace(ADMIN_KNOWLEDGE_NAMESPACE, {
  en: () => import('./knowledge-locales/en.ts').then((module) => module.en),
  es: () => import('./knowledge-locales/es.ts').then((module) => module.es),
  ta: () => import('./knowledge-locales/ta.ts').then((module) => module.ta),
  de: () => import('./knowledge-locales/de.ts').then((module) => module.de),
});
