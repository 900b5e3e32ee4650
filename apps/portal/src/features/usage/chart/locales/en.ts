// English texts of the usage chart (views, table pages, CSV, zoom, keyboard help): the reference
// shape the other languages match key for key. Series and band names come from the caller.
export const en = {
  roleDescription: 'chart',
  views: { label: 'Show as', chart: 'Chart', table: 'Table' },
  keyboardHelp:
    'Use the left and right arrow keys to move between points, Home and End for the first and last.',
  drillHelp: 'Press Enter to open the highlighted point.',
  resetZoom: 'Reset zoom',
  zoomHint: 'Drag across the chart to zoom in.',
  downloadCsv: 'Download CSV',
  noData: 'no data',
  legend: 'Legend',
  table: {
    period: 'Period',
    previous: 'Previous',
    next: 'Next',
    page: 'Page {{page}} of {{pages}}',
    pages: 'Table pages',
  },
  loading: 'Loading {{title}}',
  error: 'Could not load {{title}}',
  retry: 'Try again',
};

export type ChartTexts = typeof en;
