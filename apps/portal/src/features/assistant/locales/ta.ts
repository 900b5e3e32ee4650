import type { AssistTexts } from './en.ts';

export const ta: AssistTexts = {
  label: 'AI Assist-இடம் கேளுங்கள்',
  placeholder: 'உங்கள் சேவைகள் பற்றி எதையும் என்னிடம் கேளுங்கள்...',
  ask: 'கேள்',
  open: 'AI Assist-ஐத் திற',
};
