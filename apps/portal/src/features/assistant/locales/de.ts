import type { AssistTexts } from './en.ts';

export const de: AssistTexts = {
  label: 'AI Assist fragen',
  placeholder: 'Fragen Sie mich alles zu Ihren Leistungen...',
  ask: 'Fragen',
  open: 'AI Assist öffnen',
};
