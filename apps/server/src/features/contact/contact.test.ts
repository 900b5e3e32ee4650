import {
  APPOINTMENT_RULES,
  contactMessages as contactTexts,
  messages,
  zonedToday,
  zonedWallTime,
} from '@gridfront/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog, contactMessages } from '../../db/schema/index.ts';
import {
  caller,
  createAccountTestApp,
  mailsTo,
  signedInToken,
  solvedCaptcha,
} from '../../test/account-test-kit.ts';
import { insertTenant, insertUser, type TenantFixture, type TestApp } from '../../test/index.ts';
import { captchaFailedMessage } from '../auth/altcha.ts';
import {
  insertContactMessage,
  isReferenceClash,
  newReferenceNumber,
  REFERENCE_ALPHABET,
  withUniqueReference,
} from './repository.ts';

let t: TestApp;
let tenant: TenantFixture;
const db = () => t.database.handle.db;
const STAFF = 'help@test-utility.example';
const ZONE = 'America/Chicago';
let serial = 0;

beforeAll(async () => {
  t = await createAccountTestApp();
  tenant = await insertTenant(db(), { name: 'Lakeside Power' });
});
afterAll(() => t.close());

/** A fresh sender address, so the per-e-mail limit and the row counts stay per test. */
const sender = () => `sender${++serial}.${Date.now().toString(36)}@example.test`;

function validMessage(email: string, extra: Record<string, unknown> = {}) {
  return {
    fullName: 'Pat Customer',
    email,
    phoneNo: '(555) 123-4567',
    subject: 'Meter reading',
    message: 'My meter shows 0 since Monday.\nPlease check.',
    ...extra,
  };
}

async function rowsFor(email: string) {
  return db()
    .select()
    .from(contactMessages)
    .where(and(eq(contactMessages.tenantId, tenant.tenant.id), eq(contactMessages.email, email)));
}

async function staffMailsAbout(reference: string) {
  return (await mailsTo(db(), STAFF)).filter((mail) => mail.subject.includes(reference));
}

/** The next Monday–Friday at least `daysAhead` days after today in the utility's zone. */
function weekdayAhead(daysAhead: number): string {
  const today = zonedToday(new Date(), ZONE);
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + daysAhead);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function dayOfWeekAhead(weekday: number): string {
  const today = zonedToday(new Date(), ZONE);
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  while (date.getUTCDay() !== weekday) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

describe('POST /api/contact/contactus: validation', () => {
  it('answers 400 with the spec message of the first bad field and writes nothing', async () => {
    const api = caller(t, tenant);
    const email = sender();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...validMessage(email), fullName: '  ' }, messages.fullNameRequired],
      [{ ...validMessage(email), email: '' }, messages.emailRequired],
      [{ ...validMessage(email), email: 'not-an-address' }, messages.validEmail],
      [{ ...validMessage(email), phoneNo: '555-123' }, messages.phoneFormat],
      [{ ...validMessage(email), subject: '' }, messages.subjectRequired],
      [{ ...validMessage(email), message: '' }, messages.messageRequired],
      [validMessage(email), messages.captchaRequired],
    ];
    for (const [body, message] of cases) {
      const response = await api.post('/contact/contactus', { captcha: body.captcha, ...body });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const empty = await api.post('/contact/contactus');
    expect(empty.json().message).toBe(messages.fullNameRequired);
    expect(await rowsFor(email)).toEqual([]);
    expect(await mailsTo(db(), email)).toEqual([]);
  });

  it('requires a fresh human check: a missing, forged or replayed payload is refused', async () => {
    const api = caller(t, tenant);
    const email = sender();
    const forged = await api.post('/contact/contactus', {
      ...validMessage(email),
      captcha: 'bm90IGEgcGF5bG9hZA==',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(captchaFailedMessage);

    const captcha = await solvedCaptcha(api);
    const first = await api.post('/contact/contactus', { ...validMessage(email), captcha });
    expect(first.statusCode).toBe(200);
    const replayed = await api.post('/contact/contactus', {
      ...validMessage(email),
      subject: 'Another one',
      captcha,
    });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe(captchaFailedMessage);
    expect(await rowsFor(email)).toHaveLength(1);
  });
});

describe('POST /api/contact/contactus: Send Message', () => {
  it('stores the message, mails the customer in their language and the utility, audits it', async () => {
    const api = caller(t, tenant);
    const email = sender();
    const response = await api.post(
      '/contact/contactus',
      { ...validMessage(email), captcha: await solvedCaptcha(api) },
      { 'accept-language': 'fr-FR,es-MX;q=0.9,en;q=0.5' },
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      message: 'Thank you, your message has been sent. We will get back to you within one business day.',
      referenceNumber: expect.stringMatching(/^MSG-[2-9A-HJ-NP-Z]{8}$/),
      kind: 'message',
      appointmentAt: null,
    });

    const [row] = await rowsFor(email);
    expect(row).toMatchObject({
      kind: 'message',
      fullName: 'Pat Customer',
      phone: '(555) 123-4567',
      subject: 'Meter reading',
      userId: null,
      appointmentAt: null,
    });
    expect(row?.referenceNumber).toBe(body.referenceNumber);

    const [confirmation, ...more] = await mailsTo(db(), email);
    expect(more).toEqual([]);
    expect(confirmation?.subject).toBe(`Lakeside Power: hemos recibido su mensaje (${body.referenceNumber})`);
    expect(confirmation?.textBody).toContain('Hola, Pat Customer:');
    expect(confirmation?.textBody).toContain('My meter shows 0 since Monday.');
    expect(confirmation?.htmlBody).toContain('lang="es"');
    expect(confirmation?.htmlBody).toContain('My meter shows 0 since Monday.<br>Please check.');

    const notices = await staffMailsAbout(body.referenceNumber);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe(`Contact message ${body.referenceNumber}: Meter reading`);
    expect(notices[0]?.textBody).toContain(`Email: ${email}`);
    expect(notices[0]?.textBody).toContain('Language: es');
    expect(notices[0]?.textBody).toContain('Portal user: not signed in');

    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenant.tenant.id), eq(auditLog.action, 'contact.message')));
    expect(audits.some((entry) => entry.detail.referenceNumber === body.referenceNumber)).toBe(true);
  });

  it("prefers the portal's language in the body over Accept-Language, and falls back to English", async () => {
    const api = caller(t, tenant);
    const german = sender();
    await api.post(
      '/contact/contactus',
      { ...validMessage(german), language: 'de', captcha: await solvedCaptcha(api) },
      { 'accept-language': 'es' },
    );
    expect((await mailsTo(db(), german))[0]?.subject).toMatch(
      /^Lakeside Power: Wir haben Ihre Nachricht erhalten/,
    );
    const tamil = sender();
    await api.post(
      '/contact/contactus',
      { ...validMessage(tamil), captcha: await solvedCaptcha(api) },
      {
        'accept-language': 'ta-IN',
      },
    );
    expect((await mailsTo(db(), tamil))[0]?.subject).toContain('உங்கள் செய்தி கிடைத்தது');
    const other = sender();
    await api.post(
      '/contact/contactus',
      { ...validMessage(other), captcha: await solvedCaptcha(api) },
      {
        'accept-language': 'fr-FR',
      },
    );
    expect((await mailsTo(db(), other))[0]?.subject).toMatch(/^Lakeside Power: we received your message/);
  });

  it('links a signed-in user (valid access token only)', async () => {
    const user = await insertUser(db(), tenant.tenant.id, { username: 'writer' });
    const token = await signedInToken(t, tenant.tenant.id, user.id);
    const signedIn = caller(t, tenant, undefined, token);
    const email = sender();
    const response = await signedIn.post('/contact/contactus', {
      ...validMessage(email),
      captcha: await solvedCaptcha(signedIn),
    });
    expect(response.statusCode).toBe(200);
    expect((await rowsFor(email))[0]?.userId).toBe(user.id);
    const [notice] = await staffMailsAbout(response.json().referenceNumber);
    expect(notice?.textBody).toContain('Portal user: writer');

    const forged = caller(t, tenant, undefined, `${token.slice(0, -4)}AAAA`);
    const anonymous = sender();
    const second = await forged.post('/contact/contactus', {
      ...validMessage(anonymous),
      captcha: await solvedCaptcha(forged),
    });
    expect(second.statusCode).toBe(200);
    expect((await rowsFor(anonymous))[0]?.userId).toBeNull();
  });
});

describe('POST /api/contact/contactus: idempotent retries', () => {
  it('answers a retry with the same key the same way: one row, one pair of mails', async () => {
    const api = caller(t, tenant);
    const email = sender();
    const key = `retry-${Date.now()}-abcdef`;
    const body = { ...validMessage(email), captcha: await solvedCaptcha(api) };
    const first = await api.post('/contact/contactus', body, { 'idempotency-key': key });
    const again = await api.post('/contact/contactus', body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await rowsFor(email)).toHaveLength(1);
    expect(await mailsTo(db(), email)).toHaveLength(1);
    expect(await staffMailsAbout(first.json().referenceNumber)).toHaveLength(1);

    // The same key for something else is a client bug, said plainly.
    const other = await api.post(
      '/contact/contactus',
      { ...body, message: 'Something different', captcha: await solvedCaptcha(api) },
      { 'idempotency-key': key },
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(contactTexts.idempotencyKeyReused);
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it('takes the key from the body too, and refuses a malformed header key', async () => {
    const api = caller(t, tenant);
    const email = sender();
    const body = {
      ...validMessage(email),
      idempotencyKey: `body-key-${Date.now()}`,
      captcha: await solvedCaptcha(api),
    };
    const first = await api.post('/contact/contactus', body);
    const again = await api.post('/contact/contactus', body);
    expect(again.json()).toEqual(first.json());
    expect(await rowsFor(email)).toHaveLength(1);

    const bad = await api.post(
      '/contact/contactus',
      { ...validMessage(sender()), captcha: await solvedCaptcha(api) },
      { 'idempotency-key': 'no spaces allowed' },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(contactTexts.idempotencyKeyFormat);
  });
});

describe('POST /api/contact/contactus: Book Appointment', () => {
  const appointment = (email: string, appointmentDate: string, appointmentTime: string) => ({
    ...validMessage(email, { subject: 'Solar panel question', kind: 'appointment' }),
    appointmentDate,
    appointmentTime,
  });

  it('checks the date and time with clear messages before anything is written', async () => {
    const api = caller(t, tenant);
    const email = sender();
    const yesterday = new Date(Date.now() - 86_400_000);
    const pastWeekday = (() => {
      const date = new Date(`${zonedToday(yesterday, ZONE)}T12:00:00Z`);
      while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() - 1);
      return date.toISOString().slice(0, 10);
    })();
    const cases: [Record<string, unknown>, string][] = [
      [appointment(email, '', '10:00'), contactTexts.appointmentDateRequired],
      [appointment(email, '2031-02-30', '10:00'), contactTexts.appointmentDateFormat],
      [appointment(email, dayOfWeekAhead(6), '10:00'), contactTexts.appointmentWeekday],
      [appointment(email, dayOfWeekAhead(0), '10:00'), contactTexts.appointmentWeekday],
      [appointment(email, weekdayAhead(3), ''), contactTexts.appointmentTimeRequired],
      [appointment(email, weekdayAhead(3), '7:30'), contactTexts.appointmentTimeFormat],
      [appointment(email, weekdayAhead(3), '07:30'), contactTexts.appointmentHours],
      [appointment(email, weekdayAhead(3), '16:45'), contactTexts.appointmentHours],
      [appointment(email, weekdayAhead(3), '17:00'), contactTexts.appointmentHours],
      [appointment(email, pastWeekday, '10:00'), contactTexts.appointmentPast],
      [
        appointment(email, weekdayAhead(APPOINTMENT_RULES.maxDaysAhead + 1), '10:00'),
        contactTexts.appointmentTooFar,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await api.post('/contact/contactus', { ...body, captcha: 'unsolved-but-present' });
      expect(response.statusCode, `${JSON.stringify(body)} → ${message}`).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await rowsFor(email)).toEqual([]);
    // A message (not an appointment) ignores the appointment fields.
    const plain = await api.post('/contact/contactus', {
      ...validMessage(email),
      appointmentDate: 'whenever',
      captcha: await solvedCaptcha(api),
    });
    expect(plain.statusCode).toBe(200);
    expect((await rowsFor(email))[0]?.appointmentAt).toBeNull();
  });

  it("books a weekday slot in the utility's time zone and says so in both mails", async () => {
    const api = caller(t, tenant);
    const email = sender();
    const date = weekdayAhead(7);
    const response = await api.post('/contact/contactus', {
      ...appointment(email, date, '10:30'),
      language: 'en',
      captcha: await solvedCaptcha(api),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe(contactTexts.appointmentRequested);
    expect(body.kind).toBe('appointment');
    expect(body.referenceNumber).toMatch(/^APT-[2-9A-HJ-NP-Z]{8}$/);
    // 10:30 on the wall clock in Chicago, whatever the server's own zone is.
    const at = new Date(body.appointmentAt);
    const local = new Intl.DateTimeFormat('en-CA', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at);
    expect(local).toBe(`${date}, 10:30`);
    expect(at.toISOString()).toBe(zonedWallTime(date, '10:30', ZONE).toISOString());
    const [row] = await rowsFor(email);
    expect(row?.kind).toBe('appointment');
    expect(row?.appointmentAt?.toISOString()).toBe(at.toISOString());

    const [confirmation] = await mailsTo(db(), email);
    expect(confirmation?.subject).toBe(`Lakeside Power: your appointment request (${body.referenceNumber})`);
    expect(confirmation?.textBody).toMatch(/Preferred appointment: \w+day, .+ 10:30 AM C[SD]T/);
    const [notice] = await staffMailsAbout(body.referenceNumber);
    expect(notice?.subject).toBe(`Appointment request ${body.referenceNumber}: Solar panel question`);
    expect(notice?.textBody).toMatch(/Preferred appointment: .+10:30 AM/);
  });
});

describe('POST /api/contact/contactus: rate limits', () => {
  // The counters live in fixed one-hour windows; the clock is frozen at half past an hour later
  // than any window used so far, so a test never straddles two windows and the waits are exact.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((Math.ceil(Date.now() / 3_600_000) + 1) * 3_600_000 + 30 * 60_000);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('limits one address across two instances on one database (10 an hour), with Retry-After', async () => {
    const second = await createAccountTestApp({ database: t.database });
    try {
      const ip = '10.77.0.1';
      const onFirst = caller(t, tenant, ip);
      const onSecond = caller(second, tenant, ip);
      // Ten calls, alternating instances: each instance alone has seen only five.
      for (let i = 0; i < 10; i++) {
        const api = i % 2 === 0 ? onFirst : onSecond;
        const response = await api.post('/contact/contactus', { ...validMessage(sender()), captcha: 'x' });
        expect(response.statusCode, `call ${i + 1}`).toBe(400);
      }
      for (const api of [onFirst, onSecond]) {
        const refused = await api.post('/contact/contactus', { ...validMessage(sender()), captcha: 'x' });
        expect(refused.statusCode).toBe(429);
        expect(refused.json().message).toBe('Too many attempts. Please try again in 30 minutes.');
        expect(refused.headers['retry-after']).toBe('1800');
      }
      // Another address is not affected, on either instance.
      const other = caller(second, tenant, '10.77.0.2');
      expect(
        (await other.post('/contact/contactus', { ...validMessage(sender()), captcha: 'x' })).statusCode,
      ).toBe(400);
    } finally {
      await second.close();
    }
  });

  it('limits one e-mail address from any address (5 messages an hour); calls failing the human check do not count', async () => {
    const email = sender();
    // Bogus calls naming the address must not block its owner.
    for (let i = 0; i < 6; i++) {
      const bogus = await caller(t, tenant).post('/contact/contactus', {
        ...validMessage(email),
        captcha: 'x',
      });
      expect(bogus.statusCode).toBe(400);
    }
    for (let i = 0; i < 5; i++) {
      const api = caller(t, tenant);
      const sent = await api.post('/contact/contactus', {
        ...validMessage(email, { subject: `Question ${i + 1}` }),
        captcha: await solvedCaptcha(api),
      });
      expect(sent.statusCode, `message ${i + 1}`).toBe(200);
    }
    const api = caller(t, tenant);
    const refused = await api.post('/contact/contactus', {
      ...validMessage(email, { subject: 'Question 6' }),
      captcha: await solvedCaptcha(api),
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1800');
    const stored = await rowsFor(email);
    expect(stored.map((row) => row.subject).sort()).toEqual([
      'Question 1',
      'Question 2',
      'Question 3',
      'Question 4',
      'Question 5',
    ]);
  });
});

describe('contact reference numbers', () => {
  const columns = (tenantId: string, referenceNumber: string) => ({
    tenantId,
    referenceNumber,
    kind: 'message' as const,
    fullName: 'Pat Customer',
    email: sender(),
    subject: 'Reference',
    message: 'Reference test',
  });

  it('stores the answered reference; a retry answers the stored one; unique per tenant only', async () => {
    const api = caller(t, tenant);
    const email = sender();
    const body = { ...validMessage(email), captcha: await solvedCaptcha(api) };
    const first = await api.post('/contact/contactus', body, {
      'idempotency-key': `ref-${serial}-${Date.now()}`,
    });
    expect(first.statusCode).toBe(200);
    const reference = first.json().referenceNumber as string;
    const [row] = await rowsFor(email);
    expect(row?.referenceNumber).toBe(reference);

    // The database refuses the same reference twice in a tenant, and allows it in another.
    const clash = await db()
      .transaction((tx) => insertContactMessage(tx, columns(tenant.tenant.id, reference)))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isReferenceClash(clash)).toBe(true);
    const other = await insertTenant(db(), { name: 'Hillside Water' });
    const elsewhere = await db().transaction((tx) =>
      insertContactMessage(tx, columns(other.tenant.id, reference)),
    );
    expect(elsewhere?.referenceNumber).toBe(reference);
  });

  it('draws a new reference when the drawn one is taken, in a fresh transaction', async () => {
    const taken = newReferenceNumber('message');
    await db().transaction((tx) => insertContactMessage(tx, columns(tenant.tenant.id, taken)));
    const fresh = newReferenceNumber('message');
    const drawn: string[] = [];
    const row = await withUniqueReference(
      'message',
      (referenceNumber) =>
        db().transaction((tx) => insertContactMessage(tx, columns(tenant.tenant.id, referenceNumber))),
      () => {
        const next = drawn.length === 0 ? taken : fresh;
        drawn.push(next);
        return next;
      },
    );
    expect(drawn).toEqual([taken, fresh]);
    expect(row?.referenceNumber).toBe(fresh);
    // Other failures are not retried.
    let calls = 0;
    await expect(
      withUniqueReference('message', async () => {
        calls += 1;
        throw new Error('not a clash');
      }),
    ).rejects.toThrow('not a clash');
    expect(calls).toBe(1);
  });

  it('draws from the unambiguous alphabet with the kind prefix', () => {
    expect(REFERENCE_ALPHABET).not.toMatch(/[01IO]/);
    expect(new Set(REFERENCE_ALPHABET).size).toBe(32);
    const drawn = Array.from({ length: 200 }, () => newReferenceNumber('appointment'));
    for (const reference of drawn) expect(reference).toMatch(/^APT-[2-9A-HJ-NP-Z]{8}$/);
    expect(new Set(drawn).size).toBe(drawn.length);
    expect(newReferenceNumber('message')).toMatch(/^MSG-/);
  });
});
