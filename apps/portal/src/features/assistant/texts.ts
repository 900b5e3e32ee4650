// The header search box's texts, an i18next namespace of their own: they load with the box (a chunk
// fetched after Home is drawn), in the active language only, so Home's first load does not grow.
import { registerNamespace } from '../../i18n/i18n.ts';

export const ASSIST_NAMESPACE = 'assist' as const;

registerNamespace(ASSIST_NAMESPACE, {
  en: () => import('./locales/en.ts').then((module) => module.en),
  es: () => import('./locales/es.ts').then((module) => module.es),
  ta: () => import('./locales/ta.ts').then((module) => module.ta),
  de: () => import('./locales/de.ts').then((module) => module.de),
});
