// The payments host end to end through HTTP: tokens (single use, scoped, expiring), the hosted
// checkout page (fees, declines that charge nothing, replays that never charge twice, receipts)
// and getTransactionStatus, with two customers and a guest.
import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_HEADER, checkoutMessages } from '@gridfront/contracts';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BANK_ACCOUNTS, TEST_CARDS } from '../../adapters/payments/test-processor.ts';
import {
  ledgerEntries,
  mailOutbox,
  payments,
  paymentTokens,
  testProcessorCharges,
} from '../../db/schema/index.ts';
import { DEFAULT_SEED, pinFor } from '../../seed/index.ts';
import { solvedCaptcha } from '../../test/account-test-kit.ts';
import { type BillingTestWorld, createBillingTestWorld } from '../../test/billing-test-kit.ts';
import { hashPaymentToken, MAX_DECLINES_PER_CHECKOUT } from './checkout-service.ts';

let world: BillingTestWorld;

beforeAll(async () => {
  world = await createBillingTestWorld();
});

afterAll(async () => {
  await world?.t.close();
});

const db = () => world.t.database.handle.db;
const card = (number: string) => ({ number, expMonth: 12, expYear: 2031, cvc: '123' });

/** A call to the payments host (no client credential; a signed-in caller adds its token). */
function pay(url: string, payload: object, headers: Record<string, string> = {}, ip = '10.9.9.9') {
  return world.t.app.inject({ method: 'POST', url: `/pay${url}`, payload, headers, remoteAddress: ip });
}

function tokenOf(response: LightMyRequestResponse): string {
  const url = response.json().url as string;
  expect(url).toMatch(/^\/pay\/checkout#token=[A-Za-z0-9_-]{43}$/);
  return url.split('#token=')[1] ?? '';
}

async function customerCheckout(customer = world.demo, amountCents?: number): Promise<string> {
  const response = await customer.api.post('/paymentus/generateCustomerTokenUrl', {
    accountId: customer.accountId,
    ...(amountCents ? { amountCents } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return tokenOf(response);
}

async function balanceOf(accountId: string): Promise<number> {
  const [row] = await db()
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accountId));
  return Number(row?.total ?? 0);
}

async function chargeCount(): Promise<number> {
  const [row] = await db().select({ count: sql<string>`count(*)` }).from(testProcessorCharges);
  return Number(row?.count ?? 0);
}

describe('hosted checkout for a signed-in customer', () => {
  it('shows the balance due, the fees and test mode, and nothing of the token in the database', async () => {
    const token = await customerCheckout();
    const page = await pay('/payment/checkout', { token });
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(body.amountDueCents).toBe(Math.max(0, await balanceOf(world.demo.accountId)));
    expect(body).toMatchObject({
      accountNumberLast4: world.demo.accountNumber.slice(-4),
      cardFeeBasisPoints: 250,
      achFeeCents: 75,
      testMode: true,
      channel: 'portal',
      returnPath: '/accountInfo',
      payment: null,
    });
    expect(body.receiptEmailOnFile).toMatch(/^.•••@/);
    const stored = await db()
      .select()
      .from(paymentTokens)
      .where(eq(paymentTokens.tokenHash, hashPaymentToken(token)));
    expect(stored).toHaveLength(1);
    const raw = await db().execute(
      sql`select count(*)::int as n from payment_tokens where token_hash = ${token}`,
    );
    expect(JSON.stringify(raw)).toContain('"n":0');
  });

  it('pays by card with the 2.5 % fee, once, lowers the balance and queues a receipt', async () => {
    const before = await balanceOf(world.demo.accountId);
    const charges = await chargeCount();
    const token = await customerCheckout(world.demo, 12_345);
    const attemptKey = randomUUID();
    const submit = () =>
      pay('/payment/submit', {
        token,
        attemptKey,
        amountCents: 12_345,
        method: 'card',
        card: card(TEST_CARDS.succeeds),
        language: 'es',
      });
    const [first, second, third] = await Promise.all([submit(), submit(), submit()]);
    for (const response of [first, second, third]) expect(response?.statusCode, response?.body).toBe(200);
    // The request that claimed the page charged the card; the other two replay the same attempt and
    // may see it before the charge settled (pending) or after (succeeded), never as a second payment.
    const answers = [first, second, third].map((response) => response?.json());
    const receipt = answers.find((answer) => answer.status === 'succeeded');
    for (const answer of answers) {
      expect(answer.paymentId).toBe(receipt?.paymentId);
      expect(['pending', 'succeeded']).toContain(answer.status);
    }
    expect(receipt).toMatchObject({
      status: 'succeeded',
      amountCents: 12_345,
      feeCents: 309,
      totalCents: 12_654,
      method: 'card',
      sourceLabel: 'Visa ending 4242',
    });
    expect(await chargeCount()).toBe(charges + 1);
    expect(await balanceOf(world.demo.accountId)).toBe(before - 12_345);
    expect(receipt.receiptSentTo).toMatch(/^.•••@/);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.purpose, 'payment-receipt'));
    const mail = mails.find((row) => row.subject.includes(receipt.confirmationNumber));
    expect(mail?.subject).toContain('recibo de pago');
    expect(mail?.textBody).toContain('$126.54');
    expect(mail?.textBody).not.toContain(TEST_CARDS.succeeds);

    // The page is spent: another attempt is refused, the status stays readable.
    const again = await pay('/payment/submit', {
      token,
      attemptKey: randomUUID(),
      amountCents: 100,
      method: 'card',
      card: card(TEST_CARDS.succeeds),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(checkoutMessages.tokenUsed);
    const status = await world.demo.api.post('/paymentus/getTransactionStatus', { token });
    expect(status.json()).toMatchObject({ paymentId: receipt.paymentId, status: 'succeeded' });
    const byId = await world.demo.api.post('/paymentus/getTransactionStatus', {
      paymentId: receipt.paymentId,
    });
    expect(byId.json().confirmationNumber).toBe(receipt.confirmationNumber);
  });

  it('pays by bank account with the $0.75 fee, and a payment over the balance leaves a credit', async () => {
    const before = await balanceOf(world.demo.accountId);
    const amount = Math.max(0, before) + 5_000;
    const token = await customerCheckout();
    const response = await pay('/payment/submit', {
      token,
      attemptKey: randomUUID(),
      amountCents: amount,
      method: 'ach',
      bank: { routingNumber: TEST_BANK_ACCOUNTS.routingNumber, accountNumber: TEST_BANK_ACCOUNTS.succeeds },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'succeeded',
      feeCents: 75,
      totalCents: amount + 75,
      sourceLabel: 'Bank account ending 6789',
    });
    expect(await balanceOf(world.demo.accountId)).toBe(before - amount);
    expect(await balanceOf(world.demo.accountId)).toBeLessThan(0);
  });

  it('a declined card charges nothing, says why, and leaves the page open for another card', async () => {
    const before = await balanceOf(world.demo.accountId);
    const token = await customerCheckout();
    const declined = await pay('/payment/submit', {
      token,
      attemptKey: randomUUID(),
      amountCents: 2_000,
      method: 'card',
      card: card(TEST_CARDS.declined),
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().status).toBe('failed');
    expect(declined.json().failureReason).toMatch(/declined/i);
    expect(await balanceOf(world.demo.accountId)).toBe(before);
    const retry = await pay('/payment/submit', {
      token,
      attemptKey: randomUUID(),
      amountCents: 2_000,
      method: 'card',
      card: card(TEST_CARDS.succeeds),
    });
    expect(retry.json().status).toBe('succeeded');
    expect(await balanceOf(world.demo.accountId)).toBe(before - 2_000);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const token = await customerCheckout();
    const before = await balanceOf(world.demo.accountId);
    const cases: [object, string][] = [
      [{ amountCents: 0, method: 'card', card: card(TEST_CARDS.succeeds) }, checkoutMessages.amount],
      [
        { amountCents: 10_000_001, method: 'card', card: card(TEST_CARDS.succeeds) },
        checkoutMessages.amountTooLarge,
      ],
      [{ amountCents: 100, method: 'card', card: card('4242424242424241') }, 'Card number is not valid'],
      [
        { amountCents: 100, method: 'card', card: { ...card(TEST_CARDS.succeeds), expYear: 2020 } },
        'The card has expired or the expiry date is not valid',
      ],
      [
        {
          amountCents: 100,
          method: 'ach',
          bank: { routingNumber: '110000001', accountNumber: '000123456789' },
        },
        'Routing number must be 9 digits with a valid check digit',
      ],
      [{ amountCents: 100, method: 'ach' }, 'Enter the bank account details'],
    ];
    for (const [input, message] of cases) {
      const response = await pay('/payment/submit', { token, attemptKey: randomUUID(), ...input });
      expect(response.statusCode, JSON.stringify(input)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect(await balanceOf(world.demo.accountId)).toBe(before);
    // Nothing claimed the page: it still takes a good payment.
    const good = await pay('/payment/submit', {
      token,
      attemptKey: randomUUID(),
      amountCents: 100,
      method: 'card',
      card: card(TEST_CARDS.succeeds),
    });
    expect(good.json().status).toBe('succeeded');
  });

  it('stops a page after too many declines', async () => {
    const token = await customerCheckout();
    for (let attempt = 0; attempt < MAX_DECLINES_PER_CHECKOUT; attempt += 1) {
      const response = await pay('/payment/submit', {
        token,
        attemptKey: randomUUID(),
        amountCents: 100,
        method: 'card',
        card: card(TEST_CARDS.insufficientFunds),
      });
      expect(response.json().status).toBe('failed');
    }
    const blocked = await pay('/payment/submit', {
      token,
      attemptKey: randomUUID(),
      amountCents: 100,
      method: 'card',
      card: card(TEST_CARDS.succeeds),
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(checkoutMessages.tooManyDeclines);
  });
});

describe('tokens', () => {
  it("are scoped: another customer's account, a made-up token and an expired one open nothing", async () => {
    const foreign = await world.demo.api.post('/paymentus/generateCustomerTokenUrl', {
      accountId: world.other.accountId,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Account not found');
    expect(foreign.body).not.toContain(world.other.accountNumber);
    const anonymous = await world.anonymous.post('/paymentus/generateCustomerTokenUrl', {
      accountId: world.demo.accountId,
    });
    expect(anonymous.statusCode).toBe(401);
    const madeUp = await pay('/payment/checkout', { token: 'x'.repeat(43) });
    expect(madeUp.statusCode).toBe(401);
    expect(madeUp.json().message).toBe(checkoutMessages.tokenInvalid);

    const token = await customerCheckout();
    await db()
      .update(paymentTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentTokens.tokenHash, hashPaymentToken(token)));
    const expired = await pay('/payment/submit', {
      token,
      attemptKey: randomUUID(),
      amountCents: 100,
      method: 'card',
      card: card(TEST_CARDS.succeeds),
    });
    expect(expired.statusCode).toBe(401);
    const status = await world.other.api.post('/paymentus/getTransactionStatus', { paymentId: randomUUID() });
    expect(status.statusCode).toBe(404);
  });

  it("getTransactionStatus by id shows a payment only to its account's owner", async () => {
    const token = await customerCheckout();
    const paid = await pay('/payment/submit', {
      token,
      attemptKey: randomUUID(),
      amountCents: 150,
      method: 'card',
      card: card(TEST_CARDS.succeeds),
    });
    const paymentId = paid.json().paymentId;
    const mine = await world.demo.api.post('/paymentus/getTransactionStatus', { paymentId });
    expect(mine.statusCode).toBe(200);
    const theirs = await world.other.api.post('/paymentus/getTransactionStatus', { paymentId });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain(paid.json().confirmationNumber);
  });

  it('an auth token is spent once on one checkout URL', async () => {
    const granted = await pay(
      '/auth/generateAuthToken',
      { accountId: world.demo.accountId, amountCents: 4_200 },
      { [ACCESS_TOKEN_HEADER]: world.demo.accessToken },
    );
    expect(granted.statusCode, granted.body).toBe(200);
    const { authToken } = granted.json();
    const first = await pay('/payment/generatePaymentTokenUrl', { authToken, returnPath: '/accountInfo' });
    expect(first.statusCode, first.body).toBe(200);
    const page = await pay('/payment/checkout', { token: tokenOf(first) });
    expect(page.json().amountCents).toBe(4_200);
    const second = await pay('/payment/generatePaymentTokenUrl', { authToken });
    expect(second.statusCode).toBe(401);
    const outside = await pay('/payment/generatePaymentTokenUrl', {
      authToken: 'y',
      returnPath: '//evil.example',
    });
    expect(outside.statusCode).toBe(400);
  });
});

describe('Quick Pay for a guest', () => {
  it('needs the account number, its PIN and the human check, and reveals only the amount due', async () => {
    const pin = pinFor(DEFAULT_SEED, 0);
    const wrong = await pay('/auth/generateAuthToken', {
      accountNumber: world.demo.accountNumber,
      pin: pin === '0000' ? '0001' : '0000',
      captcha: await solvedCaptcha(world.anonymous),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The account number or PIN is incorrect');
    const noCheck = await pay('/auth/generateAuthToken', {
      accountNumber: world.demo.accountNumber,
      pin,
      captcha: 'x',
    });
    expect(noCheck.statusCode).toBe(400);

    const granted = await pay('/auth/generateAuthToken', {
      accountNumber: world.demo.accountNumber,
      pin,
      captcha: await solvedCaptcha(world.anonymous),
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(Object.keys(granted.json()).sort()).toEqual([
      'accountNumberLast4',
      'amountDueCents',
      'authToken',
      'expiresAt',
    ]);
    const url = await pay('/payment/generatePaymentTokenUrl', {
      authToken: granted.json().authToken,
      returnPath: '/paybill',
    });
    const token = tokenOf(url);
    const page = (await pay('/payment/checkout', { token })).json();
    expect(page).toMatchObject({ channel: 'quickpay', receiptEmailOnFile: null, returnPath: '/paybill' });
    const paid = await pay('/payment/submit', {
      token,
      attemptKey: randomUUID(),
      amountCents: 777,
      method: 'card',
      card: card(TEST_CARDS.succeeds),
      receiptEmail: 'guest.payer@example.com',
    });
    expect(paid.json()).toMatchObject({ status: 'succeeded', receiptSentTo: 'g•••@example.com' });
    const [row] = await db().select().from(payments).where(eq(payments.id, paid.json().paymentId));
    expect(row).toMatchObject({ channel: 'quickpay', userId: null });
  });
});
