import type { AssistTexts } from './en.ts';

export const es: AssistTexts = {
  label: 'Preguntar a AI Assist',
  placeholder: 'Pregúnteme lo que quiera sobre sus servicios...',
  ask: 'Preguntar',
  open: 'Abrir AI Assist',
};
