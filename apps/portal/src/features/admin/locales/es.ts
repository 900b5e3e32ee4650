import type { AdminTexts } from './en.ts';

export const es: AdminTexts = {
  title: {
    admin: 'Administración',
    forbidden: 'Acceso denegado',
  },
  intro: 'La marca de su empresa de servicios y el registro de cada cambio hecho aquí.',
  forbidden: {
    text: 'Esta página es solo para los administradores de la empresa.',
    signIn: 'Iniciar sesión como administrador',
    home: 'Volver al inicio',
  },
  loading: 'Cargando…',
  loadFailed: 'No pudimos cargar esto.',
  retry: 'Intentar de nuevo',
  brand: {
    heading: 'Marca',
    name: 'Nombre de la empresa',
    theme: 'Tema inicial',
    colors: 'Colores',
    preview: 'Vista previa',
    previewText: 'Texto en la página, con un enlace.',
    previewButton: 'Un botón',
    contrastOk: 'Cada par de texto y fondo cumple WCAG AA.',
    contrastFailing: 'Estos pares no cumplen WCAG AA y no se pueden guardar:',
    pair: '{{foreground}} sobre {{background}}: {{ratio}}:1, necesita {{required}}:1',
    save: 'Guardar marca',
    saving: 'Guardando…',
    saved: 'Marca guardada. El portal la muestra a partir de ahora.',
  },
  audit: {
    heading: 'Registro de auditoría',
    filter: 'Acción',
    apply: 'Filtrar',
    empty: 'Sin entradas.',
    when: 'Cuándo',
    action: 'Acción',
    user: 'Usuario',
    system: 'Sistema',
  },
};
