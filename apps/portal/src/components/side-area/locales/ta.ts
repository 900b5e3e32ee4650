import type { en } from './en.ts';

export const ta: typeof en = {
  areas: { insights: 'ஆற்றல் நுண்ணறிவு', rateComparison: 'கட்டணத் திட்ட ஒப்பீடு', assistant: 'AI Assist' },
  title: '{{area}} வழங்கப்படவில்லை',
  text: '{{utility}} {{area}} சேவையை வழங்கவில்லை. உங்கள் கட்டணங்கள், செலுத்துதல்கள் மற்றும் பயன்பாடு வழக்கம்போல் போர்டலில் உள்ளன.',
  home: 'முகப்புப் பக்கத்திற்குத் திரும்பு',
};
