// POST /api/oracle/forgotAccountNo: the spec's oracle path for Forgot Account Number behaves as
// POST /api/auth/forgotAccountNumber (human check, one answer whether or not an account matches).
import { messages } from '@gridfront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caller,
  createAccountTestApp,
  insertBillingAccount,
  mailsTo,
  solvedCaptcha,
} from '../../test/account-test-kit.ts';
import { insertTenant, type TenantFixture, type TestApp } from '../../test/index.ts';
import { recoveryMessages } from '../auth/recovery-service.ts';

let t: TestApp;
let tenant: TenantFixture;
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createAccountTestApp();
  tenant = await insertTenant(db());
});
afterAll(() => t.close());

describe('POST /api/oracle/forgotAccountNo', () => {
  it('mails the account number on file and answers an unknown address the same way', async () => {
    const account = await insertBillingAccount(db(), tenant.tenant.id);
    const api = caller(t, tenant);
    const known = await api.post('/oracle/forgotAccountNo', {
      email: account.email.toUpperCase(),
      captcha: await solvedCaptcha(api),
    });
    const unknown = await api.post('/oracle/forgotAccountNo', {
      email: 'nobody-at-all@example.test',
      captcha: await solvedCaptcha(api),
    });
    for (const response of [known, unknown]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: recoveryMessages.accountNumberSent });
    }
    const [mail] = await mailsTo(db(), account.email.toUpperCase());
    expect(mail?.textBody).toContain(account.accountNumber);
    expect(await mailsTo(db(), 'nobody-at-all@example.test')).toEqual([]);
  });

  it('answers like /auth/forgotAccountNumber, and neither sends anything without the human check', async () => {
    const account = await insertBillingAccount(db(), tenant.tenant.id);
    const api = caller(t, tenant);
    for (const url of ['/oracle/forgotAccountNo', '/auth/forgotAccountNumber']) {
      const missing = await api.post(url, { email: account.email });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(messages.captchaRequired);
      const bad = await api.post(url, { email: 'not-an-address' });
      expect(bad.statusCode).toBe(400);
    }
    expect(await mailsTo(db(), account.email)).toEqual([]);
    const viaOracle = await api.post('/oracle/forgotAccountNo', {
      email: account.email,
      captcha: await solvedCaptcha(api),
    });
    const viaAuth = await api.post('/auth/forgotAccountNumber', {
      email: account.email,
      captcha: await solvedCaptcha(api),
    });
    expect(viaOracle.json()).toEqual(viaAuth.json());
    expect(await mailsTo(db(), account.email)).toHaveLength(2);
  });

  it('is in the API document under oracle', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const operation = response.json().paths['/api/oracle/forgotAccountNo']?.post;
    expect(operation).toMatchObject({
      tags: ['oracle'],
      summary: expect.stringContaining('Forgot Account Number'),
    });
    expect(operation.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email', 'captcha']),
    );
  });
});
