// The words of the contact-form confirmation e-mail, one object per language (en, es, ta, de).
// The greeting, help line and signature come from the account mails' strings.
import type { Language } from '@gridfront/contracts';

export interface ContactMailStrings {
  messageSubject: (utility: string, reference: string) => string;
  appointmentSubject: (utility: string, reference: string) => string;
  messageIntro: string;
  appointmentIntro: string;
  referenceLabel: string;
  appointmentLabel: string;
  copyHeading: string;
  subjectLabel: string;
  phoneLabel: string;
}

const en: ContactMailStrings = {
  messageSubject: (utility, reference) => `${utility}: we received your message (${reference})`,
  appointmentSubject: (utility, reference) => `${utility}: your appointment request (${reference})`,
  messageIntro: 'Thank you for contacting us. We will get back to you within one business day.',
  appointmentIntro:
    'Thank you for your appointment request. We will confirm the time with you within one business day.',
  referenceLabel: 'Reference number',
  appointmentLabel: 'Preferred appointment',
  copyHeading: 'A copy of what you sent us:',
  subjectLabel: 'Subject',
  phoneLabel: 'Phone',
};

const es: ContactMailStrings = {
  messageSubject: (utility, reference) => `${utility}: hemos recibido su mensaje (${reference})`,
  appointmentSubject: (utility, reference) => `${utility}: su solicitud de cita (${reference})`,
  messageIntro: 'Gracias por ponerse en contacto con nosotros. Le responderemos en un plazo de un día hábil.',
  appointmentIntro: 'Gracias por solicitar una cita. Le confirmaremos la hora en un plazo de un día hábil.',
  referenceLabel: 'Número de referencia',
  appointmentLabel: 'Cita preferida',
  copyHeading: 'Una copia de lo que nos envió:',
  subjectLabel: 'Asunto',
  phoneLabel: 'Teléfono',
};

const ta: ContactMailStrings = {
  messageSubject: (utility, reference) => `${utility}: உங்கள் செய்தி கிடைத்தது (${reference})`,
  appointmentSubject: (utility, reference) => `${utility}: உங்கள் சந்திப்புக் கோரிக்கை (${reference})`,
  messageIntro: 'எங்களைத் தொடர்பு கொண்டதற்கு நன்றி. ஒரு வேலை நாளுக்குள் உங்களுக்குப் பதிலளிப்போம்.',
  appointmentIntro: 'சந்திப்புக் கோரிக்கைக்கு நன்றி. ஒரு வேலை நாளுக்குள் நேரத்தை உங்களுடன் உறுதிப்படுத்துவோம்.',
  referenceLabel: 'குறிப்பு எண்',
  appointmentLabel: 'விருப்பமான சந்திப்பு நேரம்',
  copyHeading: 'நீங்கள் அனுப்பியதன் நகல்:',
  subjectLabel: 'பொருள்',
  phoneLabel: 'தொலைபேசி',
};

const de: ContactMailStrings = {
  messageSubject: (utility, reference) => `${utility}: Wir haben Ihre Nachricht erhalten (${reference})`,
  appointmentSubject: (utility, reference) => `${utility}: Ihre Terminanfrage (${reference})`,
  messageIntro: 'Vielen Dank für Ihre Nachricht. Wir melden uns innerhalb eines Werktags bei Ihnen.',
  appointmentIntro:
    'Vielen Dank für Ihre Terminanfrage. Wir bestätigen Ihnen den Termin innerhalb eines Werktags.',
  referenceLabel: 'Referenznummer',
  appointmentLabel: 'Gewünschter Termin',
  copyHeading: 'Eine Kopie Ihrer Nachricht:',
  subjectLabel: 'Betreff',
  phoneLabel: 'Telefon',
};

export const CONTACT_MAIL_STRINGS: Record<Language, ContactMailStrings> = { en, es, ta, de };
