// Spanish texts of the Notifications section of /settings.
import type { NotificationTexts } from './en.ts';

export const es: NotificationTexts = {
  heading: 'Notificaciones por correo',
  intro:
    'Elija qué correos enviamos a {{email}}. Cada aviso incluye además un enlace para dejar de recibir ese tipo de correo.',
  loading: 'Cargando sus preferencias de notificación…',
  loadFailed: 'No pudimos cargar sus preferencias de notificación.',
  retry: 'Reintentar',
  saved: 'Guardado: {{type}} está {{state}}.',
  on: 'activado',
  off: 'desactivado',
  saveFailed: 'No pudimos guardar su elección. Inténtelo de nuevo.',
  types: {
    bill_ready: {
      label: 'Factura nueva disponible',
      description: 'Cuando se emite su nueva factura (cuentas sin papel).',
    },
    due_reminder: {
      label: 'Recordatorios de vencimiento',
      description: 'Unos días antes de la fecha de vencimiento, mientras la factura esté pendiente.',
    },
    past_due: {
      label: 'Avisos de pago vencido',
      description: 'Cuando ha pasado la fecha de vencimiento y la factura no está pagada por completo.',
    },
    autopay: {
      label: 'Avisos de AutoPay',
      description: 'Antes de un cargo de AutoPay y cuando no se puede realizar.',
    },
    service_requests: {
      label: 'Novedades de solicitudes de servicio',
      description: 'Cuando cambia el estado de su solicitud de alta, baja o traslado.',
    },
  },
};
