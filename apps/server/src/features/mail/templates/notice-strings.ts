// Names of the notice types and the unsubscribe footer of every notice, in the four languages.
// The portal's /settings shows the same names from its own i18n namespace.
import type { Language, NoticeType } from '@gridfront/contracts';

export interface NoticeStrings {
  typeName: Record<NoticeType, string>;
  /** Why the mail came, naming its type. */
  why: (typeName: string) => string;
  unsubscribe: string;
}

export const NOTICE_STRINGS: Record<Language, NoticeStrings> = {
  en: {
    typeName: {
      bill_ready: 'New bill ready',
      due_reminder: 'Payment due reminders',
      past_due: 'Past-due notices',
      autopay: 'AutoPay notices',
      service_requests: 'Service request updates',
    },
    why: (typeName) => `You receive this e-mail because "${typeName}" is turned on in your Settings.`,
    unsubscribe: 'Unsubscribe from these e-mails',
  },
  es: {
    typeName: {
      bill_ready: 'Factura nueva disponible',
      due_reminder: 'Recordatorios de vencimiento',
      past_due: 'Avisos de pago vencido',
      autopay: 'Avisos de AutoPay',
      service_requests: 'Novedades de solicitudes de servicio',
    },
    why: (typeName) => `Recibe este correo porque «${typeName}» está activado en su Configuración.`,
    unsubscribe: 'Darse de baja de estos correos',
  },
  ta: {
    typeName: {
      bill_ready: 'புதிய கட்டணப் பட்டியல் தயார்',
      due_reminder: 'கட்டணம் செலுத்த நினைவூட்டல்கள்',
      past_due: 'கெடு தாண்டிய அறிவிப்புகள்',
      autopay: 'AutoPay அறிவிப்புகள்',
      service_requests: 'சேவைக் கோரிக்கை புதுப்பிப்புகள்',
    },
    why: (typeName) => `உங்கள் அமைப்புகளில் "${typeName}" இயக்கப்பட்டுள்ளதால் இந்த மின்னஞ்சல் உங்களுக்கு வருகிறது.`,
    unsubscribe: 'இந்த மின்னஞ்சல்களிலிருந்து விலகு',
  },
  de: {
    typeName: {
      bill_ready: 'Neue Rechnung verfügbar',
      due_reminder: 'Zahlungserinnerungen',
      past_due: 'Hinweise auf überfällige Zahlungen',
      autopay: 'AutoPay-Hinweise',
      service_requests: 'Neuigkeiten zu Serviceanfragen',
    },
    why: (typeName) => `Sie erhalten diese E-Mail, weil „${typeName}“ in Ihren Einstellungen aktiviert ist.`,
    unsubscribe: 'Diese E-Mails abbestellen',
  },
};
