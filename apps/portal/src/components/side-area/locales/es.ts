import type { en } from './en.ts';

export const es: typeof en = {
  areas: {
    insights: 'Información sobre su energía',
    rateComparison: 'Comparación de tarifas',
    assistant: 'AI Assist',
  },
  title: '{{area}} no está disponible',
  text: '{{utility}} no ofrece {{area}}. Sus facturas, pagos y consumo siguen en el portal como siempre.',
  home: 'Volver a la página de inicio',
};
