import type { en } from './en.ts';

export const es: typeof en = {
  loading: 'Cargando el contenido…',
  loadFailed: 'No se pudo cargar el contenido.',
  retry: 'Intentar de nuevo',
  saved: 'Guardado.',
  removed: 'Eliminado: los visitantes vuelven a ver el texto predeterminado.',
  documents: {
    heading: 'Páginas y documentos',
    intro:
      'Escriba cada texto en todos los idiomas que ofrece la empresa. El visitante lo ve en su idioma; si no existe, en el idioma predeterminado y, si tampoco, el texto incluido en el portal.',
    document: 'Documento',
    language: 'Idioma del texto',
    text: 'Texto',
    hint: 'Texto sin formato: una línea en blanco inicia un párrafo nuevo; un párrafo que empieza con ## es un título. Déjelo vacío y guarde para volver al texto predeterminado.',
    count: '{{count}} de {{max}} caracteres',
    preview: 'Vista previa',
    empty:
      'No hay nada escrito en este idioma: los visitantes ven el texto del idioma predeterminado o el texto incluido.',
    startsFromBuiltIn:
      'Aún no se ha guardado en este idioma. Este es el texto incluido que ven hoy los visitantes: edítelo y guárdelo.',
    startsFromOther:
      'Aún no se ha guardado en este idioma. Hoy los visitantes ven este texto en {{language}}: tradúzcalo o edítelo y guárdelo.',
    save: 'Guardar texto',
    lastSaved: 'Guardado por última vez: {{when}}',
    kinds: {
      about: 'Quiénes somos',
      services: 'Servicios',
      privacyPolicy: 'Política de privacidad',
      termsOfUse: 'Términos de uso',
      paymentAgreement: 'Acuerdo de pago electrónico',
      contactHours: 'Horario de atención',
      contactAddress: 'Dirección de la oficina',
    },
  },
  channels: {
    heading: 'Canales de contacto',
    intro: 'Se muestran en Contáctenos y en el pie de página, iguales en todos los idiomas.',
    phone: 'Teléfono de atención al cliente',
    outagePhone: 'Teléfono para cortes de servicio',
    email: 'Correo de atención al cliente',
    save: 'Guardar canales',
  },
  errors: {
    tooLong: 'Use como máximo {{max}} caracteres.',
    language: 'Este idioma no está habilitado para la empresa.',
    phone: 'Use solo dígitos, espacios y + ( ) - ., como máximo 40 caracteres.',
    email: 'Introduzca un correo electrónico válido.',
  },
  images: {
    heading: 'Logotipo e imágenes',
    intro:
      'PNG, JPEG o WebP, de hasta {{max}} KiB cada una. No se aceptan SVG porque pueden contener scripts. Sin imagen se muestra el arte del tema.',
    slots: {
      logo: 'Logotipo (en el encabezado, junto al nombre)',
      header: 'Imagen del encabezado',
      footer: 'Imagen del pie de página',
    },
    current: '{{slot}} actual',
    none: 'Ninguna: se muestra el arte del tema.',
    file: 'Elegir un archivo',
    upload: 'Subir',
    remove: 'Quitar',
    uploaded: 'Subida.',
    removedImage: 'Quitada: se vuelve a mostrar el arte del tema.',
    errors: {
      choose: 'Elija primero un archivo.',
      type: 'Suba una imagen PNG, JPEG o WebP. No se aceptan SVG.',
      tooLarge: 'La imagen supera los {{max}} KiB.',
      empty: 'El archivo está vacío.',
    },
  },
};
