import type { ChartTexts } from './en.ts';

export const es: ChartTexts = {
  roleDescription: 'gráfico',
  views: { label: 'Mostrar como', chart: 'Gráfico', table: 'Tabla' },
  keyboardHelp:
    'Use las flechas izquierda y derecha para moverse entre los puntos, Inicio y Fin para el primero y el último.',
  drillHelp: 'Pulse Intro para abrir el punto resaltado.',
  resetZoom: 'Restablecer zoom',
  zoomHint: 'Arrastre sobre el gráfico para ampliar.',
  downloadCsv: 'Descargar CSV',
  noData: 'sin datos',
  legend: 'Leyenda',
  table: {
    period: 'Periodo',
    previous: 'Anterior',
    next: 'Siguiente',
    page: 'Página {{page}} de {{pages}}',
    pages: 'Páginas de la tabla',
  },
  loading: 'Cargando {{title}}',
  error: 'No se pudo cargar {{title}}',
  retry: 'Intentar de nuevo',
};
