// Limits per username or e-mail address count only calls that passed the human check: a stranger's
// bogus calls for a victim's address must not use up the victim's own allowance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createAccountTestApp, solvedCaptcha } from '../../test/account-test-kit.ts';
import { insertTenant, insertUser, type TenantFixture, type TestApp } from '../../test/index.ts';
import { captchaFailedMessage } from './altcha.ts';

let t: TestApp;
let tenant: TenantFixture;
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createAccountTestApp();
  tenant = await insertTenant(db());
});
afterAll(() => t.close());

const BOGUS_CAPTCHA = Buffer.from(JSON.stringify({ challenge: {}, solution: {} })).toString('base64');
/** More bogus calls than any per-target limit allows, yet within the per-address ones. */
const BOGUS_CALLS = 6;

/** Each attack from its own address, so only the per-target limits are in play (a shared one hit 429). */
let attackers = 0;

async function blockAttempt(url: string, body: Record<string, unknown>) {
  attackers += 1;
  const attacker = caller(t, tenant, `10.90.${attackers}.1`);
  for (let call = 0; call < BOGUS_CALLS; call += 1) {
    const response = await attacker.post(url, { ...body, captcha: BOGUS_CAPTCHA });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(captchaFailedMessage);
  }
  const victim = caller(t, tenant);
  return victim.post(url, { ...body, captcha: await solvedCaptcha(victim) });
}

describe('per-target limits come after the human check', () => {
  it('forgotUsername still answers the owner of the address', async () => {
    const user = await insertUser(db(), tenant.tenant.id);
    const email = `${user.username.toLowerCase()}@example.test`;
    expect((await blockAttempt('/auth/forgotUsername', { email })).statusCode).toBe(200);
  });

  it('forgotAccountNumber and /oracle/forgotAccountNo still answer the owner of the address', async () => {
    expect(
      (await blockAttempt('/auth/forgotAccountNumber', { email: 'holder-a@example.test' })).statusCode,
    ).toBe(200);
    expect(
      (await blockAttempt('/oracle/forgotAccountNo', { email: 'holder-b@example.test' })).statusCode,
    ).toBe(200);
  });

  it('forgotOTP still mails the user a reset code', async () => {
    const user = await insertUser(db(), tenant.tenant.id);
    expect((await blockAttempt('/auth/forgotOTP', { username: user.username })).statusCode).toBe(200);
  });

  it('the contact form still takes the writer’s message', async () => {
    const response = await blockAttempt('/contact/contactus', {
      fullName: 'Robin Writer',
      email: 'robin.writer@example.test',
      phoneNo: '(555) 010-2222',
      subject: 'Meter question',
      message: 'When is my meter read this month?',
    });
    expect(response.statusCode).toBe(200);
  });

  it('still limits an address once its calls pass the human check', async () => {
    const user = await insertUser(db(), tenant.tenant.id);
    const email = `${user.username.toLowerCase()}@example.test`;
    const statuses: number[] = [];
    for (let call = 0; call < 6; call += 1) {
      const api = caller(t, tenant);
      statuses.push(
        (await api.post('/auth/forgotUsername', { email, captcha: await solvedCaptcha(api) })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
