// The texts of a side area's "not offered" page, an i18next namespace of their own: they load only
// when a utility has switched an area off.
import { registerNamespace } from '../../i18n/i18n.ts';

export const SIDE_AREA_NAMESPACE = 'side-area';

registerNamespace(SIDE_AREA_NAMESPACE, {
  en: () => import('./locales/en.ts').then((module) => module.en),
  es: () => import('./locales/es.ts').then((module) => module.es),
  ta: () => import('./locales/ta.ts').then((module) => module.ta),
  de: () => import('./locales/de.ts').then((module) => module.de),
});
