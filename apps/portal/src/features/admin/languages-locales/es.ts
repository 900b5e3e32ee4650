import type { AdminLanguagesTexts } from './en.ts';

export const es: AdminLanguagesTexts = {
  heading: 'Idiomas',
  intro:
    'Los idiomas que sus clientes pueden elegir en el portal. Quien aún no ha elegido uno ve el idioma predeterminado.',
  enabled: 'Idiomas ofrecidos',
  default: 'Idioma predeterminado',
  save: 'Guardar idiomas',
  saving: 'Guardando…',
  saved: 'Idiomas guardados. El portal los ofrece desde ahora.',
  noneEnabled: 'Elija al menos un idioma.',
  loading: 'Cargando…',
  loadFailed: 'No pudimos cargar los idiomas.',
  retry: 'Reintentar',
};
