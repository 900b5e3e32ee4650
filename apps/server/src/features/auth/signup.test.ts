import { messages } from '@gridfront/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, oneTimeCodes, userAccounts, users } from '../../db/schema/index.ts';
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

describe('sign-up → e-mail verification → profile', () => {
  it('signs up, mails a code, verifies it into a session and creates the profile', async () => {
    const api = caller(t, tenant);
    const account = await insertBillingAccount(db(), tenant.tenant.id);
    const signup = await api.post('/auth/signup', signupBody(account, 'jordan', await solvedCaptcha(api)), {
      'accept-language': 'de-DE,de;q=0.9',
    });
    expect(signup.statusCode).toBe(200);
    expect(signup.json()).toEqual({ message: signupMessages.codeSent, username: 'jordan' });

    const [user] = await db().select().from(users).where(eq(users.username, 'jordan'));
    expect(user?.emailVerifiedAt).toBeNull();
    expect(user?.locale).toBe('de');
    const [mail] = await mailsTo(db(), 'jordan@mail.test');
    expect(mail?.subject).toBe('River City Utilities: Bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail?.purpose).toBe('signupCode');
    const code = await latestCode(db(), 'jordan@mail.test');
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
    expect(await mailsTo(db(), 'jordan@mail.test')).toHaveLength(2);
    const fresh = await latestCode(db(), 'jordan@mail.test');
    // The first code died with the new one (fails once in a million runs, when both are equal).
    const dead = await api.post('/auth/emailOTPVerify', { username: 'jordan', code });
    expect(dead.statusCode).toBe(400);

    const verified = await api.post('/auth/emailOTPVerify', { username: 'Jordan', code: fresh });
    expect(verified.statusCode).toBe(200);
    const session = verified.json();
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
    expect(await db().select().from(userAccounts).where(eq(userAccounts.accountId, account.id))).toEqual([]);

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
    // The taken name (any case) still belongs to the one user who had it, and the account to firstowner.
    const named = await db()
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(and(eq(users.tenantId, tenant.tenant.id), sql`lower(${users.username}) = 'takenname'`));
    expect(named).toEqual([{ id: existing.id, username: 'TakenName' }]);
    expect(await db().select().from(users).where(eq(users.username, 'newbie'))).toEqual([]);
    const owners = await db()
      .select({ username: users.username })
      .from(userAccounts)
      .innerJoin(users, eq(users.id, userAccounts.userId))
      .where(eq(userAccounts.accountId, account.id));
    expect(owners).toEqual([{ username: 'firstowner' }]);
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

  it('expires 10 minutes after it was issued and works only once', async () => {
    async function issuedCode(username: string) {
      const [user] = await db().select().from(users).where(eq(users.username, username));
      if (!user) throw new Error(`${username} was not created`);
      const rows = await db()
        .select()
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.userId, user.id), eq(oneTimeCodes.purpose, 'signup')));
      expect(rows).toHaveLength(1);
      const [row] = rows;
      if (!row) throw new Error('no code row');
      return row;
    }
    /** Moves the issued code's clock back, as if it had been mailed `ms` ago. */
    async function ageBy(id: string, ms: number) {
      await db()
        .update(oneTimeCodes)
        .set({
          createdAt: sql`${oneTimeCodes.createdAt} - make_interval(secs => ${ms / 1000})`,
          expiresAt: sql`${oneTimeCodes.expiresAt} - make_interval(secs => ${ms / 1000})`,
        })
        .where(eq(oneTimeCodes.id, id));
    }

    // The server gives a code 10 minutes.
    const fresh = await pendingSignup('latecomer');
    const issued = await issuedCode('latecomer');
    const lifetime = issued.expiresAt.getTime() - issued.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(10 * 60_000 - 2000);
    expect(lifetime).toBeLessThan(10 * 60_000 + 2000);
    // Mailed 10 minutes and 5 seconds ago: refused, with the same message as a wrong code.
    await ageBy(issued.id, 10 * 60_000 + 5000);
    const late = await fresh.api.post('/auth/emailOTPVerify', { username: 'latecomer', code: fresh.code });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(invalidCodeMessage);
    expect((await issuedCode('latecomer')).consumedAt).toBeNull();

    // Mailed 9 minutes 30 seconds ago: still good, once.
    const timely = await pendingSignup('punctual');
    await ageBy((await issuedCode('punctual')).id, 9 * 60_000 + 30_000);
    const first = await timely.api.post('/auth/emailOTPVerify', { username: 'punctual', code: timely.code });
    expect(first.statusCode).toBe(200);
    const second = await timely.api.post('/auth/emailOTPVerify', { username: 'punctual', code: timely.code });
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe(invalidCodeMessage);
  });

  it('resends a fresh code that replaces the old one, with the same answer for unknown users, and limits resends', async () => {
    const { api, email, code } = await pendingSignup('resender');
    const resent = await api.get('/auth/resendOTP?username=resender&purpose=signup');
    const unknown = await api.get('/auth/resendOTP?username=ghost-user&purpose=signup');
    expect(resent.statusCode).toBe(200);
    expect(unknown.json()).toEqual(resent.json());
    // Exactly one new mail for the known user, none for the unknown one.
    const mails = await mailsTo(db(), email);
    expect(mails.map((mail) => mail.purpose)).toEqual(['signupCode', 'signupCode']);
    expect(await mailsTo(db(), 'ghost-user@mail.test')).toEqual([]);
    const fresh = await latestCode(db(), email);
    // The first code died with the resend (fails once in a million runs, when both codes are equal).
    expect((await api.post('/auth/emailOTPVerify', { username: 'resender', code })).statusCode).toBe(400);
    expect(fresh).toMatch(/^\d{6}$/);

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
    // Its own sign-up, so that it checks something when run alone.
    const api = caller(t, tenant);
    const account = await insertBillingAccount(db(), tenant.tenant.id, { pin: '7395' });
    const password = 'Quiet@Secret9';
    const bodies: string[] = [];
    const verify = await api.post('/oracle/accountVerify', {
      accountNumber: account.accountNumber,
      pin: '7395',
    });
    const wrongPin = await api.post('/oracle/accountVerify', {
      accountNumber: account.accountNumber,
      pin: '5937',
    });
    const signup = await api.post('/auth/signup', {
      ...signupBody(account, 'quietone', await solvedCaptcha(api)),
      password,
      confirmPassword: password,
    });
    expect(signup.statusCode).toBe(200);
    const code = await latestCode(db(), 'quietone@mail.test');
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await api.post('/auth/emailOTPVerify', { username: 'quietone', code: wrongCode });
    const resend = await api.get('/auth/resendOTP?username=quietone&purpose=signup');
    const fresh = await latestCode(db(), 'quietone@mail.test');
    const verified = await api.post('/auth/emailOTPVerify', { username: 'quietone', code: fresh });
    expect(verified.statusCode).toBe(200);
    const badLogin = await api.post('/auth/login', { username: 'quietone', password: 'Wrong@Secret9' });
    const login = await api.post('/auth/login', { username: 'quietone', password });
    expect(login.statusCode).toBe(200);
    for (const response of [verify, wrongPin, signup, wrong, resend, verified, badLogin, login]) {
      bodies.push(response.body);
    }
    const { refreshToken } = login.json() as { refreshToken: string };

    const [user] = await db().select().from(users).where(eq(users.username, 'quietone'));
    const audit = await db().select().from(auditLog).where(eq(auditLog.tenantId, tenant.tenant.id));
    // The flow was audited, so the search below has something to search.
    expect(audit.filter((row) => row.userId === user?.id).map((row) => row.action)).toEqual(
      expect.arrayContaining(['auth.signup', 'auth.email.verified', 'auth.login.success']),
    );
    const auditText = JSON.stringify(audit);
    const secrets = ['7395', '5937', password, 'Wrong@Secret9', code, wrongCode, fresh];
    for (const secret of secrets) {
      expect(showsSecret(auditText, secret), `${secret} in the audit log`).toBe(false);
      for (const body of bodies) expect(showsSecret(body, secret), `${secret} in ${body}`).toBe(false);
    }
    expect(auditText).not.toContain(refreshToken);
    expect(auditText).not.toContain(account.accountNumber);
    expect(auditText).not.toMatch(/\$argon2/);
    for (const body of bodies) expect(body).not.toMatch(/\$argon2/);
  });
});
