// The two e-mails of a service request: the customer's confirmation (in their language, with the
// reference number and what they asked for) and the notice to the utility's staff (in English).
import type { Language, PropertyType, UtilityType } from '@gridfront/contracts';
import { type MailBrand, mailLanguage, type RenderedMail, renderFactsMail } from './render.ts';

export interface ServiceRequestMailContent {
  referenceNumber: string;
  /** start, stop, transfer or plan_switch. */
  requestType: string;
  accountHolderName: string;
  email: string;
  phone: string;
  effectiveDate: string;
  serviceAddress: string;
  serviceZip: string;
  propertyType: PropertyType;
  services: UtilityType[];
  serviceDescription: string;
  newServiceAddress?: string;
  newServiceZip?: string;
  /** Details of requests filed by other features (a plan switch's tariff). */
  note?: string;
}

interface ServiceRequestStrings {
  subject: (utility: string, reference: string) => string;
  intro: string;
  reference: string;
  kind: string;
  kinds: Record<string, string>;
  effectiveDate: string;
  address: string;
  newAddress: string;
  propertyType: string;
  propertyTypes: Record<PropertyType, string>;
  services: string;
  serviceNames: Record<UtilityType, string>;
  status: string;
  submitted: string;
  next: string;
}

const STRINGS: Record<Language, ServiceRequestStrings> = {
  en: {
    subject: (utility, reference) => `${utility}: we received your service request (${reference})`,
    intro: 'Thank you. We received your service request and will confirm it within two business days.',
    reference: 'Reference number',
    kind: 'Request',
    kinds: {
      start: 'Start service',
      stop: 'Stop service',
      transfer: 'Transfer service',
      plan_switch: 'Switch rate plan',
    },
    effectiveDate: 'Effective date',
    address: 'Service address',
    newAddress: 'New service address',
    propertyType: 'Property type',
    propertyTypes: {
      Commercial: 'Commercial',
      Residential: 'Residential',
      Industrial: 'Industrial',
      Medical: 'Medical',
      'Multi-Family': 'Multi-Family',
    },
    services: 'Services',
    serviceNames: { electricity: 'Electricity', gas: 'Gas', water: 'Water', sewer: 'Sewer' },
    status: 'Status',
    submitted: 'Submitted',
    next: 'You can follow its status on the Start / Stop Service page of the portal. Please quote the reference number when you contact us.',
  },
  es: {
    subject: (utility, reference) => `${utility}: hemos recibido su solicitud de servicio (${reference})`,
    intro:
      'Gracias. Hemos recibido su solicitud de servicio y la confirmaremos en un plazo de dos días hábiles.',
    reference: 'Número de referencia',
    kind: 'Solicitud',
    kinds: {
      start: 'Iniciar el servicio',
      stop: 'Dar de baja el servicio',
      transfer: 'Trasladar el servicio',
      plan_switch: 'Cambiar de tarifa',
    },
    effectiveDate: 'Fecha de efecto',
    address: 'Dirección del servicio',
    newAddress: 'Nueva dirección del servicio',
    propertyType: 'Tipo de inmueble',
    propertyTypes: {
      Commercial: 'Comercial',
      Residential: 'Residencial',
      Industrial: 'Industrial',
      Medical: 'Médico',
      'Multi-Family': 'Multifamiliar',
    },
    services: 'Servicios',
    serviceNames: { electricity: 'Electricidad', gas: 'Gas', water: 'Agua', sewer: 'Alcantarillado' },
    status: 'Estado',
    submitted: 'Enviada',
    next: 'Puede seguir su estado en la página Alta / Baja de servicio del portal. Indique el número de referencia cuando se ponga en contacto con nosotros.',
  },
  ta: {
    subject: (utility, reference) => `${utility}: உங்கள் சேவைக் கோரிக்கை கிடைத்தது (${reference})`,
    intro: 'நன்றி. உங்கள் சேவைக் கோரிக்கை எங்களுக்குக் கிடைத்தது; இரண்டு வேலை நாட்களுக்குள் உறுதிசெய்வோம்.',
    reference: 'குறிப்பு எண்',
    kind: 'கோரிக்கை',
    kinds: {
      start: 'சேவையைத் தொடங்குதல்',
      stop: 'சேவையை நிறுத்துதல்',
      transfer: 'சேவையை இடமாற்றுதல்',
      plan_switch: 'கட்டணத் திட்டத்தை மாற்றுதல்',
    },
    effectiveDate: 'நடைமுறைக்கு வரும் தேதி',
    address: 'சேவை முகவரி',
    newAddress: 'புதிய சேவை முகவரி',
    propertyType: 'சொத்தின் வகை',
    propertyTypes: {
      Commercial: 'வணிகம்',
      Residential: 'குடியிருப்பு',
      Industrial: 'தொழிற்சாலை',
      Medical: 'மருத்துவம்',
      'Multi-Family': 'பல குடும்பக் குடியிருப்பு',
    },
    services: 'சேவைகள்',
    serviceNames: { electricity: 'மின்சாரம்', gas: 'எரிவாயு', water: 'குடிநீர்', sewer: 'கழிவுநீர்' },
    status: 'நிலை',
    submitted: 'சமர்ப்பிக்கப்பட்டது',
    next: 'அதன் நிலையைப் போர்ட்டலின் சேவை தொடக்கம் / நிறுத்தம் பக்கத்தில் பார்க்கலாம். எங்களைத் தொடர்புகொள்ளும்போது குறிப்பு எண்ணைக் குறிப்பிடவும்.',
  },
  de: {
    subject: (utility, reference) => `${utility}: Ihr Serviceauftrag ist eingegangen (${reference})`,
    intro:
      'Vielen Dank. Ihr Serviceauftrag ist bei uns eingegangen; wir bestätigen ihn innerhalb von zwei Werktagen.',
    reference: 'Referenznummer',
    kind: 'Auftrag',
    kinds: {
      start: 'Versorgung anmelden',
      stop: 'Versorgung abmelden',
      transfer: 'Versorgung umziehen',
      plan_switch: 'Tarif wechseln',
    },
    effectiveDate: 'Stichtag',
    address: 'Versorgungsadresse',
    newAddress: 'Neue Versorgungsadresse',
    propertyType: 'Objektart',
    propertyTypes: {
      Commercial: 'Gewerbe',
      Residential: 'Wohngebäude',
      Industrial: 'Industrie',
      Medical: 'Medizinische Einrichtung',
      'Multi-Family': 'Mehrfamilienhaus',
    },
    services: 'Sparten',
    serviceNames: { electricity: 'Strom', gas: 'Gas', water: 'Wasser', sewer: 'Abwasser' },
    status: 'Status',
    submitted: 'Eingereicht',
    next: 'Den Stand sehen Sie im Portal auf der Seite Versorgung an- / abmelden. Bitte nennen Sie die Referenznummer, wenn Sie uns kontaktieren.',
  },
};

function facts(words: ServiceRequestStrings, content: ServiceRequestMailContent): [string, string][] {
  const rows: [string, string][] = [
    [words.reference, content.referenceNumber],
    [words.kind, words.kinds[content.requestType] ?? content.requestType],
    [words.effectiveDate, content.effectiveDate],
    [words.address, `${content.serviceAddress} ${content.serviceZip}`.trim()],
  ];
  if (content.newServiceAddress) {
    rows.push([words.newAddress, `${content.newServiceAddress} ${content.newServiceZip ?? ''}`.trim()]);
  }
  rows.push([words.propertyType, words.propertyTypes[content.propertyType]]);
  if (content.services.length > 0) {
    rows.push([words.services, content.services.map((service) => words.serviceNames[service]).join(', ')]);
  }
  return rows;
}

export function renderServiceRequestConfirmation(
  locale: string | null | undefined,
  brand: MailBrand,
  content: ServiceRequestMailContent,
): RenderedMail {
  const language = mailLanguage(locale);
  const words = STRINGS[language];
  return renderFactsMail(brand, language, {
    subject: words.subject(brand.name, content.referenceNumber),
    recipientName: content.accountHolderName,
    intro: words.intro,
    facts: [...facts(words, content), [words.status, words.submitted]],
    after: [words.next],
  });
}

/** The notice to the utility's contact address; its staff read English. */
export function renderServiceRequestNotification(
  brand: MailBrand,
  content: ServiceRequestMailContent,
  extras: { language: Language; username: string | null },
): RenderedMail {
  const words = STRINGS.en;
  const kind = words.kinds[content.requestType] ?? content.requestType;
  return renderFactsMail(brand, 'en', {
    subject: `Service request ${content.referenceNumber}: ${kind}, ${content.effectiveDate}`,
    intro: `${content.accountHolderName} filed a service request through the portal. Please work it within two business days.`,
    facts: [
      ...facts(words, content),
      ['Account holder', content.accountHolderName],
      ['Email', content.email],
      ['Phone', content.phone || '—'],
      ['Language', extras.language],
      ['Portal user', extras.username ?? 'not signed in'],
    ],
    after: [content.serviceDescription, content.note ?? ''].filter(Boolean),
  });
}
