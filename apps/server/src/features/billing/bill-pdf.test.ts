// The bill PDF through the API: its text (extracted as a reader or a search would) carries the
// bill's own numbers from the database, in the asked language; nobody else's bill is served.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillingTestWorld, createBillingTestWorld } from '../../test/billing-test-kit.ts';
import { formattersFor } from './bill-pdf.ts';

let world: BillingTestWorld;

beforeAll(async () => {
  world = await createBillingTestWorld();
}, 120_000);

afterAll(async () => {
  await world?.t.close();
});

async function pdfText(bytes: Buffer): Promise<string> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await document.destroy();
  // Runs of text come apart at font changes; compare with all white space (NBSP too) as one space.
  return spaced(pages.join('\n'));
}

function spaced(text: string): string {
  return text.replace(/\s+/g, ' ');
}

async function latestBillTransaction(api = world.demo.api, accountId = world.demo.accountId) {
  const list = await api.post('/oracle/transactionDetails', { accountId, filterType: 'C1BL', pageLimit: 1 });
  return list.json().transactions[0] as { transactionId: string; billId: string; billNumber: string };
}

describe('GET /oracle/billPdf/:transactionId', () => {
  it('is the bill as a PDF whose text has the amounts, dates and account of the database', async () => {
    const transaction = await latestBillTransaction();
    const response = await world.demo.api.get(`/oracle/billPdf/${transaction.transactionId}?lang=en`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="bill-${transaction.billNumber}.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(response.rawPayload);
    const details = (
      await world.demo.api.post('/oracle/getBillDetails', {
        accountId: world.demo.accountId,
        billId: transaction.billId,
      })
    ).json();
    const f = formattersFor('en');
    expect(text).toContain(world.demo.accountNumber);
    expect(text).toContain(transaction.billNumber);
    expect(text).toContain(spaced(`Amount due ${f.money(details.bill.amountDueCents)}`));
    expect(text).toContain(`Due date: ${f.date(details.bill.dueDate)}`);
    for (const segment of details.bill.segments) {
      expect(text).toContain(spaced(`Total ${f.money(segment.amountCents)}`));
      for (const item of segment.lineItems) expect(text).toContain(`${item.description}`);
    }
    expect(text).toContain(`/paybill?account=${world.demo.accountNumber}`);
    expect(text).toContain('Click/Scan to Pay');
  });

  it('writes German numbers and Tamil words as real text', async () => {
    const transaction = await latestBillTransaction();
    const details = (
      await world.demo.api.post('/oracle/getBillDetails', {
        accountId: world.demo.accountId,
        billId: transaction.billId,
      })
    ).json();
    const german = await pdfText(
      (await world.demo.api.get(`/oracle/billPdf/${transaction.transactionId}?lang=de`)).rawPayload,
    );
    expect(german).toContain(
      spaced(`Fälliger Betrag ${formattersFor('de').money(details.bill.amountDueCents)}`),
    );
    // The line items too, not only the frame: the customer charge of every service is translated.
    expect(german).toContain('Grundgebühr');
    expect(german).not.toContain('Customer charge');
    const tamil = await pdfText(
      (await world.demo.api.get(`/oracle/billPdf/${transaction.transactionId}?lang=ta`)).rawPayload,
    );
    expect(tamil).toContain('கணக்கு எண்');
    expect(tamil).toContain(world.demo.accountNumber);
  });

  it('answers 404 with the spec’s message for a payment, another customer’s bill, or a made-up id', async () => {
    const payments = await world.demo.api.post('/oracle/transactionDetails', {
      accountId: world.demo.accountId,
      filterType: 'PAY',
      pageLimit: 1,
    });
    const payment = payments.json().transactions[0].transactionId;
    const theirs = (await latestBillTransaction(world.other.api, world.other.accountId)).transactionId;
    for (const id of [payment, theirs, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await world.demo.api.get(`/oracle/billPdf/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message).toBe('No PDF found for this transaction.');
      expect(response.body).not.toContain(world.other.accountNumber);
    }
    // The owner gets theirs.
    expect((await world.other.api.get(`/oracle/billPdf/${theirs}`)).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const transaction = await latestBillTransaction();
    expect((await world.anonymous.get(`/oracle/billPdf/${transaction.transactionId}`)).statusCode).toBe(401);
  });
});
