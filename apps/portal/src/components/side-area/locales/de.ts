import type { en } from './en.ts';

export const de: typeof en = {
  areas: { insights: 'Energie-Einblicke', rateComparison: 'Tarifvergleich', assistant: 'AI Assist' },
  title: '{{area}} wird nicht angeboten',
  text: '{{area}} wird von {{utility}} nicht angeboten. Ihre Rechnungen, Zahlungen und Ihr Verbrauch stehen wie gewohnt im Portal.',
  home: 'Zurück zur Startseite',
};
