import {
  messages,
  type ToDoSubmitInput,
  serviceRequestMessages as texts,
  zonedToday,
} from '@gridfront/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, premises, services, todos, userAccounts } from '../../db/schema/index.ts';
import {
  caller,
  createAccountTestApp,
  insertBillingAccount,
  mailsTo,
  signedInToken,
  solvedCaptcha,
} from '../../test/account-test-kit.ts';
import { insertTenant, insertUser, type TenantFixture, type TestApp } from '../../test/index.ts';
import { captchaFailedMessage } from '../auth/altcha.ts';

let t: TestApp;
let tenant: TenantFixture;
const db = () => t.database.handle.db;
const STAFF = 'help@test-utility.example';
const ZONE = 'America/Chicago';
const SERVED_ZIP = '63104';
let serial = 0;

/** A customer with an account and a premise at `address` whose electricity started on `since`. */
async function customerWithPremise(address: string, since: string) {
  const user = await insertUser(db(), tenant.tenant.id, { withProfile: true });
  const account = await insertBillingAccount(db(), tenant.tenant.id);
  await db()
    .insert(userAccounts)
    .values({ userId: user.id, accountId: account.id, tenantId: tenant.tenant.id });
  const [premise] = await db()
    .insert(premises)
    .values({
      tenantId: tenant.tenant.id,
      accountId: account.id,
      serviceAddress: address,
      city: 'Riverbend',
      state: 'MO',
      zip: SERVED_ZIP,
    })
    .returning({ id: premises.id });
  if (!premise) throw new Error('premise not inserted');
  await db().insert(services).values({
    tenantId: tenant.tenant.id,
    accountId: account.id,
    premiseId: premise.id,
    utilityType: 'electricity',
    startDate: since,
  });
  const token = await signedInToken(t, tenant.tenant.id, user.id);
  return { user, account, token, api: caller(t, tenant, undefined, token) };
}

beforeAll(async () => {
  t = await createAccountTestApp();
  tenant = await insertTenant(db(), { name: 'Lakeside Power' });
  // The territory: one known premise in SERVED_ZIP.
  await customerWithPremise('1 Territory Rd', '2020-01-01');
});
afterAll(() => t.close());

function daysFromToday(days: number): string {
  const date = new Date(`${zonedToday(new Date(), ZONE)}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const sender = () => `mover${++serial}.${Date.now().toString(36)}@example.test`;

function startRequest(email: string, extra: Partial<ToDoSubmitInput> = {}): ToDoSubmitInput {
  return {
    requestType: 'start',
    accountHolderName: 'Pat Mover',
    effectiveDate: daysFromToday(7),
    email,
    phoneNo: '(555) 123-4567',
    serviceAddress: `${100 + serial} Maple Avenue`,
    serviceZip: SERVED_ZIP,
    propertyType: 'Residential',
    services: ['electricity', 'water'],
    serviceDescription: 'Moving in with two kids.',
    agreementAccepted: true,
    ...extra,
  };
}

async function rowsFor(email: string) {
  return db()
    .select()
    .from(todos)
    .where(and(eq(todos.tenantId, tenant.tenant.id), eq(todos.email, email)));
}

describe('service request validation', () => {
  it('answers 400 with the spec messages and the flow’s own, and stores nothing', async () => {
    const api = caller(t, tenant);
    const email = sender();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...startRequest(email), accountHolderName: ' ' }, messages.serviceRequestContactRequired],
      [{ ...startRequest(email), effectiveDate: '' }, messages.serviceRequestContactRequired],
      [{ ...startRequest(email), email: '' }, messages.serviceRequestContactRequired],
      [{ ...startRequest(email), email: 'nope' }, messages.validEmail],
      [{ ...startRequest(email), effectiveDate: '2026-02-30' }, texts.effectiveDateFormat],
      [{ ...startRequest(email), serviceAddress: '' }, messages.serviceRequestPremiseRequired],
      [{ ...startRequest(email), propertyType: '' }, messages.serviceRequestPremiseRequired],
      [{ ...startRequest(email), propertyType: 'Castle' }, messages.serviceRequestPremiseRequired],
      [{ ...startRequest(email), serviceZip: '' }, messages.zipRequired],
      [{ ...startRequest(email), serviceZip: '123' }, messages.zipFormat],
      [{ ...startRequest(email), services: [] }, texts.servicesRequired],
      [{ ...startRequest(email), requestType: 'transfer' }, texts.newAddressRequired],
      [{ ...startRequest(email), agreementAccepted: false }, texts.agreementRequired],
    ];
    for (const [body, message] of cases) {
      const response = await api.post('/oracle/toDoSubmit', body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message, message).toBe(message);
    }
    const verify = await api.post('/oracle/toDoVerify', { ...startRequest(email), accountHolderName: '' });
    expect(verify.json().message).toBe(messages.serviceRequestContactRequired);
    expect(await rowsFor(email)).toEqual([]);
  });

  it('refuses a date in the past (in the utility’s zone) or too far ahead, and an address not served', async () => {
    const api = caller(t, tenant);
    const email = sender();
    const past = await api.post(
      '/oracle/toDoVerify',
      startRequest(email, { effectiveDate: daysFromToday(-1) }),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(texts.effectiveDatePast);
    const today = await api.post(
      '/oracle/toDoVerify',
      startRequest(email, { effectiveDate: daysFromToday(0) }),
    );
    expect(today.statusCode).toBe(200);
    const far = await api.post(
      '/oracle/toDoVerify',
      startRequest(email, { effectiveDate: daysFromToday(91) }),
    );
    expect(far.json().message).toBe(texts.effectiveDateTooFar);
    const away = await api.post('/oracle/toDoVerify', startRequest(email, { serviceZip: '90210' }));
    expect(away.statusCode).toBe(400);
    expect(away.json().message).toBe(texts.notServed);
    const submitted = await api.post(
      '/oracle/toDoSubmit',
      startRequest(email, { serviceZip: '90210', captcha: await solvedCaptcha(api) }),
    );
    expect(submitted.json().message).toBe(texts.notServed);
    expect(await rowsFor(email)).toEqual([]);
  });

  it('lets only a signed-in customer stop or transfer, at their own premise, not before its start', async () => {
    const email = sender();
    const guest = await caller(t, tenant).post(
      '/oracle/toDoVerify',
      startRequest(email, { requestType: 'stop' }),
    );
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe(texts.signInToStop);

    const since = daysFromToday(20);
    const { api } = await customerWithPremise('77 Willow Street', since);
    const notTheirs = await api.post('/oracle/toDoVerify', startRequest(email, { requestType: 'stop' }));
    expect(notTheirs.json().message).toBe(texts.notYourPremise);
    // Spelled differently, it is still their premise; dated before its start it is refused.
    const early = await api.post(
      '/oracle/toDoVerify',
      startRequest(email, {
        requestType: 'stop',
        serviceAddress: '77 willow st.',
        effectiveDate: daysFromToday(10),
      }),
    );
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(texts.stopBeforeStart);
    const later = await api.post(
      '/oracle/toDoVerify',
      startRequest(email, {
        requestType: 'stop',
        serviceAddress: '77 Willow Street',
        effectiveDate: daysFromToday(30),
      }),
    );
    expect(later.statusCode).toBe(200);
    const transfer = await api.post(
      '/oracle/toDoVerify',
      startRequest(email, {
        requestType: 'transfer',
        serviceAddress: '77 Willow Street',
        effectiveDate: daysFromToday(30),
        newServiceAddress: '5 Far Away Ln',
        newServiceZip: '10001',
      }),
    );
    expect(transfer.json().message).toBe(texts.newAddressNotServed);
  });
});

describe('POST /api/oracle/toDoSubmit', () => {
  it('files a guest’s start: reference, confirmation in their language, staff notice, audit', async () => {
    const api = caller(t, tenant);
    const email = sender();
    const body = startRequest(email, { captcha: await solvedCaptcha(api) });
    const response = await api.post('/oracle/toDoSubmit', body, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.referenceNumber).toMatch(/^SR-[2-9A-HJ-NP-Z]{8}$/);
    expect(answer).toMatchObject({ status: 'submitted', requestType: 'start', message: texts.submitted });

    const [row] = await rowsFor(email);
    expect(row).toMatchObject({ referenceNumber: answer.referenceNumber, userId: null, accountId: null });
    expect(row?.details).toMatchObject({ services: ['electricity', 'water'], serviceZip: SERVED_ZIP });
    const [mail] = await mailsTo(db(), email);
    expect(mail?.subject).toContain(answer.referenceNumber);
    expect(mail?.subject).toContain('Serviceauftrag');
    expect(mail?.textBody).toContain(body.serviceAddress);
    const notices = (await mailsTo(db(), STAFF)).filter((m) => m.subject.includes(answer.referenceNumber));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.textBody).toContain('Moving in with two kids.');
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenant.tenant.id), eq(auditLog.action, 'service_request.start')));
    expect(audits.some((entry) => entry.detail.referenceNumber === answer.referenceNumber)).toBe(true);
  });

  it('needs the human check from a guest, not from a signed-in customer', async () => {
    const api = caller(t, tenant);
    const email = sender();
    const missing = await api.post('/oracle/toDoSubmit', startRequest(email));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(messages.captchaRequired);
    const forged = await api.post(
      '/oracle/toDoSubmit',
      startRequest(email, { captcha: 'bm90IGEgcGF5bG9hZA==' }),
    );
    expect(forged.json().message).toBe(captchaFailedMessage);
    expect(await rowsFor(email)).toEqual([]);

    const { api: signedIn, user, account } = await customerWithPremise('9 Cedar Ct', '2021-05-01');
    const filed = await signedIn.post('/oracle/toDoSubmit', startRequest(email));
    expect(filed.statusCode, filed.body).toBe(200);
    const [row] = await rowsFor(email);
    expect(row).toMatchObject({ userId: user.id, accountId: account.id });
  });

  it('answers a retry with the same idempotency key as before and files once', async () => {
    const api = caller(t, tenant);
    const email = sender();
    const key = `retry-${Date.now()}`;
    const body = startRequest(email, { captcha: await solvedCaptcha(api) });
    const first = await api.post('/oracle/toDoSubmit', body, { 'idempotency-key': key });
    const again = await api.post('/oracle/toDoSubmit', body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().referenceNumber).toBe(first.json().referenceNumber);
    expect(await rowsFor(email)).toHaveLength(1);
    expect(await mailsTo(db(), email)).toHaveLength(1);
    const other = await api.post(
      '/oracle/toDoSubmit',
      { ...body, effectiveDate: daysFromToday(9) },
      { 'idempotency-key': key },
    );
    expect(other.statusCode).toBe(409);
  });

  it('refuses a second open request for the same premise and date, in verify and in submit', async () => {
    const api = caller(t, tenant);
    const first = startRequest(sender(), {
      serviceAddress: '8 Birch Boulevard',
      captcha: await solvedCaptcha(api),
    });
    expect((await api.post('/oracle/toDoSubmit', first)).statusCode).toBe(200);
    const email = sender();
    const same = { ...first, email, serviceAddress: '8 birch blvd' };
    const verify = await api.post('/oracle/toDoVerify', same);
    expect(verify.statusCode).toBe(409);
    expect(verify.json().message).toBe(texts.conflict);
    const submit = await api.post('/oracle/toDoSubmit', { ...same, captcha: await solvedCaptcha(api) });
    expect(submit.statusCode).toBe(409);
    expect(await rowsFor(email)).toEqual([]);
    const nextDay = await api.post('/oracle/toDoVerify', { ...same, effectiveDate: daysFromToday(8) });
    expect(nextDay.statusCode).toBe(200);
  });

  it('files only one of two simultaneous requests for the same premise and date', async () => {
    const { api } = await customerWithPremise('3 Aspen Pl', '2020-01-01');
    const date = daysFromToday(12);
    const [a, b] = await Promise.all([
      api.post(
        '/oracle/toDoSubmit',
        startRequest(sender(), { serviceAddress: '40 Pine Rd', effectiveDate: date }),
      ),
      api.post(
        '/oracle/toDoSubmit',
        startRequest(sender(), { serviceAddress: '40 Pine Road', effectiveDate: date }),
      ),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });
});

describe('stop and transfer', () => {
  it('files a transfer with its new address, and mails both addresses', async () => {
    const { api, account } = await customerWithPremise('5 Spruce Lane', '2020-01-01');
    const email = sender();
    const response = await api.post(
      '/oracle/toDoSubmit',
      startRequest(email, {
        requestType: 'transfer',
        serviceAddress: '5 Spruce Lane',
        newServiceAddress: '1 Territory Road, Apt 2',
        newServiceZip: SERVED_ZIP,
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await rowsFor(email);
    expect(row).toMatchObject({ requestType: 'transfer', accountId: account.id });
    expect(row?.details).toMatchObject({
      newServiceAddress: '1 Territory Road, Apt 2',
      newServiceZip: SERVED_ZIP,
    });
    const [mail] = await mailsTo(db(), email);
    expect(mail?.textBody).toContain(`New service address: 1 Territory Road, Apt 2 ${SERVED_ZIP}`);
  });

  it('refuses a stop dated before an open start request for the same premise', async () => {
    const { api } = await customerWithPremise('6 Hazel Drive', '2020-01-01');
    const started = await api.post(
      '/oracle/toDoSubmit',
      startRequest(sender(), { serviceAddress: '6 Hazel Dr', effectiveDate: daysFromToday(20) }),
    );
    expect(started.statusCode, started.body).toBe(200);
    const stop = await api.post(
      '/oracle/toDoVerify',
      startRequest(sender(), {
        requestType: 'stop',
        serviceAddress: '6 Hazel Drive',
        effectiveDate: daysFromToday(15),
      }),
    );
    expect(stop.statusCode).toBe(400);
    expect(stop.json().message).toBe(texts.stopBeforeStart);
  });
});

describe('GET /api/oracle/toDoList', () => {
  it('lists the customer’s own requests with status, and nobody else’s', async () => {
    const mine = await customerWithPremise('12 Oak Street', '2020-01-01');
    const theirs = await customerWithPremise('14 Oak Street', '2020-01-01');
    const stop = await mine.api.post(
      '/oracle/toDoSubmit',
      startRequest(mine.user.username.concat('@example.test'), {
        requestType: 'stop',
        serviceAddress: '12 Oak Street',
        effectiveDate: daysFromToday(5),
      }),
    );
    expect(stop.statusCode, stop.body).toBe(200);
    const list = await mine.api.get('/oracle/toDoList');
    expect(list.statusCode).toBe(200);
    expect(list.json().requests).toEqual([
      expect.objectContaining({
        referenceNumber: stop.json().referenceNumber,
        requestType: 'stop',
        status: 'submitted',
        serviceAddress: '12 Oak Street',
      }),
    ]);
    expect((await theirs.api.get('/oracle/toDoList')).json().requests).toEqual([]);
    expect((await caller(t, tenant).get('/oracle/toDoList')).statusCode).toBe(401);
  });

  it('shows nothing of this utility to another utility’s customer or host', async () => {
    const mine = await customerWithPremise('21 Elm Street', '2020-01-01');
    const filed = await mine.api.post(
      '/oracle/toDoSubmit',
      startRequest(sender(), {
        requestType: 'stop',
        serviceAddress: '21 Elm Street',
        effectiveDate: daysFromToday(6),
      }),
    );
    expect(filed.statusCode).toBe(200);
    const host = 'portal.other-utility.test';
    const other = await insertTenant(db(), { isDefault: false, domains: [host] });
    const user = await insertUser(db(), other.tenant.id);
    t.app.tenants.invalidate();
    const onTheirHost = { host };
    const stranger = caller(t, other, '10.9.9.9', await signedInToken(t, other.tenant.id, user.id));
    expect((await stranger.get('/oracle/toDoList', onTheirHost)).json().requests).toEqual([]);
    // This utility's territory is not the other's, and its customer's premise is nobody's there.
    const start = await stranger.post('/oracle/toDoVerify', startRequest(sender()), onTheirHost);
    expect(start.json().message).toBe(texts.notServed);
    const stop = await stranger.post(
      '/oracle/toDoVerify',
      startRequest(sender(), { requestType: 'stop', serviceAddress: '21 Elm Street' }),
      onTheirHost,
    );
    expect(stop.json().message).toBe(texts.notYourPremise);
    // This utility's session is not a session on the other's host.
    const crossed = await mine.api.get('/oracle/toDoList', onTheirHost);
    expect([401, 404]).toContain(crossed.statusCode);
  });
});

describe('OpenAPI', () => {
  it('documents the service request calls', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = response.json().paths as Record<string, Record<string, { summary?: string }>>;
    expect(paths['/api/oracle/toDoVerify']?.post?.summary).toMatch(/service territory/);
    expect(paths['/api/oracle/toDoSubmit']?.post?.summary).toMatch(/SR- reference/);
    expect(paths['/api/oracle/toDoList']?.get?.summary).toMatch(/status/);
    expect(paths['/api/oracle/toDoAgreement']?.get).toBeDefined();
  });
});

describe('GET /api/oracle/toDoAgreement', () => {
  it('answers the utility’s agreement in its own language when no translation exists', async () => {
    const response = await caller(t, tenant).get('/oracle/toDoAgreement?lang=ta');
    expect(response.json()).toEqual({ text: 'I authorise electronic payments.', lang: 'en' });
  });
});
