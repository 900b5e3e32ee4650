// The rate comparison page's texts, an i18next namespace of their own: they load with /gridx, in
// the active language only.
import { rateComparisonMessages } from '@gridfront/contracts/rate-comparison-basics';
import { registerNamespace } from '../../i18n/i18n.ts';

export const RATES_NAMESPACE = 'rates';

registerNamespace(RATES_NAMESPACE, {
  en: () => import('./locales/en.ts').then((module) => module.en),
  es: () => import('./locales/es.ts').then((module) => module.es),
  ta: () => import('./locales/ta.ts').then((module) => module.ta),
  de: () => import('./locales/de.ts').then((module) => module.de),
});

type MessageKey = keyof typeof rateComparisonMessages;
const keyByText = new Map(
  Object.entries(rateComparisonMessages).map(([key, text]) => [text as string, key as MessageKey]),
);

/** The key under `server.` of a message of the gridx calls; {reference} messages match by their start. */
export function serverMessageKey(message: string): { key: MessageKey; reference?: string } | null {
  const key = keyByText.get(message);
  if (key) return { key };
  const open = /^A request to switch plans is already open \((SR-[\w-]+)\)$/.exec(message);
  return open ? { key: 'switchAlreadyOpen', reference: open[1] } : null;
}
