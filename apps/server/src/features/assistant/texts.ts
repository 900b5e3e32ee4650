// The embedded answerer's own sentences in the portal's four languages. Figures are formatted with
// Intl for the language; everything the customer's account says comes from the account tools.
import type { Language } from '@gridfront/contracts';

const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-US', ta: 'ta-IN', de: 'de-DE' };

export function money(language: Language, cents: number, currency = 'USD'): string {
  return new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency }).format(cents / 100);
}

export function day(language: Language, isoDate: string): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T12:00:00Z`),
  );
}

export function quantity(language: Language, value: number, unit: string): string {
  return `${new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 0 }).format(value)} ${unit}`;
}

export interface AnswerTexts {
  fromArticle: (title: string) => string;
  source: string;
  declined: string;
  signInForAccount: string;
  noAccounts: string;
  account: (number: string) => string;
  balanceOwed: (amount: string) => string;
  balanceCredit: (amount: string) => string;
  balanceZero: string;
  dueDate: (amount: string, date: string) => string;
  lastBill: (date: string, amount: string) => string;
  changeUp: (amount: string) => string;
  changeDown: (amount: string) => string;
  changeSame: string;
  serviceUsage: (service: string, now: string, before: string) => string;
  noBill: string;
  lastPayment: (date: string, amount: string, method: string) => string;
  noPayment: string;
  usageMonth: (service: string, now: string, lastYear: string) => string;
  usageMonthNoHistory: (service: string, now: string) => string;
  autopayOn: (detail: string) => string;
  autopayOff: string;
  openRequests: (count: number) => string;
  openRequest: (reference: string, type: string, status: string, date: string) => string;
  noOpenRequests: string;
  payLink: string;
  requestLink: string;
  usageLink: string;
  services: Record<string, string>;
  refusedOther: string;
  agentAbout: (account: string) => string;
  agentNoPortalUser: string;
}

const services = {
  en: { electricity: 'Electricity', gas: 'Gas', water: 'Water', sewer: 'Sewer' },
  es: { electricity: 'Electricidad', gas: 'Gas', water: 'Agua', sewer: 'Alcantarillado' },
  ta: { electricity: 'மின்சாரம்', gas: 'எரிவாயு', water: 'தண்ணீர்', sewer: 'கழிவுநீர்' },
  de: { electricity: 'Strom', gas: 'Gas', water: 'Wasser', sewer: 'Abwasser' },
} as const;

export const TEXTS: Record<Language, AnswerTexts> = {
  en: {
    fromArticle: (title) => `From our article **${title}**:`,
    source: 'Source',
    declined:
      "I'm sorry, I don't know the answer to that: our help articles don't cover it. Please [contact us](/contactus) and our team will help.",
    signInForAccount:
      'To answer questions about your own account, please [sign in](/login) first. I can still answer general questions about our services.',
    noAccounts:
      'I could not find an account linked to your sign-in. You can add one in [Account Information](/accountInfo).',
    account: (n) => `**Account ${n}**`,
    balanceOwed: (a) => `Your balance is **${a}**.`,
    balanceCredit: (a) => `You have a credit of **${a}**; nothing is due.`,
    balanceZero: 'Your balance is **$0.00**; nothing is due.',
    dueDate: (a, d) => `Your last bill asked for ${a}, due on **${d}**.`,
    lastBill: (d, a) => `Your last bill, dated ${d}, has **${a}** of new charges.`,
    changeUp: (a) => `That is ${a} more than the bill before.`,
    changeDown: (a) => `That is ${a} less than the bill before.`,
    changeSame: 'That is the same as the bill before.',
    serviceUsage: (s, n, b) => `- ${s}: ${n} (bill before: ${b})`,
    noBill: 'There is no bill on this account yet.',
    lastPayment: (d, a, m) => `Your last payment was **${a}** on ${d} (${m}).`,
    noPayment: 'I see no payment on this account yet.',
    usageMonth: (s, n, l) => `${s} this month so far: **${n}**; the same days last year: ${l}.`,
    usageMonthNoHistory: (s, n) => `${s} this month so far: **${n}** (no reads from last year to compare).`,
    autopayOn: (d) => `AutoPay is **on** (${d}).`,
    autopayOff: 'AutoPay is **off**. You can turn it on in [Account Information](/accountInfo).',
    openRequests: (c) => `You have **${c}** open service request${c === 1 ? '' : 's'}:`,
    openRequest: (r, t, s, d) => `- ${r}: ${t}, ${s}, for ${d}`,
    noOpenRequests: 'You have no open service requests.',
    payLink: 'Pay now with [Quick Pay](/paybill).',
    requestLink: 'Start, stop or move service from your [To-Do](/todo) list.',
    usageLink: 'See the details in [Usage](/usage).',
    services: services.en,
    refusedOther: 'I can only show the accounts linked to your own sign-in.',
    agentAbout: (a) => `_Agent view: answering about the customer's account ${a}._`,
    agentNoPortalUser: 'Nobody has registered this account for the portal, so I cannot read its bills here.',
  },
  es: {
    fromArticle: (title) => `De nuestro artículo **${title}**:`,
    source: 'Fuente',
    declined:
      'Lo siento, no sé la respuesta: nuestros artículos de ayuda no lo cubren. Por favor [contáctenos](/contactus) y nuestro equipo le ayudará.',
    signInForAccount:
      'Para responder sobre su propia cuenta, primero [inicie sesión](/login). Aún puedo responder preguntas generales sobre nuestros servicios.',
    noAccounts:
      'No encontré ninguna cuenta vinculada a su sesión. Puede agregar una en [Información de la cuenta](/accountInfo).',
    account: (n) => `**Cuenta ${n}**`,
    balanceOwed: (a) => `Su saldo es de **${a}**.`,
    balanceCredit: (a) => `Tiene un crédito de **${a}**; no debe nada.`,
    balanceZero: 'Su saldo es **$0.00**; no debe nada.',
    dueDate: (a, d) => `Su última factura pedía ${a}, con vencimiento el **${d}**.`,
    lastBill: (d, a) => `Su última factura, del ${d}, tiene **${a}** de cargos nuevos.`,
    changeUp: (a) => `Son ${a} más que la factura anterior.`,
    changeDown: (a) => `Son ${a} menos que la factura anterior.`,
    changeSame: 'Es lo mismo que la factura anterior.',
    serviceUsage: (s, n, b) => `- ${s}: ${n} (factura anterior: ${b})`,
    noBill: 'Esta cuenta aún no tiene facturas.',
    lastPayment: (d, a, m) => `Su último pago fue de **${a}** el ${d} (${m}).`,
    noPayment: 'Aún no veo pagos en esta cuenta.',
    usageMonth: (s, n, l) => `${s} en lo que va del mes: **${n}**; los mismos días del año pasado: ${l}.`,
    usageMonthNoHistory: (s, n) => `${s} en lo que va del mes: **${n}** (sin lecturas del año pasado).`,
    autopayOn: (d) => `El pago automático (AutoPay) está **activado** (${d}).`,
    autopayOff:
      'El pago automático (AutoPay) está **desactivado**. Puede activarlo en [Información de la cuenta](/accountInfo).',
    openRequests: (c) =>
      `Tiene **${c}** solicitud${c === 1 ? '' : 'es'} de servicio abierta${c === 1 ? '' : 's'}:`,
    openRequest: (r, t, s, d) => `- ${r}: ${t}, ${s}, para el ${d}`,
    noOpenRequests: 'No tiene solicitudes de servicio abiertas.',
    payLink: 'Pague ahora con [Pago rápido](/paybill).',
    requestLink: 'Inicie, suspenda o traslade el servicio desde su lista de [Pendientes](/todo).',
    usageLink: 'Vea los detalles en [Consumo](/usage).',
    services: services.es,
    refusedOther: 'Solo puedo mostrar las cuentas vinculadas a su propia sesión.',
    agentAbout: (a) => `_Vista de agente: respondo sobre la cuenta del cliente ${a}._`,
    agentNoPortalUser:
      'Nadie ha registrado esta cuenta en el portal, así que no puedo leer sus facturas aquí.',
  },
  ta: {
    fromArticle: (title) => `எங்கள் கட்டுரை **${title}** இலிருந்து:`,
    source: 'ஆதாரம்',
    declined:
      'மன்னிக்கவும், இதற்கான பதில் எனக்குத் தெரியவில்லை: எங்கள் உதவிக் கட்டுரைகளில் இது இல்லை. [எங்களைத் தொடர்புகொள்ளுங்கள்](/contactus), எங்கள் குழு உதவும்.',
    signInForAccount:
      'உங்கள் சொந்தக் கணக்கு பற்றிய கேள்விகளுக்கு, முதலில் [உள்நுழையுங்கள்](/login). எங்கள் சேவைகள் பற்றிய பொதுக் கேள்விகளுக்கு நான் பதில் தருவேன்.',
    noAccounts: 'உங்கள் உள்நுழைவுடன் இணைந்த கணக்கு எதுவும் இல்லை. [கணக்குத் தகவல்](/accountInfo) பக்கத்தில் சேர்க்கலாம்.',
    account: (n) => `**கணக்கு ${n}**`,
    balanceOwed: (a) => `உங்கள் நிலுவைத் தொகை **${a}**.`,
    balanceCredit: (a) => `உங்களுக்கு **${a}** வரவு உள்ளது; செலுத்த வேண்டியது இல்லை.`,
    balanceZero: 'உங்கள் நிலுவை **$0.00**; செலுத்த வேண்டியது இல்லை.',
    dueDate: (a, d) => `உங்கள் கடைசி பில் ${a}; கடைசி தேதி **${d}**.`,
    lastBill: (d, a) => `${d} தேதியிட்ட உங்கள் கடைசி பில்லில் **${a}** புதிய கட்டணங்கள் உள்ளன.`,
    changeUp: (a) => `இது முந்தைய பில்லை விட ${a} அதிகம்.`,
    changeDown: (a) => `இது முந்தைய பில்லை விட ${a} குறைவு.`,
    changeSame: 'இது முந்தைய பில்லுக்குச் சமம்.',
    serviceUsage: (s, n, b) => `- ${s}: ${n} (முந்தைய பில்: ${b})`,
    noBill: 'இந்தக் கணக்கில் இன்னும் பில் இல்லை.',
    lastPayment: (d, a, m) => `உங்கள் கடைசி கட்டணம் ${d} அன்று **${a}** (${m}).`,
    noPayment: 'இந்தக் கணக்கில் இன்னும் கட்டணம் எதுவும் இல்லை.',
    usageMonth: (s, n, l) => `இந்த மாதம் இதுவரை ${s}: **${n}**; கடந்த ஆண்டு அதே நாட்களில்: ${l}.`,
    usageMonthNoHistory: (s, n) => `இந்த மாதம் இதுவரை ${s}: **${n}** (ஒப்பிடக் கடந்த ஆண்டு அளவீடுகள் இல்லை).`,
    autopayOn: (d) => `AutoPay **இயக்கத்தில்** உள்ளது (${d}).`,
    autopayOff: 'AutoPay **அணைக்கப்பட்டுள்ளது**. [கணக்குத் தகவல்](/accountInfo) பக்கத்தில் இயக்கலாம்.',
    openRequests: (c) => `உங்களிடம் **${c}** திறந்த சேவைக் கோரிக்கைகள் உள்ளன:`,
    openRequest: (r, t, s, d) => `- ${r}: ${t}, ${s}, ${d}`,
    noOpenRequests: 'உங்களிடம் திறந்த சேவைக் கோரிக்கைகள் இல்லை.',
    payLink: '[விரைவுக் கட்டணம்](/paybill) மூலம் இப்போதே செலுத்துங்கள்.',
    requestLink: 'சேவையைத் தொடங்க, நிறுத்த அல்லது மாற்ற உங்கள் [செய்ய வேண்டியவை](/todo) பட்டியலைப் பயன்படுத்துங்கள்.',
    usageLink: 'விவரங்களை [பயன்பாடு](/usage) பக்கத்தில் பாருங்கள்.',
    services: services.ta,
    refusedOther: 'உங்கள் சொந்த உள்நுழைவுடன் இணைந்த கணக்குகளை மட்டுமே என்னால் காட்ட முடியும்.',
    agentAbout: (a) => `_முகவர் பார்வை: வாடிக்கையாளர் கணக்கு ${a} பற்றிப் பதில் அளிக்கிறேன்._`,
    agentNoPortalUser: 'இந்தக் கணக்கை யாரும் போர்ட்டலில் பதிவு செய்யவில்லை, அதனால் அதன் பில்களை இங்கே படிக்க முடியாது.',
  },
  de: {
    fromArticle: (title) => `Aus unserem Artikel **${title}**:`,
    source: 'Quelle',
    declined:
      'Das weiß ich leider nicht: Unsere Hilfeartikel behandeln diese Frage nicht. Bitte [kontaktieren Sie uns](/contactus), unser Team hilft Ihnen weiter.',
    signInForAccount:
      'Um Fragen zu Ihrem eigenen Konto zu beantworten, [melden Sie sich bitte an](/login). Allgemeine Fragen zu unseren Leistungen beantworte ich gern.',
    noAccounts:
      'Ich finde kein Konto, das mit Ihrer Anmeldung verknüpft ist. Sie können eines unter [Kontoinformationen](/accountInfo) hinzufügen.',
    account: (n) => `**Konto ${n}**`,
    balanceOwed: (a) => `Ihr Kontostand: **${a}** offen.`,
    balanceCredit: (a) => `Sie haben ein Guthaben von **${a}**; nichts ist fällig.`,
    balanceZero: 'Ihr Kontostand ist **0,00 $**; nichts ist fällig.',
    dueDate: (a, d) => `Ihre letzte Rechnung über ${a} ist am **${d}** fällig.`,
    lastBill: (d, a) => `Ihre letzte Rechnung vom ${d} enthält **${a}** neue Kosten.`,
    changeUp: (a) => `Das sind ${a} mehr als bei der Rechnung davor.`,
    changeDown: (a) => `Das sind ${a} weniger als bei der Rechnung davor.`,
    changeSame: 'Das ist so viel wie bei der Rechnung davor.',
    serviceUsage: (s, n, b) => `- ${s}: ${n} (Rechnung davor: ${b})`,
    noBill: 'Für dieses Konto gibt es noch keine Rechnung.',
    lastPayment: (d, a, m) => `Ihre letzte Zahlung: **${a}** am ${d} (${m}).`,
    noPayment: 'Ich sehe noch keine Zahlung auf diesem Konto.',
    usageMonth: (s, n, l) => `${s} in diesem Monat bisher: **${n}**; dieselben Tage im Vorjahr: ${l}.`,
    usageMonthNoHistory: (s, n) =>
      `${s} in diesem Monat bisher: **${n}** (keine Vorjahreswerte zum Vergleich).`,
    autopayOn: (d) => `AutoPay ist **eingeschaltet** (${d}).`,
    autopayOff:
      'AutoPay ist **ausgeschaltet**. Sie können es unter [Kontoinformationen](/accountInfo) einschalten.',
    openRequests: (c) => `Sie haben **${c}** offene Serviceanfrage${c === 1 ? '' : 'n'}:`,
    openRequest: (r, t, s, d) => `- ${r}: ${t}, ${s}, zum ${d}`,
    noOpenRequests: 'Sie haben keine offenen Serviceanfragen.',
    payLink: 'Jetzt mit [Schnellzahlung](/paybill) bezahlen.',
    requestLink: 'Anmelden, abmelden oder umziehen über Ihre [Aufgaben](/todo).',
    usageLink: 'Details finden Sie unter [Verbrauch](/usage).',
    services: services.de,
    refusedOther: 'Ich kann nur die Konten zeigen, die mit Ihrer eigenen Anmeldung verknüpft sind.',
    agentAbout: (a) => `_Ansicht für Mitarbeitende: Antwort zum Kundenkonto ${a}._`,
    agentNoPortalUser:
      'Niemand hat dieses Konto für das Portal registriert, daher kann ich seine Rechnungen hier nicht lesen.',
  },
};
