import type { MyAccountTexts } from './en.ts';

export const es: MyAccountTexts = {
  title: 'Mi cuenta',
  welcome: 'Hola de nuevo, {{name}}. Este es el resumen de su cuenta.',
  intro: 'Su factura, consumo, pago automático y solicitudes de servicio de un vistazo.',
  accountPicker: 'Cuenta',
  accountNumber: 'Cuenta {{number}}',
  noAccount: 'Todavía no hay ninguna cuenta de servicio vinculada a su usuario.',
  loading: 'Cargando…',
  panelFailed: 'No se pudo cargar esta parte de su cuenta.',
  accountFailed: 'No se pudo cargar su cuenta.',
  retry: 'Intentar de nuevo',
  amountDue: {
    heading: 'Importe a pagar',
    nothingDue: 'No tiene nada que pagar por ahora. ¡Gracias!',
    pastDue: 'Vencido',
  },
  autopay: {
    manage: 'Administrar el pago automático',
    setUp: 'Activar el pago automático',
  },
  usage: {
    heading: 'Consumo reciente',
    chartLabel: 'Consumo de {{service}} de los últimos {{count}} períodos de facturación, en {{unit}}',
    latest: '{{month}}: {{quantity}}',
    change: '{{change}} respecto al mismo período del año pasado',
    noLastYear: 'No hay datos del año pasado para comparar.',
    empty: 'Todavía no se ha registrado consumo en esta cuenta.',
    more: 'Ver todo su consumo',
    unit: {
      kWh: 'kWh',
      therm: 'termias',
      gal: 'galones',
    },
  },
  requests: {
    heading: 'Solicitudes de servicio abiertas',
    empty: 'No tiene solicitudes de servicio abiertas.',
    unavailable:
      'Sus solicitudes de servicio aún no se pueden mostrar. Las encontrará en Iniciar / suspender servicio.',
    effective: 'Desde el {{date}}',
    more: 'Iniciar, suspender o trasladar el servicio',
    types: {
      start: 'Alta de servicio',
      stop: 'Baja de servicio',
      transfer: 'Traslado de servicio',
      plan_switch: 'Cambio de tarifa',
    },
    status: {
      submitted: 'Enviada',
      in_progress: 'En curso',
      completed: 'Completada',
      cancelled: 'Cancelada',
    },
  },
  links: {
    heading: 'Accesos directos',
  },
};
