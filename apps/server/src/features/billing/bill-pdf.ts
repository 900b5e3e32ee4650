// Renders a bill as a PDF a utility would mail: branding and contacts, account and premise, the
// summary with the amount due, each service's line items, usage against last year, a Click/Scan to
// Pay QR code and a remittance stub. Text is real text (searchable) in the customer's language.
import { type Language, lineItemText, type UtilityType } from '@gridfront/contracts';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { BILL_PDF_STRINGS, type BillPdfStrings } from './bill-pdf-strings.ts';
import { type FontName, pdfFonts, scriptRuns } from './pdf-fonts.ts';

export interface BillDocumentLine {
  description: string;
  quantity: number | null;
  unit: string | null;
  rate: number | null;
  amountCents: number;
}

export interface BillDocumentSegment {
  utilityType: UtilityType;
  startDate: string;
  endDate: string;
  tariffName: string | null;
  usageQuantity: number;
  usageUnit: string;
  lastYearUsageQuantity: number | null;
  amountCents: number;
  lineItems: BillDocumentLine[];
}

/** Everything printed on a bill, as plain data: the renderer needs no database. */
export interface BillDocument {
  utility: { name: string; phone: string; outagePhone: string; email: string; address: string };
  account: { accountNumber: string; holderName: string; mailingAddress: string };
  serviceAddress: string;
  bill: {
    billNumber: string;
    billDate: string;
    periodStart: string;
    periodEnd: string;
    dueDate: string;
    previousBalanceCents: number;
    paymentsReceivedCents: number;
    currentChargesCents: number;
    amountDueCents: number;
  };
  segments: BillDocumentSegment[];
  /** Quick Pay with the account filled in. */
  payUrl: string;
}

const PAGE = { width: 612, height: 792, margin: 48 } as const; // US Letter, points
const INK = '#1a1a1a';
const MUTED = '#555555';
const BRAND = '#0b5d3b';
const RULE = '#c8c8c8';
const STUB_HEIGHT = 130;

type Doc = PDFKit.PDFDocument;

interface TextOptions {
  size?: number;
  bold?: boolean;
  color?: string;
  width?: number;
  align?: 'left' | 'right';
}

function fontOf(tamil: boolean, bold: boolean): FontName {
  if (tamil) return bold ? 'tamilBold' : 'tamil';
  return bold ? 'latinBold' : 'latin';
}

/** Writes one line at (x, y); Tamil and Latin runs each in their own font. */
function write(doc: Doc, text: string, x: number, y: number, options: TextOptions = {}): void {
  const size = options.size ?? 9;
  const bold = options.bold ?? false;
  doc.fillColor(options.color ?? INK).fontSize(size);
  const runs = scriptRuns(text);
  const width = runs.reduce((sum, run) => sum + doc.font(fontOf(run.tamil, bold)).widthOfString(run.text), 0);
  let left = x;
  if (options.align === 'right' && options.width) left = x + options.width - width;
  for (const run of runs) {
    doc.font(fontOf(run.tamil, bold)).text(run.text, left, y, { lineBreak: false });
    left += doc.widthOfString(run.text);
  }
}

/** Writes a paragraph that wraps within `width`; returns its height. Latin-only texts wrap; mixed ones stay on one line. */
function paragraph(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  options: TextOptions = {},
): number {
  const size = options.size ?? 9;
  const runs = scriptRuns(text);
  if (runs.some((run) => run.tamil)) {
    // Tamil line breaking needs a shaper-aware breaker; short texts are split at spaces by hand.
    const lines = wrapWords(doc, text, width, size, options.bold ?? false);
    lines.forEach((line, index) => {
      write(doc, line, x, y + index * size * 1.45, options);
    });
    return lines.length * size * 1.45;
  }
  doc
    .fillColor(options.color ?? INK)
    .font(options.bold ? 'latinBold' : 'latin')
    .fontSize(size);
  doc.text(text, x, y, { width });
  return doc.heightOfString(text, { width });
}

function measure(doc: Doc, text: string, size: number, bold: boolean): number {
  doc.fontSize(size);
  return scriptRuns(text).reduce(
    (sum, run) => sum + doc.font(fontOf(run.tamil, bold)).widthOfString(run.text),
    0,
  );
}

function wrapWords(doc: Doc, text: string, width: number, size: number, bold: boolean): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && measure(doc, candidate, size, bold) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

export interface Formatters {
  money(cents: number): string;
  date(isoDate: string): string;
  quantity(value: number): string;
  rate(value: number): string;
  /** A line item's description (the engine writes English) in the bill's language. */
  lineItem(description: string): string;
}

export function formattersFor(language: Language): Formatters {
  const money = new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' });
  const rate = new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 5,
  });
  const quantity = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    money: (cents) => money.format(cents / 100),
    rate: (value) => rate.format(value),
    quantity: (value) => quantity.format(value),
    date: (isoDate) => date.format(new Date(`${isoDate}T00:00:00Z`)),
    lineItem: (description) => lineItemText(description, language),
  };
}

function drawHeader(doc: Doc, bill: BillDocument, s: BillPdfStrings, f: Formatters): number {
  const { margin } = PAGE;
  doc.rect(0, 0, PAGE.width, 86).fill(BRAND);
  write(doc, bill.utility.name, margin, 24, { size: 18, bold: true, color: '#ffffff' });
  write(doc, `${s.customerService}: ${bill.utility.phone} · ${bill.utility.email}`, margin, 50, {
    color: '#ffffff',
  });
  write(doc, `${s.outages}: ${bill.utility.outagePhone} · ${bill.utility.address}`, margin, 63, {
    color: '#ffffff',
  });
  const right = PAGE.width - margin - 200;
  write(doc, s.title, right, 24, { size: 14, bold: true, color: '#ffffff', width: 200, align: 'right' });
  write(doc, `${s.billNumber}: ${bill.bill.billNumber}`, right, 46, {
    color: '#ffffff',
    width: 200,
    align: 'right',
  });
  write(doc, `${s.billDate}: ${f.date(bill.bill.billDate)}`, right, 59, {
    color: '#ffffff',
    width: 200,
    align: 'right',
  });
  return 104;
}

function drawAccountAndSummary(
  doc: Doc,
  bill: BillDocument,
  s: BillPdfStrings,
  f: Formatters,
  top: number,
): number {
  const { margin } = PAGE;
  const facts: [string, string][] = [
    [s.accountNumber, bill.account.accountNumber],
    [s.billingPeriod, `${f.date(bill.bill.periodStart)} – ${f.date(bill.bill.periodEnd)}`],
    [s.serviceAddress, bill.serviceAddress],
  ];
  write(doc, bill.account.holderName, margin, top, { size: 11, bold: true });
  let y = top + 16 + paragraph(doc, bill.account.mailingAddress, margin, top + 16, 250, { color: MUTED });
  y += 8;
  for (const [label, value] of facts) {
    write(doc, label, margin, y, { bold: true });
    y += 12 + paragraph(doc, value, margin, y + 12, 250);
    y += 4;
  }

  const boxX = PAGE.width - margin - 240;
  const boxHeight = 146;
  doc
    .roundedRect(boxX, top - 4, 240, boxHeight, 6)
    .lineWidth(1)
    .strokeColor(BRAND)
    .stroke();
  write(doc, s.summary, boxX + 12, top + 6, { size: 11, bold: true, color: BRAND });
  const rows: [string, number][] = [
    [s.previousBalance, bill.bill.previousBalanceCents],
    [s.paymentsReceived, -bill.bill.paymentsReceivedCents],
    [s.currentCharges, bill.bill.currentChargesCents],
  ];
  rows.forEach(([label, cents], index) => {
    const rowY = top + 26 + index * 14;
    write(doc, label, boxX + 12, rowY);
    write(doc, f.money(cents), boxX + 12, rowY, { width: 216, align: 'right' });
  });
  doc
    .moveTo(boxX + 12, top + 70)
    .lineTo(boxX + 228, top + 70)
    .strokeColor(RULE)
    .stroke();
  const due = bill.bill.amountDueCents;
  // Label and amount on lines of their own: a long label (Tamil) must never run into the amount.
  write(doc, due < 0 ? s.creditBalance : s.amountDue, boxX + 12, top + 76, { size: 11, bold: true });
  write(doc, f.money(Math.abs(due)), boxX + 12, top + 92, {
    size: 16,
    bold: true,
    width: 216,
    align: 'right',
  });
  write(doc, `${s.dueDate}: ${f.date(bill.bill.dueDate)}`, boxX + 12, top + 120, {
    bold: true,
    color: BRAND,
  });
  return Math.max(y, top + boxHeight) + 12;
}

function drawSegment(
  doc: Doc,
  segment: BillDocumentSegment,
  s: BillPdfStrings,
  f: Formatters,
  top: number,
): number {
  const { margin } = PAGE;
  const width = PAGE.width - 2 * margin;
  const name = s.utilities[segment.utilityType];
  doc.rect(margin, top, width, 18).fill('#eef4f0');
  write(doc, s.chargesFor(name), margin + 6, top + 4, { size: 10, bold: true });
  write(doc, `${f.date(segment.startDate)} – ${f.date(segment.endDate)}`, margin, top + 4, {
    width: width - 6,
    align: 'right',
    color: MUTED,
  });
  let y = top + 24;
  const tariff = segment.tariffName ? `${s.rate}: ${segment.tariffName} · ` : '';
  write(
    doc,
    `${tariff}${s.usage}: ${f.quantity(segment.usageQuantity)} ${segment.usageUnit}`,
    margin + 6,
    y,
    {
      color: MUTED,
    },
  );
  y += 16;
  const columns = { item: margin + 6, quantity: margin + 250, price: margin + 340, amount: margin + 430 };
  write(doc, s.item, columns.item, y, { bold: true });
  write(doc, s.quantity, columns.quantity, y, { bold: true, width: 80, align: 'right' });
  write(doc, s.price, columns.price, y, { bold: true, width: 80, align: 'right' });
  write(doc, s.amount, columns.amount, y, { bold: true, width: width - 436, align: 'right' });
  y += 14;
  for (const line of segment.lineItems) {
    write(doc, f.lineItem(line.description), columns.item, y);
    if (line.quantity !== null) {
      write(doc, `${f.quantity(line.quantity)} ${line.unit ?? ''}`.trim(), columns.quantity, y, {
        width: 80,
        align: 'right',
      });
    }
    if (line.rate !== null) write(doc, f.rate(line.rate), columns.price, y, { width: 80, align: 'right' });
    write(doc, f.money(line.amountCents), columns.amount, y, { width: width - 436, align: 'right' });
    y += 13;
  }
  doc
    .moveTo(columns.price, y)
    .lineTo(margin + width - 6, y)
    .strokeColor(RULE)
    .stroke();
  y += 4;
  write(doc, s.total, columns.price, y, { bold: true, width: 80, align: 'right' });
  write(doc, f.money(segment.amountCents), columns.amount, y, {
    bold: true,
    width: width - 436,
    align: 'right',
  });
  return y + 22;
}

function drawUsageComparison(
  doc: Doc,
  bill: BillDocument,
  s: BillPdfStrings,
  f: Formatters,
  top: number,
): number {
  const { margin } = PAGE;
  write(doc, s.usageComparison, margin, top, { size: 10, bold: true });
  let y = top + 18;
  const barMax = 180;
  for (const segment of bill.segments) {
    const before = segment.lastYearUsageQuantity;
    const largest = Math.max(segment.usageQuantity, before ?? 0, 1e-9);
    write(doc, s.utilities[segment.utilityType], margin, y + 4, { bold: true });
    const barX = margin + 90;
    doc.rect(barX, y + 1, (segment.usageQuantity / largest) * barMax, 9).fill(BRAND);
    write(
      doc,
      `${s.thisYear}: ${f.quantity(segment.usageQuantity)} ${segment.usageUnit}`,
      barX + barMax + 8,
      y,
    );
    if (before !== null) doc.rect(barX, y + 14, (before / largest) * barMax, 9).fill('#9bbfae');
    write(
      doc,
      `${s.lastYear}: ${before === null ? s.noLastYear : `${f.quantity(before)} ${segment.usageUnit}`}`,
      barX + barMax + 8,
      y + 13,
      { color: MUTED },
    );
    y += 32;
  }
  return y + 6;
}

function drawQrCode(doc: Doc, url: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const cell = size / count;
  doc.fillColor('#000000');
  for (let row = 0; row < count; row += 1) {
    for (let column = 0; column < count; column += 1) {
      if (qr.modules.data[row * count + column]) doc.rect(x + column * cell, y + row * cell, cell, cell);
    }
  }
  doc.fill();
  doc.link(x, y, size, size, url);
}

function drawStub(doc: Doc, bill: BillDocument, s: BillPdfStrings, f: Formatters): void {
  const { margin } = PAGE;
  const top = PAGE.height - margin - STUB_HEIGHT;
  doc
    .moveTo(margin, top)
    .lineTo(PAGE.width - margin, top)
    .dash(4, { space: 3 })
    .strokeColor(MUTED)
    .stroke()
    .undash();
  drawQrCode(doc, bill.payUrl, margin, top + 14, 92);
  const textX = margin + 106;
  const textWidth = 180;
  let y = top + 12;
  y += paragraph(doc, s.scanToPay, textX, y, textWidth, { size: 10, bold: true, color: BRAND }) + 2;
  y += paragraph(doc, s.scanToPayText, textX, y, textWidth, { size: 8, color: MUTED }) + 2;
  doc
    .fillColor(BRAND)
    .font('latin')
    .fontSize(7.5)
    .text(bill.payUrl, textX, y, { width: textWidth, link: bill.payUrl, underline: true });

  const boxX = PAGE.width - margin - 220;
  paragraph(doc, s.remittance, boxX, top + 8, 220, { size: 7.5, color: MUTED });
  const rows: [string, string][] = [
    [s.accountNumber, bill.account.accountNumber],
    [s.dueDate, f.date(bill.bill.dueDate)],
    [s.amountDue, f.money(Math.max(bill.bill.amountDueCents, 0))],
    [s.returnWithPayment, ''],
  ];
  rows.forEach(([label, value], index) => {
    const y = top + 32 + index * 18;
    write(doc, label, boxX, y, { bold: index === 2 });
    if (value) write(doc, value, boxX, y, { width: 220, align: 'right', bold: index === 2 });
    else
      doc
        .rect(boxX + 130, y - 3, 90, 15)
        .lineWidth(0.8)
        .strokeColor(INK)
        .stroke();
  });
}

/** The bill as PDF bytes. */
export async function renderBillPdf(bill: BillDocument, language: Language): Promise<Buffer> {
  const strings = BILL_PDF_STRINGS[language];
  const format = formattersFor(language);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    autoFirstPage: true,
    lang: language,
    info: {
      Title: `${bill.utility.name} ${strings.billNumber} ${bill.bill.billNumber}`,
      Author: bill.utility.name,
    },
    pdfVersion: '1.7',
  });
  const fonts = pdfFonts();
  for (const name of Object.keys(fonts) as FontName[]) doc.registerFont(name, fonts[name]);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let y = drawHeader(doc, bill, strings, format);
  y = drawAccountAndSummary(doc, bill, strings, format, y);
  // The remittance stub belongs at the foot of the first page, as on a mailed bill.
  drawStub(doc, bill, strings, format);
  let bottom = PAGE.height - PAGE.margin - STUB_HEIGHT - 12;
  const nextPage = () => {
    doc.addPage();
    bottom = PAGE.height - PAGE.margin;
    return PAGE.margin;
  };
  for (const segment of bill.segments) {
    if (y + 70 + segment.lineItems.length * 13 > bottom) y = nextPage();
    y = drawSegment(doc, segment, strings, format, y);
  }
  if (y + 24 + bill.segments.length * 32 > bottom) y = nextPage();
  drawUsageComparison(doc, bill, strings, format, y);
  doc.end();
  return done;
}
