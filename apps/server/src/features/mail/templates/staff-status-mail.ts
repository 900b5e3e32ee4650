// The e-mail a customer gets when the utility's staff change the status of their service request or
// contact message, in the customer's language.
import type { Language } from '@gridfront/contracts';
import type { StaffItemKind, StaffStatus } from '@gridfront/contracts/staff';
import { type MailBrand, mailLanguage, type RenderedMail, renderFactsMail } from './render.ts';

export interface StaffStatusMailContent {
  recipientName: string;
  kind: StaffItemKind;
  referenceNumber: string;
  /** The request type or the message's subject, as the customer wrote or chose it. */
  subject: string;
  status: StaffStatus;
}

interface StaffStatusStrings {
  subject: (utility: string, reference: string) => string;
  intro: Record<StaffItemKind, string>;
  reference: string;
  about: string;
  newStatus: string;
  status: Record<StaffStatus, string>;
  closing: { open: string; closed: string };
}

const STRINGS: Record<Language, StaffStatusStrings> = {
  en: {
    subject: (utility, reference) => `${utility}: update on your request ${reference}`,
    intro: {
      service_request: 'The status of your service request has changed.',
      contact_message: 'The status of your message to us has changed.',
    },
    reference: 'Reference number',
    about: 'About',
    newStatus: 'New status',
    status: {
      submitted: 'Received',
      open: 'Open',
      in_progress: 'In progress',
      completed: 'Completed',
      cancelled: 'Cancelled',
      closed: 'Closed',
    },
    closing: {
      open: 'We will write to you again when it changes. Please quote the reference number if you contact us.',
      closed:
        'We have finished working on it. If something is still not right, reply through the portal’s Contact Us page with the reference number.',
    },
  },
  es: {
    subject: (utility, reference) => `${utility}: novedades de su solicitud ${reference}`,
    intro: {
      service_request: 'El estado de su solicitud de servicio ha cambiado.',
      contact_message: 'El estado de su mensaje ha cambiado.',
    },
    reference: 'Número de referencia',
    about: 'Asunto',
    newStatus: 'Nuevo estado',
    status: {
      submitted: 'Recibida',
      open: 'Abierta',
      in_progress: 'En curso',
      completed: 'Completada',
      cancelled: 'Cancelada',
      closed: 'Cerrada',
    },
    closing: {
      open: 'Le escribiremos de nuevo cuando cambie. Indique el número de referencia si se pone en contacto con nosotros.',
      closed:
        'Hemos terminado de atenderla. Si algo sigue sin estar bien, escríbanos desde la página Contáctenos del portal con el número de referencia.',
    },
  },
  ta: {
    subject: (utility, reference) => `${utility}: உங்கள் கோரிக்கை ${reference} பற்றிய புதுப்பிப்பு`,
    intro: {
      service_request: 'உங்கள் சேவைக் கோரிக்கையின் நிலை மாறியுள்ளது.',
      contact_message: 'எங்களுக்கு நீங்கள் அனுப்பிய செய்தியின் நிலை மாறியுள்ளது.',
    },
    reference: 'குறிப்பு எண்',
    about: 'பொருள்',
    newStatus: 'புதிய நிலை',
    status: {
      submitted: 'பெறப்பட்டது',
      open: 'திறந்துள்ளது',
      in_progress: 'செயல்பாட்டில் உள்ளது',
      completed: 'முடிந்தது',
      cancelled: 'ரத்து செய்யப்பட்டது',
      closed: 'மூடப்பட்டது',
    },
    closing: {
      open: 'நிலை மீண்டும் மாறும்போது உங்களுக்கு எழுதுவோம். எங்களைத் தொடர்புகொள்ளும்போது குறிப்பு எண்ணைக் குறிப்பிடவும்.',
      closed:
        'இதற்கான பணியை முடித்துவிட்டோம். ஏதேனும் இன்னும் சரியில்லை என்றால், குறிப்பு எண்ணுடன் போர்ட்டலின் தொடர்பு பக்கத்தில் எழுதவும்.',
    },
  },
  de: {
    subject: (utility, reference) => `${utility}: Neuigkeiten zu Ihrer Anfrage ${reference}`,
    intro: {
      service_request: 'Der Status Ihres Serviceauftrags hat sich geändert.',
      contact_message: 'Der Status Ihrer Nachricht an uns hat sich geändert.',
    },
    reference: 'Referenznummer',
    about: 'Betreff',
    newStatus: 'Neuer Status',
    status: {
      submitted: 'Eingegangen',
      open: 'Offen',
      in_progress: 'In Bearbeitung',
      completed: 'Erledigt',
      cancelled: 'Storniert',
      closed: 'Geschlossen',
    },
    closing: {
      open: 'Wir schreiben Ihnen wieder, wenn er sich ändert. Bitte nennen Sie die Referenznummer, wenn Sie uns kontaktieren.',
      closed:
        'Wir haben die Bearbeitung abgeschlossen. Wenn noch etwas nicht stimmt, schreiben Sie uns mit der Referenznummer über die Kontaktseite des Portals.',
    },
  },
};

const FINAL: readonly StaffStatus[] = ['completed', 'cancelled', 'closed'];

export function renderStaffStatusMail(
  locale: string | null | undefined,
  brand: MailBrand,
  content: StaffStatusMailContent,
): RenderedMail {
  const language = mailLanguage(locale);
  const words = STRINGS[language];
  return renderFactsMail(brand, language, {
    subject: words.subject(brand.name, content.referenceNumber),
    recipientName: content.recipientName,
    intro: words.intro[content.kind],
    facts: [
      [words.reference, content.referenceNumber],
      [words.about, content.subject],
      [words.newStatus, words.status[content.status]],
    ],
    after: [FINAL.includes(content.status) ? words.closing.closed : words.closing.open],
  });
}
