import type { ChartTexts } from './en.ts';

export const de: ChartTexts = {
  roleDescription: 'Diagramm',
  views: { label: 'Anzeigen als', chart: 'Diagramm', table: 'Tabelle' },
  keyboardHelp:
    'Mit den Pfeiltasten links und rechts wechseln Sie zwischen den Punkten, mit Pos1 und Ende zum ersten und letzten.',
  drillHelp: 'Drücken Sie die Eingabetaste, um den markierten Punkt zu öffnen.',
  resetZoom: 'Zoom zurücksetzen',
  zoomHint: 'Ziehen Sie über das Diagramm, um es zu vergrößern.',
  downloadCsv: 'CSV herunterladen',
  noData: 'keine Daten',
  legend: 'Legende',
  table: {
    period: 'Zeitraum',
    previous: 'Zurück',
    next: 'Weiter',
    page: 'Seite {{page}} von {{pages}}',
    pages: 'Tabellenseiten',
  },
  loading: '{{title}} wird geladen',
  error: '{{title}} konnte nicht geladen werden',
  retry: 'Erneut versuchen',
};
