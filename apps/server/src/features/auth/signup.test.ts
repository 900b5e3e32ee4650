import { messages } from '@gridfront/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, oneTimeCodes, users } from '../../db/schema/index.ts';
import {
  type AccountFixture,
  caller,
  createAccountTestApp,
  insertBillingAccount,
  latestCode,
  mailsTo,
  solvedCaptcha,
} from '../../test/account-test-kit.ts';
import { insertTenant, insertUser, showsSecret, type TenantFixture, type TestApp } from '../../test/index.ts';
import { accountVerifyMessages } from '../oracle/account-verify.ts';
import { captchaFailedMessage } from './altcha.ts';
import { invalidCodeMessage } from './one-time-codes.ts';
import { signupMessages } from './signup-service.ts';

let t: TestApp;
let tenant: TenantFixture;
const secrets: string[] = [];
const responses: string[] = [];

beforeAll(async () => {
  t = await createAccountTestApp();
  tenant = await insertTenant(t.database.handle.db, { name: 'River City Utilities' });
});
afterAll(() => t.close());

const db = () => t.database.handle.db;

function signupBody(
  account: AccountFixture,
  username: string,
  captcha: string,
  email = `${username}@mail.test`,
) {
  secrets.push('Strong@Pass1', account.pin);
  return {
    accountNumber: account.accountNumber,
    pin: account.pin,
    username,
    fullName: 'Jordan Rivers',
    email,
    password: 'Strong@Pass1',
    confirmPassword: 'Strong@Pass1',
    captcha,
  };
}

describe('POST /api/oracle/accountVerify', () => {
  it('verifies number and PIN, says whether the account is linked, and answers a wrong number like a wrong PIN', async () => {
    const api = caller(t, tenant);
    const account = await insertBillingAccount(db(), tenant.tenant.id);
    const ok = await api.post('/oracle/accountVerify', {
      accountNumber: account.accountNumber,
      pin: account.pin,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: accountVerifyMessages.verified, verified: true, isLinked: false });

    const wrongPin = await api.post('/oracle/accountVerify', {
      accountNumber: account.accountNumber,
      pin: '0000',
    });
    const wrongNumber = await api.post('/oracle/accountVerify', {
      accountNumber: '9999999999',
      pin: account.pin,
    });
    expect(wrongPin.statusCode).toBe(400);
    expect(wrongPin.json()).toEqual(wrongNumber.json());
    expect(wrongPin.json().message).toBe(accountVerifyMessages.mismatch);
  });

  it('answers the spec messages for bad input', async () => {
    const api = caller(t, tenant);
    const cases: [object, string][] = [
      [{}, messages.accountNoRequired],
      [{ accountNumber: '123', pin: '1234' }, messages.accountNumberFormat],
      [{ accountNumber: '1234567890' }, messages.pinRequired],
      [{ accountNumber: '1234567890', pin: '12a4' }, messages.pinFormat],
    ];
    for (const [body, message] of cases) {
      const response = await api.post('/oracle/accountVerify', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('locks verification of an account number after 5 wrong PINs, even with the right PIN, from any address', async () => {
    const account = await insertBillingAccount(db(), tenant.tenant.id);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await caller(t, tenant).post('/oracle/accountVerify', {
        accountNumber: account.accountNumber,
        pin: `000${attempt}`,
      });
      expect(response.statusCode).toBe(400);
    }
    const locked = await caller(t, tenant).post('/oracle/accountVerify', {
      accountNumber: account.accountNumber,
      pin: account.pin,
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(
      /^Too many incorrect PIN attempts\. .*try again in \d+ minutes?\.$/,
    );
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const failures = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'oracle.account_verify.failure'));
    expect(failures.length).toBeGreaterThanOrEqual(5);
    expect(JSON.stringify(failures)).not.toContain(account.accountNumber);
  });
});

describe('sign-up → e-mail verification → profile', () => {
  it('signs up, mails a code, verifies it into a session and creates the profile', async () => {
    const api = caller(t, tenant);
    const account = await insertBillingAccount(db(), tenant.tenant.id);
    const signup = await api.post('/auth/signup', signupBody(account, 'jordan', await solvedCaptcha(api)), {
      'accept-language': 'de-DE,de;q=0.9',
    });
    expect(signup.statusCode).toBe(200);
    expect(signup.json()).toEqual({ message: signupMessages.codeSent, username: 'jordan' });
    responses.push(signup.body);

    const [user] = await db().select().from(users).where(eq(users.username, 'jordan'));
    expect(user?.emailVerifiedAt).toBeNull();
    expect(user?.locale).toBe('de');
    const [mail] = await mailsTo(db(), 'jordan@mail.test');
    expect(mail?.subject).toBe('River City Utilities: Bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail?.purpose).toBe('signupCode');
    const code = await latestCode(db(), 'jordan@mail.test');
    secrets.push(code);
    // Only an HMAC of the code is stored.
    const [stored] = await db()
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.userId, user?.id ?? ''));
    expect(stored?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.codeHash).not.toContain(code);

    // The account is linked now.
    const linked = await api.post('/oracle/accountVerify', {
      accountNumber: account.accountNumber,
      pin: account.pin,
    });
    expect(linked.json()).toMatchObject({ isLinked: true, message: accountVerifyMessages.alreadyLinked });

    // Before verification, login asks for the code (and mails a fresh one).
    const early = await api.post('/auth/login', { username: 'jordan', password: 'Strong@Pass1' });
    expect(early.statusCode).toBe(200);
    expect(early.json()).toMatchObject({ emailVerificationRequired: true, tfaRequired: false });
    expect(early.json()).not.toHaveProperty('accessToken');
    const fresh = await latestCode(db(), 'jordan@mail.test');
    secrets.push(fresh);
    if (fresh !== code) {
      // The first code died with the new one.
      const dead = await api.post('/auth/emailOTPVerify', { username: 'jordan', code });
      expect(dead.statusCode).toBe(400);
    }

    const verified = await api.post('/auth/emailOTPVerify', { username: 'Jordan', code: fresh });
    expect(verified.statusCode).toBe(200);
    const session = verified.json();
    responses.push(verified.body);
    expect(session).toMatchObject({
      message: 'Email verified successfully',
      tfaRequired: false,
      user: { username: 'jordan', emailVerified: true, hasAccount: true, hasProfile: false },
    });
    expect(verified.cookies.map((cookie) => cookie.name).sort()).toEqual(['accessToken', 'refreshToken']);

    const signedIn = caller(t, tenant, '10.1.1.1', session.accessToken);
    const missing = await signedIn.post('/auth/createProfile', { username: 'jordan' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(messages.mailingAddressRequired);
    const badZip = await signedIn.post('/auth/createProfile', {
      mailingAddress: '5 Elm St',
      city: 'Springfield',
      serviceAddress: '5 Elm St',
      state: 'IL',
      zip: '123',
      phoneNo: '(555) 123-4567',
      username: 'jordan',
    });
    expect(badZip.json().message).toBe(messages.zipFormat);
    const profile = {
      mailingAddress: '5 Elm St',
      city: 'Springfield',
      serviceAddress: '5 Elm St',
      state: 'IL',
      zip: '62701',
      phoneNo: '(555) 123-4567',
      secondaryPhnNo: '',
      isProfileRemoved: false,
      username: 'jordan',
    };
    const created = await signedIn.post('/auth/createProfile', profile);
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ message: 'Profile saved successfully' });

    const details = await signedIn.post('/auth/profileDetails');
    expect(details.statusCode).toBe(200);
    const { isProfileRemoved: _removed, username: _username, ...stored2 } = profile;
    expect(details.json()).toEqual({
      username: 'jordan',
      fullName: 'Jordan Rivers',
      email: 'jordan@mail.test',
      profile: stored2,
      hasImage: false,
    });
    responses.push(details.body);

    const session2 = await signedIn.get('/auth/session');
    expect(session2.json()).toMatchObject({ hasProfile: true, emailVerified: true });

    const removed = await signedIn.post('/auth/createProfile', {
      isProfileRemoved: true,
      username: 'jordan',
    });
    expect(removed.json()).toEqual({ message: 'Profile removed successfully' });
    expect((await signedIn.post('/auth/profileDetails')).json().profile).toBeNull();

    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.userId, user?.id ?? ''));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'auth.signup',
        'auth.email.verified',
        'auth.login.success',
        'profile.saved',
        'profile.removed',
      ]),
    );
  });

  it('refuses a missing, a forged and a replayed human check', async () => {
    const api = caller(t, tenant);
    const account = await insertBillingAccount(db(), tenant.tenant.id);
    const { captcha: _none, ...withoutCaptcha } = signupBody(account, 'nocaptcha', '');
    const missing = await api.post('/auth/signup', withoutCaptcha);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(messages.captchaRequired);

    const forged = await api.post(
      '/auth/signup',
      signupBody(account, 'forged', Buffer.from('{"challenge":{},"solution":{}}').toString('base64')),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(captchaFailedMessage);

    const captcha = await solvedCaptcha(api);
    const first = await api.post('/auth/forgotUsername', { email: 'nobody@mail.test', captcha });
    expect(first.statusCode).toBe(200);
    // Another instance sharing the database refuses the same payload too.
    const second = await createAccountTestApp({ database: t.database });
    try {
      const replay = await caller(second, tenant).post(
        '/auth/signup',
        signupBody(account, 'replayer', captcha),
      );
      expect(replay.statusCode).toBe(400);
      expect(replay.json().message).toBe(captchaFailedMessage);
    } finally {
      await second.close();
    }
    expect(await db().select().from(users).where(eq(users.username, 'replayer'))).toEqual([]);
  });

  it('refuses a linked account, a taken username and a wrong PIN, and writes nothing', async () => {
    const api = caller(t, tenant);
    const existing = await insertUser(db(), tenant.tenant.id, { username: 'TakenName' });
    const account = await insertBillingAccount(db(), tenant.tenant.id);
    const taken = await api.post('/auth/signup', signupBody(account, 'takenname', await solvedCaptcha(api)));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(signupMessages.usernameTaken);

    const wrongPin = await api.post('/auth/signup', {
      ...signupBody(account, 'newbie', await solvedCaptcha(api)),
      pin: '9999',
    });
    expect(wrongPin.statusCode).toBe(400);
    expect(wrongPin.json().message).toBe(accountVerifyMessages.mismatch);

    const ok = await api.post('/auth/signup', signupBody(account, 'firstowner', await solvedCaptcha(api)));
    expect(ok.statusCode).toBe(200);
    const again = await api.post(
      '/auth/signup',
      signupBody(account, 'secondowner', await solvedCaptcha(api)),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(accountVerifyMessages.alreadyLinked);
    expect(await db().select().from(users).where(eq(users.username, 'secondowner'))).toEqual([]);
    expect(existing.username).toBe('TakenName');
  });

  it('answers the spec messages of the sign-up form', async () => {
    const api = caller(t, tenant);
    const account = await insertBillingAccount(db(), tenant.tenant.id);
    const base = signupBody(account, 'formcheck', 'x');
    const cases: [object, string][] = [
      [{ ...base, username: '' }, messages.usernameRequired],
      [{ ...base, fullName: '' }, messages.fullNameRequired],
      [{ ...base, email: '' }, messages.emailRequired],
      [{ ...base, email: 'not-an-email' }, messages.invalidEmailFormat],
      [{ ...base, password: '' }, messages.passwordRequired],
      [{ ...base, password: 'weakpass', confirmPassword: 'weakpass' }, messages.passwordRule],
      [{ ...base, confirmPassword: '' }, messages.confirmPasswordRequired],
      [{ ...base, confirmPassword: 'Other@Pass1' }, messages.passwordMismatch],
      [{ ...base, captcha: '' }, messages.captchaRequired],
    ];
    for (const [body, message] of cases) {
      const response = await api.post('/auth/signup', body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });
});

describe('one-time codes', () => {
  async function pendingSignup(username: string) {
    const api = caller(t, tenant);
    const account = await insertBillingAccount(db(), tenant.tenant.id);
    const response = await api.post('/auth/signup', signupBody(account, username, await solvedCaptcha(api)));
    expect(response.statusCode).toBe(200);
    return { api, email: `${username}@mail.test`, code: await latestCode(db(), `${username}@mail.test`) };
  }

  it('dies after 5 wrong tries, even for the right code', async () => {
    const { api, code } = await pendingSignup('tryhard');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = String((Number(code) + 1 + attempt) % 1_000_000).padStart(6, '0');
      const response = await api.post('/auth/emailOTPVerify', { username: 'tryhard', code: wrong });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(invalidCodeMessage);
    }
    const right = await api.post('/auth/emailOTPVerify', { username: 'tryhard', code });
    expect(right.statusCode).toBe(400);
  });

  it('expires after 10 minutes and works only once', async () => {
    const expiring = await pendingSignup('latecomer');
    const [user] = await db().select().from(users).where(eq(users.username, 'latecomer'));
    await db()
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oneTimeCodes.userId, user?.id ?? ''), eq(oneTimeCodes.purpose, 'signup')));
    const late = await expiring.api.post('/auth/emailOTPVerify', {
      username: 'latecomer',
      code: expiring.code,
    });
    expect(late.statusCode).toBe(400);
    const [codeRow] = await db()
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.userId, user?.id ?? ''));
    expect(codeRow ? codeRow.expiresAt.getTime() - codeRow.createdAt.getTime() : 0).toBeLessThanOrEqual(
      10 * 60_000 + 1000,
    );

    const once = await pendingSignup('oncer');
    expect(
      (await once.api.post('/auth/emailOTPVerify', { username: 'oncer', code: once.code })).statusCode,
    ).toBe(200);
    expect(
      (await once.api.post('/auth/emailOTPVerify', { username: 'oncer', code: once.code })).statusCode,
    ).toBe(400);
  });

  it('resends a fresh code that replaces the old one, with the same answer for unknown users, and limits resends', async () => {
    const { api, email, code } = await pendingSignup('resender');
    const resent = await api.get('/auth/resendOTP?username=resender&purpose=signup');
    const unknown = await api.get('/auth/resendOTP?username=ghost-user&purpose=signup');
    expect(resent.statusCode).toBe(200);
    expect(unknown.json()).toEqual(resent.json());
    const fresh = await latestCode(db(), email);
    expect((await mailsTo(db(), email)).length).toBe(2);
    if (fresh !== code)
      expect((await api.post('/auth/emailOTPVerify', { username: 'resender', code })).statusCode).toBe(400);

    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push(
        (await caller(t, tenant).get('/auth/resendOTP?username=resender&purpose=signup')).statusCode,
      );
    }
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    const limited = await caller(t, tenant).get('/auth/resendOTP?username=resender&purpose=signup');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(
      (await api.post('/auth/emailOTPVerify', { username: 'resender', code: '12345' })).json().message,
    ).toBe(messages.verificationCodeFormat);
    expect((await api.post('/auth/emailOTPVerify', { username: 'resender' })).json().message).toBe(
      messages.verificationCodeRequired,
    );
  });
});

describe('secrets', () => {
  it('never appear in responses or the audit log', async () => {
    const audit = JSON.stringify(await db().select().from(auditLog));
    for (const secret of new Set(secrets)) {
      expect(showsSecret(audit, secret), `${secret} in the audit log`).toBe(false);
      for (const body of responses) expect(showsSecret(body, secret), `${secret} in ${body}`).toBe(false);
    }
    expect(audit).not.toMatch(/\$argon2/);
  });
});
