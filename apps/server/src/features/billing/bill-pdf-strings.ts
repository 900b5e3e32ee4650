// The words of the bill PDF in each language of the portal (en, es, ta, de).
import type { Language, UtilityType } from '@gridfront/contracts';

export interface BillPdfStrings {
  title: string;
  customerService: string;
  outages: string;
  accountNumber: string;
  billNumber: string;
  billDate: string;
  billingPeriod: string;
  dueDate: string;
  serviceAddress: string;
  summary: string;
  previousBalance: string;
  paymentsReceived: string;
  currentCharges: string;
  amountDue: string;
  creditBalance: string;
  chargesFor: (utility: string) => string;
  rate: string;
  usage: string;
  item: string;
  quantity: string;
  price: string;
  amount: string;
  total: string;
  usageComparison: string;
  thisYear: string;
  lastYear: string;
  noLastYear: string;
  scanToPay: string;
  scanToPayText: string;
  remittance: string;
  returnWithPayment: string;
  utilities: Record<UtilityType, string>;
}

const en: BillPdfStrings = {
  title: 'Your bill',
  customerService: 'Customer service',
  outages: 'Outages',
  accountNumber: 'Account number',
  billNumber: 'Bill number',
  billDate: 'Bill date',
  billingPeriod: 'Billing period',
  dueDate: 'Due date',
  serviceAddress: 'Service address',
  summary: 'Account summary',
  previousBalance: 'Previous balance',
  paymentsReceived: 'Payments received',
  currentCharges: 'Current charges',
  amountDue: 'Amount due',
  creditBalance: 'Credit balance',
  chargesFor: (utility) => `${utility} charges`,
  rate: 'Rate',
  usage: 'Usage',
  item: 'Item',
  quantity: 'Quantity',
  price: 'Price',
  amount: 'Amount',
  total: 'Total',
  usageComparison: 'Your usage compared with the same month last year',
  thisYear: 'This year',
  lastYear: 'Last year',
  noLastYear: 'no bill',
  scanToPay: 'Click/Scan to Pay',
  scanToPayText: 'Scan the code with your phone, or open the link, to pay this bill with Quick Pay.',
  remittance: 'Please return this part with a check payment',
  returnWithPayment: 'Amount enclosed',
  utilities: { electricity: 'Electricity', gas: 'Gas', water: 'Water', sewer: 'Sewer' },
};

const es: BillPdfStrings = {
  title: 'Su factura',
  customerService: 'Atención al cliente',
  outages: 'Cortes de servicio',
  accountNumber: 'Número de cuenta',
  billNumber: 'Número de factura',
  billDate: 'Fecha de la factura',
  billingPeriod: 'Periodo de facturación',
  dueDate: 'Fecha de vencimiento',
  serviceAddress: 'Dirección de servicio',
  summary: 'Resumen de la cuenta',
  previousBalance: 'Saldo anterior',
  paymentsReceived: 'Pagos recibidos',
  currentCharges: 'Cargos actuales',
  amountDue: 'Importe a pagar',
  creditBalance: 'Saldo a su favor',
  chargesFor: (utility) => `Cargos de ${utility.toLowerCase()}`,
  rate: 'Tarifa',
  usage: 'Consumo',
  item: 'Concepto',
  quantity: 'Cantidad',
  price: 'Precio',
  amount: 'Importe',
  total: 'Total',
  usageComparison: 'Su consumo frente al mismo mes del año pasado',
  thisYear: 'Este año',
  lastYear: 'Año pasado',
  noLastYear: 'sin factura',
  scanToPay: 'Haga clic o escanee para pagar',
  scanToPayText:
    'Escanee el código con su teléfono, o abra el enlace, para pagar esta factura con Pago rápido.',
  remittance: 'Devuelva esta parte si paga con cheque',
  returnWithPayment: 'Importe adjunto',
  utilities: { electricity: 'Electricidad', gas: 'Gas', water: 'Agua', sewer: 'Alcantarillado' },
};

const ta: BillPdfStrings = {
  title: 'உங்கள் கட்டணச்சீட்டு',
  customerService: 'வாடிக்கையாளர் சேவை',
  outages: 'மின்தடை',
  accountNumber: 'கணக்கு எண்',
  billNumber: 'கட்டணச்சீட்டு எண்',
  billDate: 'கட்டணச்சீட்டு தேதி',
  billingPeriod: 'கட்டணக் காலம்',
  dueDate: 'கடைசி நாள்',
  serviceAddress: 'சேவை முகவரி',
  summary: 'கணக்குச் சுருக்கம்',
  previousBalance: 'முந்தைய நிலுவை',
  paymentsReceived: 'பெறப்பட்ட கொடுப்பனவுகள்',
  currentCharges: 'தற்போதைய கட்டணங்கள்',
  amountDue: 'செலுத்த வேண்டிய தொகை',
  creditBalance: 'வரவு இருப்பு',
  chargesFor: (utility) => `${utility} கட்டணங்கள்`,
  rate: 'கட்டண விகிதம்',
  usage: 'பயன்பாடு',
  item: 'உருப்படி',
  quantity: 'அளவு',
  price: 'விலை',
  amount: 'தொகை',
  total: 'மொத்தம்',
  usageComparison: 'கடந்த ஆண்டின் அதே மாதத்துடன் உங்கள் பயன்பாடு',
  thisYear: 'இந்த ஆண்டு',
  lastYear: 'கடந்த ஆண்டு',
  noLastYear: 'கட்டணச்சீட்டு இல்லை',
  scanToPay: 'கிளிக் செய்து/ஸ்கேன் செய்து செலுத்துங்கள்',
  scanToPayText:
    'இந்தக் கட்டணச்சீட்டை விரைவுக் கட்டணத்தில் செலுத்த, குறியீட்டை உங்கள் தொலைபேசியில் ஸ்கேன் செய்யுங்கள் அல்லது இணைப்பைத் திறக்கவும்.',
  remittance: 'காசோலையில் செலுத்தினால் இந்தப் பகுதியைத் திருப்பி அனுப்பவும்',
  returnWithPayment: 'இணைக்கப்பட்ட தொகை',
  utilities: { electricity: 'மின்சாரம்', gas: 'எரிவாயு', water: 'தண்ணீர்', sewer: 'கழிவுநீர்' },
};

const de: BillPdfStrings = {
  title: 'Ihre Rechnung',
  customerService: 'Kundenservice',
  outages: 'Störungen',
  accountNumber: 'Kontonummer',
  billNumber: 'Rechnungsnummer',
  billDate: 'Rechnungsdatum',
  billingPeriod: 'Abrechnungszeitraum',
  dueDate: 'Fälligkeitsdatum',
  serviceAddress: 'Versorgungsadresse',
  summary: 'Kontoübersicht',
  previousBalance: 'Vorheriger Saldo',
  paymentsReceived: 'Eingegangene Zahlungen',
  currentCharges: 'Aktuelle Kosten',
  amountDue: 'Fälliger Betrag',
  creditBalance: 'Guthaben',
  chargesFor: (utility) => `Kosten ${utility}`,
  rate: 'Tarif',
  usage: 'Verbrauch',
  item: 'Position',
  quantity: 'Menge',
  price: 'Preis',
  amount: 'Betrag',
  total: 'Summe',
  usageComparison: 'Ihr Verbrauch im Vergleich zum Vorjahresmonat',
  thisYear: 'Dieses Jahr',
  lastYear: 'Vorjahr',
  noLastYear: 'keine Rechnung',
  scanToPay: 'Klicken/Scannen zum Bezahlen',
  scanToPayText:
    'Scannen Sie den Code mit Ihrem Telefon oder öffnen Sie den Link, um diese Rechnung per Schnellzahlung zu bezahlen.',
  remittance: 'Bitte diesen Abschnitt einer Scheckzahlung beilegen',
  returnWithPayment: 'Beigefügter Betrag',
  utilities: { electricity: 'Strom', gas: 'Gas', water: 'Wasser', sewer: 'Abwasser' },
};

export const BILL_PDF_STRINGS: Record<Language, BillPdfStrings> = { en, es, ta, de };
