import { messages } from '@gridfront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, userAccounts } from '../../db/schema/index.ts';
import {
  caller,
  createAccountTestApp,
  insertBillingAccount,
  latestCode,
  mailsTo,
  solvedCaptcha,
} from '../../test/account-test-kit.ts';
import { insertTenant, insertUser, showsSecret, type TenantFixture, type TestApp } from '../../test/index.ts';
import { invalidCodeMessage } from './one-time-codes.ts';
import { recoveryMessages } from './recovery-service.ts';

let t: TestApp;
let tenant: TenantFixture;
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createAccountTestApp();
  tenant = await insertTenant(db(), { name: 'Lakeside Water' });
});
afterAll(() => t.close());

function strip(response: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  return { status: response.statusCode, body: response.body, type: response.headers['content-type'] };
}

describe('recovery answers never tell what exists', () => {
  it('forgotUsername: same answer; the username goes to the address on file', async () => {
    await insertUser(db(), tenant.tenant.id, { username: 'Findable' });
    const api = caller(t, tenant);
    const known = await api.post('/auth/forgotUsername', {
      email: 'FINDABLE@example.test',
      captcha: await solvedCaptcha(api),
    });
    const unknown = await api.post('/auth/forgotUsername', {
      email: 'nobody@example.test',
      captcha: await solvedCaptcha(api),
    });
    expect(strip(known)).toEqual(strip(unknown));
    expect(known.json()).toEqual({ message: recoveryMessages.usernameSent });
    const [mail] = await mailsTo(db(), 'findable@example.test');
    expect(mail?.textBody).toContain('Findable');
    expect(await mailsTo(db(), 'nobody@example.test')).toEqual([]);
  });

  it('forgotAccountNumber: same answer; the full number goes to the billing e-mail or a verified user e-mail', async () => {
    const account = await insertBillingAccount(db(), tenant.tenant.id, { email: 'holder@example.test' });
    const api = caller(t, tenant);
    const known = await api.post('/auth/forgotAccountNumber', {
      email: 'holder@example.test',
      captcha: await solvedCaptcha(api),
    });
    const unknown = await api.post('/auth/forgotAccountNumber', {
      email: 'stranger@example.test',
      captcha: await solvedCaptcha(api),
    });
    expect(strip(known)).toEqual(strip(unknown));
    const [mail] = await mailsTo(db(), 'holder@example.test');
    expect(mail?.textBody).toContain(account.accountNumber);
    expect(mail?.subject).toBe('Lakeside Water: your account number');

    // A user's unverified address gets nothing; the verified one does.
    const unverified = await insertUser(db(), tenant.tenant.id, { username: 'shaky', emailVerified: false });
    const other = await insertBillingAccount(db(), tenant.tenant.id);
    await db()
      .insert(userAccounts)
      .values({ userId: unverified.id, accountId: other.id, tenantId: tenant.tenant.id });
    await api.post('/auth/forgotAccountNumber', {
      email: 'shaky@example.test',
      captcha: await solvedCaptcha(api),
    });
    expect(await mailsTo(db(), 'shaky@example.test')).toEqual([]);
  });

  it('forgotOTP + forgotPassword: resets with the code, signs out every session, mails a notice', async () => {
    const user = await insertUser(db(), tenant.tenant.id, { username: 'forgetful' });
    const api = caller(t, tenant);
    const session = (
      await api.post('/auth/login', { username: 'forgetful', password: user.password })
    ).json();
    const known = await api.post('/auth/forgotOTP', {
      username: 'forgetful',
      captcha: await solvedCaptcha(api),
    });
    const unknown = await api.post('/auth/forgotOTP', {
      username: 'not-a-user',
      captcha: await solvedCaptcha(api),
    });
    expect(strip(known)).toEqual(strip(unknown));
    expect(known.json()).toEqual({ message: recoveryMessages.codeSent });
    const code = await latestCode(db(), 'forgetful@example.test');

    const mismatch = await api.post('/auth/forgotPassword', {
      username: 'forgetful',
      code,
      newPassword: 'Brand@New123',
      confirmPassword: 'Brand@New12',
    });
    expect(mismatch.json().message).toBe(messages.passwordMismatch);
    const weak = await api.post('/auth/forgotPassword', {
      username: 'forgetful',
      code,
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(weak.json().message).toBe(messages.passwordRule);
    const noNew = await api.post('/auth/forgotPassword', {
      username: 'forgetful',
      code,
      confirmPassword: 'x',
    });
    expect(noNew.json().message).toBe(messages.newPasswordRequired);
    const wrongUser = await api.post('/auth/forgotPassword', {
      username: 'not-a-user',
      code,
      newPassword: 'Brand@New123',
      confirmPassword: 'Brand@New123',
    });
    expect(wrongUser.statusCode).toBe(400);
    expect(wrongUser.json().message).toBe(invalidCodeMessage);

    const reset = await api.post('/auth/forgotPassword', {
      username: 'forgetful',
      code,
      newPassword: 'Brand@New123',
      confirmPassword: 'Brand@New123',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: recoveryMessages.passwordReset });
    expect((await api.post('/auth/refreshToken', { refreshToken: session.refreshToken })).statusCode).toBe(
      401,
    );
    expect(
      (await api.post('/auth/login', { username: 'forgetful', password: user.password })).statusCode,
    ).toBe(401);
    expect(
      (await api.post('/auth/login', { username: 'forgetful', password: 'Brand@New123' })).statusCode,
    ).toBe(200);
    const notices = await mailsTo(db(), 'forgetful@example.test');
    expect(notices[0]?.purpose).toBe('passwordChanged');
    // The code was single use.
    const again = await api.post('/auth/forgotPassword', {
      username: 'forgetful',
      code,
      newPassword: 'Other@New123',
      confirmPassword: 'Other@New123',
    });
    expect(again.statusCode).toBe(400);

    const audit = JSON.stringify(await db().select().from(auditLog));
    for (const secret of [code, 'Brand@New123', user.password])
      expect(showsSecret(audit, secret)).toBe(false);
  });

  it('needs the human check and limits repeated recovery of one target', async () => {
    const api = caller(t, tenant);
    const missing = await api.post('/auth/forgotOTP', { username: 'someone' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(messages.captchaRequired);
    expect((await api.post('/auth/forgotUsername', { captcha: 'x' })).json().message).toBe(
      messages.emailRequired,
    );
    expect((await api.post('/auth/forgotUsername', { email: 'bad', captcha: 'x' })).json().message).toBe(
      messages.invalidEmailFormat,
    );

    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const from = caller(t, tenant);
      statuses.push(
        (await from.post('/auth/forgotOTP', { username: 'hammered', captcha: await solvedCaptcha(from) }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
