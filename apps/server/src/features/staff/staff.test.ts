import { staffMessages } from '@gridfront/contracts/staff-messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  contactMessages,
  customerAccounts,
  mailOutbox,
  requestHistory,
  userAccounts,
  users,
} from '../../db/schema/index.ts';
import {
  type Caller,
  caller,
  createAccountTestApp,
  mailsTo,
  signedInToken,
  solvedCaptcha,
} from '../../test/account-test-kit.ts';
import { insertTenant, insertUser, type TenantFixture, type TestApp } from '../../test/index.ts';
import { setPreferences } from '../notifications/preferences.ts';
import { insertContact, insertTodo, makeStaff } from './staff-test-kit.ts';

let t: TestApp;
let tenant: TenantFixture;
let agent: Caller;
let admin: Caller;
let customer: Caller;
let guest: Caller;
let agentId: string;
let adminId: string;
let customerId: string;
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createAccountTestApp();
  tenant = await insertTenant(db(), { name: 'Lakeside Power' });
  const agentUser = await insertUser(db(), tenant.tenant.id, { fullName: 'Alex Agent' });
  const adminUser = await insertUser(db(), tenant.tenant.id, { fullName: 'Ada Admin' });
  const customerUser = await insertUser(db(), tenant.tenant.id, {
    fullName: 'Cory Customer',
    withAccount: true,
  });
  await makeStaff(db(), agentUser.id, 'agent');
  await makeStaff(db(), adminUser.id, 'admin');
  agentId = agentUser.id;
  adminId = adminUser.id;
  customerId = customerUser.id;
  agent = caller(t, tenant, undefined, await signedInToken(t, tenant.tenant.id, agentId));
  admin = caller(t, tenant, undefined, await signedInToken(t, tenant.tenant.id, adminId));
  customer = caller(t, tenant, undefined, await signedInToken(t, tenant.tenant.id, customerId));
  guest = caller(t, tenant);
});
afterAll(() => t.close());

const itemUrl = (kind: string, id: string) => `/staff/items/${kind}/${id}`;

async function statusMails(to: string) {
  return (await mailsTo(db(), to)).filter((mail) => mail.purpose.startsWith('staff-status-'));
}

describe('who may use the staff queue', () => {
  it('refuses customers and guests with 403 on every staff call, and lets agents and admins in', async () => {
    const todo = await insertTodo(db(), tenant.tenant.id);
    const account = await db()
      .select()
      .from(customerAccounts)
      .where(eq(customerAccounts.tenantId, tenant.tenant.id));
    const number = account[0]?.accountNumber ?? '0000';
    const calls: [string, string, unknown?][] = [
      ['GET', '/staff/members'],
      ['GET', '/staff/queue'],
      ['GET', '/staff/queue?kind=nonsense'],
      ['GET', itemUrl('service_request', todo.id)],
      ['GET', itemUrl('bogus', 'not-a-uuid')],
      ['POST', `${itemUrl('service_request', todo.id)}/assign`, { assigneeId: customerId, version: 0 }],
      ['POST', `${itemUrl('service_request', todo.id)}/status`, { status: 'completed', version: 0 }],
      ['POST', `${itemUrl('service_request', todo.id)}/comments`, { body: 'hi' }],
      ['GET', `/staff/customers/${number}`],
    ];
    for (const who of [customer, guest]) {
      for (const [method, url, body] of calls) {
        const response = method === 'GET' ? await who.get(url) : await who.post(url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().message).toBe(staffMessages.staffOnly);
      }
    }
    // Nothing changed, nobody was mailed, nobody's look was audited.
    const [after] = await db().select().from(requestHistory).where(eq(requestHistory.todoId, todo.id));
    expect(after).toBeUndefined();
    expect(await statusMails(todo.email)).toHaveLength(0);
    for (const who of [agent, admin]) {
      expect((await who.get('/staff/queue')).statusCode).toBe(200);
      expect((await who.get(itemUrl('service_request', todo.id))).statusCode).toBe(200);
    }
  });

  it('lists the tenant’s staff and names the caller', async () => {
    const response = await agent.get('/staff/members');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.me).toEqual({ userId: agentId, fullName: 'Alex Agent', role: 'agent' });
    const ids = body.members.map((member: { userId: string }) => member.userId);
    expect(ids).toEqual(expect.arrayContaining([agentId, adminId]));
    expect(ids).not.toContain(customerId);
  });
});

describe('the queue', () => {
  it('filters by kind, status, assignee, request type, text and date, and pages', async () => {
    const tag = `Filt${Date.now().toString(36)}`;
    const stop = await insertTodo(db(), tenant.tenant.id, {
      requestType: 'stop',
      name: `${tag} Stopper`,
      createdAt: new Date('2029-03-10T15:00:00Z'),
    });
    const start = await insertTodo(db(), tenant.tenant.id, {
      requestType: 'start',
      name: `${tag} Starter`,
      createdAt: new Date('2029-03-12T15:00:00Z'),
    });
    const done = await insertTodo(db(), tenant.tenant.id, {
      name: `${tag} Done`,
      status: 'completed',
      createdAt: new Date('2029-03-11T15:00:00Z'),
    });
    const message = await insertContact(db(), tenant.tenant.id, {
      name: `${tag} Writer`,
      createdAt: new Date('2029-03-13T15:00:00Z'),
    });
    const refs = async (query: string) => {
      const response = await agent.get(`/staff/queue?q=${tag}&${query}`);
      expect(response.statusCode, query).toBe(200);
      return response.json().items.map((item: { referenceNumber: string }) => item.referenceNumber);
    };
    // Default: open items of both kinds, newest first.
    expect(await refs('')).toEqual([message.referenceNumber, start.referenceNumber, stop.referenceNumber]);
    expect(await refs('status=all')).toEqual([
      message.referenceNumber,
      start.referenceNumber,
      done.referenceNumber,
      stop.referenceNumber,
    ]);
    expect(await refs('status=closed')).toEqual([done.referenceNumber]);
    expect(await refs('status=completed')).toEqual([done.referenceNumber]);
    expect(await refs('kind=contact_message')).toEqual([message.referenceNumber]);
    expect(await refs('kind=service_request')).toEqual([start.referenceNumber, stop.referenceNumber]);
    expect(await refs('requestType=stop')).toEqual([stop.referenceNumber]);
    expect(await refs('from=2029-03-12&to=2029-03-12')).toEqual([start.referenceNumber]);
    expect(await refs('from=2029-03-11&to=2029-03-12&status=all')).toEqual([
      start.referenceNumber,
      done.referenceNumber,
    ]);
    // By reference and by e-mail address, case-insensitively.
    const byRef = await agent.get(`/staff/queue?q=${stop.referenceNumber.toLowerCase()}`);
    expect(byRef.json().items.map((item: { id: string }) => item.id)).toEqual([stop.id]);
    const byEmail = await agent.get(`/staff/queue?q=${encodeURIComponent(message.email.toUpperCase())}`);
    expect(byEmail.json().items.map((item: { id: string }) => item.id)).toEqual([message.id]);
    // A % in the text is a percent sign, not a wildcard.
    expect((await agent.get('/staff/queue?q=%25%25%25zz')).json().items).toEqual([]);

    // Assignee: none, me, and someone else.
    expect(await refs('assignee=me')).toEqual([]);
    const assigned = await agent.post(`${itemUrl('service_request', stop.id)}/assign`, {
      assigneeId: agentId,
      version: 0,
    });
    expect(assigned.statusCode).toBe(200);
    expect(await refs('assignee=me')).toEqual([stop.referenceNumber]);
    expect(await refs(`assignee=${agentId}`)).toEqual([stop.referenceNumber]);
    expect(await refs('assignee=none')).toEqual([message.referenceNumber, start.referenceNumber]);
    const adminsView = await admin.get(`/staff/queue?q=${tag}&assignee=me`);
    expect(adminsView.json().items).toEqual([]);

    // Paging keeps the total.
    const first = (await agent.get(`/staff/queue?q=${tag}&status=all&pageLimit=3`)).json();
    expect(first.totalCount).toBe(4);
    expect(first.items).toHaveLength(3);
    const second = (await agent.get(`/staff/queue?q=${tag}&status=all&pageLimit=3&pageOffset=3`)).json();
    expect(second.items.map((item: { id: string }) => item.id)).toEqual([stop.id]);
    const past = (await agent.get(`/staff/queue?q=${tag}&status=all&pageLimit=3&pageOffset=9`)).json();
    expect(past).toMatchObject({ totalCount: 4, items: [] });
    const listed = first.items[0];
    expect(listed).toMatchObject({ kind: 'contact_message', status: 'open', subject: 'Billing question' });
  });

  it('refuses bad filters with 400', async () => {
    for (const query of [
      'kind=other',
      'status=gone',
      'pageLimit=500',
      'from=2029-02-01&to=2029-01-01',
      'assignee=x',
    ]) {
      expect((await agent.get(`/staff/queue?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('shows a message sent through Contact Us as open, in the sender’s language', async () => {
    const email = `contact-${Date.now().toString(36)}@example.test`;
    const response = await guest.post('/contact/contactus', {
      fullName: 'Lucía Remitente',
      email,
      phoneNo: '',
      subject: 'Lectura del medidor',
      message: 'Mi medidor marca cero.',
      kind: 'message',
      language: 'es',
      captcha: await solvedCaptcha(guest),
    });
    expect(response.statusCode, response.body).toBe(200);
    const reference = response.json().referenceNumber;
    const queue = (await agent.get(`/staff/queue?q=${reference}`)).json();
    expect(queue.items).toHaveLength(1);
    expect(queue.items[0]).toMatchObject({
      kind: 'contact_message',
      status: 'open',
      name: 'Lucía Remitente',
    });
    const detail = (await agent.get(itemUrl('contact_message', queue.items[0].id))).json();
    expect(detail).toMatchObject({
      language: 'es',
      message: 'Mi medidor marca cero.',
      comments: [],
      history: [],
    });
  });
});

describe('working an item', () => {
  it('assigns to self and to another staff member, never to a customer, and keeps the history', async () => {
    const todo = await insertTodo(db(), tenant.tenant.id);
    const url = itemUrl('service_request', todo.id);
    const toSelf = await agent.post(`${url}/assign`, { assigneeId: agentId, version: 0 });
    expect(toSelf.statusCode).toBe(200);
    expect(toSelf.json()).toMatchObject({
      assignee: { userId: agentId, fullName: 'Alex Agent' },
      version: 1,
    });
    const toCustomer = await agent.post(`${url}/assign`, { assigneeId: customerId, version: 1 });
    expect(toCustomer.statusCode).toBe(400);
    expect(toCustomer.json().message).toBe(staffMessages.notStaff);
    const toAdmin = await agent.post(`${url}/assign`, { assigneeId: adminId, version: 1 });
    expect(toAdmin.json()).toMatchObject({ assignee: { userId: adminId }, version: 2 });
    const unassigned = await admin.post(`${url}/assign`, { assigneeId: null, version: 2 });
    expect(unassigned.json()).toMatchObject({ assignee: null, version: 3 });
    expect(unassigned.json().history).toEqual([
      expect.objectContaining({ action: 'assignment', from: null, to: 'Alex Agent', actor: 'Alex Agent' }),
      expect.objectContaining({
        action: 'assignment',
        from: 'Alex Agent',
        to: 'Ada Admin',
        actor: 'Alex Agent',
      }),
      expect.objectContaining({ action: 'assignment', from: 'Ada Admin', to: null, actor: 'Ada Admin' }),
    ]);
    // Assignment e-mails nobody.
    expect(await statusMails(todo.email)).toHaveLength(0);
  });

  it('adds comments with their author', async () => {
    const message = await insertContact(db(), tenant.tenant.id);
    const url = itemUrl('contact_message', message.id);
    expect((await agent.post(`${url}/comments`, { body: '   ' })).statusCode).toBe(400);
    const response = await agent.post(`${url}/comments`, { body: 'Called back, left a voicemail.' });
    expect(response.statusCode).toBe(200);
    expect(response.json().comments).toEqual([
      expect.objectContaining({ author: 'Alex Agent', body: 'Called back, left a voicemail.' }),
    ]);
    // A comment is not a change of the item: the version stays.
    expect(response.json().version).toBe(0);
  });

  it('e-mails the customer once per status change, in their language, and not for the same status again', async () => {
    const message = await insertContact(db(), tenant.tenant.id, { language: 'de', name: 'Dora Deutsch' });
    const url = itemUrl('contact_message', message.id);
    const working = await agent.post(`${url}/status`, { status: 'in_progress', version: 0 });
    expect(working.statusCode).toBe(200);
    expect(working.json()).toMatchObject({ status: 'in_progress', version: 1 });
    let mails = await statusMails(message.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(message.referenceNumber);
    expect(mails[0]?.textBody).toContain('In Bearbeitung');
    expect(mails[0]?.textBody).toContain('Dora Deutsch');

    const again = await agent.post(`${url}/status`, { status: 'in_progress', version: 1 });
    expect(again.statusCode).toBe(200);
    expect(again.json().version).toBe(1);
    expect(await statusMails(message.email)).toHaveLength(1);

    const closed = await agent.post(`${url}/status`, { status: 'closed', version: 1 });
    expect(closed.json()).toMatchObject({ status: 'closed', version: 2 });
    mails = await statusMails(message.email);
    expect(mails).toHaveLength(2);
    expect(mails.map((mail) => mail.textBody).join('\n')).toContain('Geschlossen');
    expect(
      closed.json().history.map((entry: { from: string; to: string }) => [entry.from, entry.to]),
    ).toEqual([
      ['open', 'in_progress'],
      ['in_progress', 'closed'],
    ]);
    // A closed message leaves the open queue.
    const open = (await agent.get(`/staff/queue?q=${message.referenceNumber}`)).json();
    expect(open.items).toEqual([]);
  });

  it('closes a service request and mails its holder in the language of the signed-in customer', async () => {
    await db().update(users).set({ locale: 'es' }).where(eq(users.id, customerId));
    const todo = await insertTodo(db(), tenant.tenant.id, { userId: customerId, name: 'Cory Customer' });
    const response = await agent.post(`${itemUrl('service_request', todo.id)}/status`, {
      status: 'completed',
      version: 0,
    });
    expect(response.statusCode).toBe(200);
    const mails = await statusMails(todo.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain('Completada');
    expect(mails[0]?.htmlBody).toContain('lang="es"');
  });

  it('sends the notice with a one-click unsubscribe link, and none to an address that turned them off', async () => {
    const message = await insertContact(db(), tenant.tenant.id);
    const url = itemUrl('contact_message', message.id);
    await agent.post(`${url}/status`, { status: 'in_progress', version: 0 });
    const [mail] = await statusMails(message.email);
    expect(mail?.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail?.textBody).toContain('/api/notifications/unsubscribe?token=');

    await setPreferences(db(), tenant.tenant.id, message.email.toUpperCase(), { service_requests: false });
    const closed = await agent.post(`${url}/status`, { status: 'closed', version: 1 });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', version: 2 });
    expect(closed.json().history).toHaveLength(2);
    expect(await statusMails(message.email)).toHaveLength(1);
  });

  it('refuses a status of the other kind', async () => {
    const todo = await insertTodo(db(), tenant.tenant.id);
    const response = await agent.post(`${itemUrl('service_request', todo.id)}/status`, {
      status: 'closed',
      version: 0,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(staffMessages.badStatus);
    expect(await statusMails(todo.email)).toHaveLength(0);
  });

  it('refuses a stale version with 409 and lets only one of two simultaneous changes through', async () => {
    const todo = await insertTodo(db(), tenant.tenant.id);
    const url = itemUrl('service_request', todo.id);
    const [one, two] = await Promise.all([
      agent.post(`${url}/status`, { status: 'in_progress', version: 0 }),
      admin.post(`${url}/status`, { status: 'cancelled', version: 0 }),
    ]);
    const codes = [one.statusCode, two.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = one.statusCode === 409 ? one : two;
    expect(loser.json().message).toBe(staffMessages.changedMeanwhile);
    expect(await statusMails(todo.email)).toHaveLength(1);
    const history = await db().select().from(requestHistory).where(eq(requestHistory.todoId, todo.id));
    expect(history).toHaveLength(1);
    // The stale version cannot reassign either.
    const stale = await agent.post(`${url}/assign`, { assigneeId: agentId, version: 0 });
    expect(stale.statusCode).toBe(409);
    const detail = (await agent.get(url)).json();
    expect(detail).toMatchObject({ assignee: null, version: 1 });
  });

  it('answers 404 for an item that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await agent.get(itemUrl('contact_message', missing))).statusCode).toBe(404);
    const todo = await insertTodo(db(), tenant.tenant.id);
    // The id of a service request is not a contact message.
    expect((await agent.get(itemUrl('contact_message', todo.id))).statusCode).toBe(404);
    expect(
      (await agent.post(`${itemUrl('contact_message', missing)}/status`, { status: 'closed', version: 0 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await agent.post(`${itemUrl('contact_message', missing)}/comments`, { body: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('customer look-up', () => {
  it('shows what the customer sees, read-only, and audits every look', async () => {
    const [link] = await db().select().from(userAccounts).where(eq(userAccounts.userId, customerId));
    if (!link) throw new Error('the customer has no account');
    const [account] = await db()
      .select()
      .from(customerAccounts)
      .where(eq(customerAccounts.id, link.accountId));
    if (!account) throw new Error('no account row');
    const todo = await insertTodo(db(), tenant.tenant.id, { accountId: account.id });
    const response = await agent.get(`/staff/customers/${account.accountNumber}`);
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json();
    expect(view.portalUser).toMatchObject({ fullName: 'Cory Customer' });
    expect(view.account).toMatchObject({ accountId: account.id, accountNumber: account.accountNumber });
    expect(view.requests.map((entry: { id: string }) => entry.id)).toContain(todo.id);
    // The customer's own call answers the same account information.
    const own = (await customer.get('/oracle/getUserDetails')).json();
    expect(own.accounts.find((entry: { accountId: string }) => entry.accountId === account.id)).toEqual(
      view.account,
    );

    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenant.tenant.id), eq(auditLog.action, 'staff.customer_lookup')));
    expect(
      audits.filter((entry) => entry.userId === agentId && entry.detail.accountId === account.id),
    ).toHaveLength(1);

    const unknown = await admin.get('/staff/customers/99999999999');
    expect(unknown.statusCode).toBe(404);
    const after = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenant.tenant.id), eq(auditLog.action, 'staff.customer_lookup')));
    expect(
      after.filter((entry) => entry.userId === adminId && entry.detail.accountNumber === '99999999999'),
    ).toEqual([expect.objectContaining({ detail: { accountNumber: '99999999999', found: false } })]);
  });
});

describe('another utility', () => {
  it('answers its staff 404 for this utility’s items and accounts, and this one’s staff 403 on its host', async () => {
    const host = 'portal.other-staff-utility.test';
    const other = await insertTenant(db(), { isDefault: false, domains: [host] });
    const theirAgent = await insertUser(db(), other.tenant.id, { fullName: 'Other Agent' });
    await makeStaff(db(), theirAgent.id, 'agent');
    t.app.tenants.invalidate();
    const theirs = caller(t, other, '10.9.9.9', await signedInToken(t, other.tenant.id, theirAgent.id));
    const onTheirHost = { host };
    const todo = await insertTodo(db(), tenant.tenant.id, { name: 'Private Person' });
    const message = await insertContact(db(), tenant.tenant.id);
    const [link] = await db().select().from(userAccounts).where(eq(userAccounts.userId, customerId));
    const [account] = await db()
      .select()
      .from(customerAccounts)
      .where(eq(customerAccounts.id, link?.accountId ?? ''));

    expect((await theirs.get('/staff/queue?status=all', onTheirHost)).json().items).toEqual([]);
    for (const [kind, id] of [
      ['service_request', todo.id],
      ['contact_message', message.id],
    ] as const) {
      const url = itemUrl(kind, id);
      expect((await theirs.get(url, onTheirHost)).statusCode).toBe(404);
      const status = kind === 'service_request' ? 'completed' : 'closed';
      expect((await theirs.post(`${url}/status`, { status, version: 0 }, onTheirHost)).statusCode).toBe(404);
      expect(
        (await theirs.post(`${url}/assign`, { assigneeId: theirAgent.id, version: 0 }, onTheirHost))
          .statusCode,
      ).toBe(404);
      expect((await theirs.post(`${url}/comments`, { body: 'peek' }, onTheirHost)).statusCode).toBe(404);
    }
    expect((await theirs.get(`/staff/customers/${account?.accountNumber}`, onTheirHost)).statusCode).toBe(
      404,
    );
    // Nothing changed and nobody was mailed.
    const [row] = await db().select().from(contactMessages).where(eq(contactMessages.id, message.id));
    expect(row).toMatchObject({ status: 'open', version: 0, assigneeId: null });
    expect(await statusMails(todo.email)).toHaveLength(0);
    // This utility's agent cannot assign to the other utility's staff.
    const cross = await agent.post(`${itemUrl('service_request', todo.id)}/assign`, {
      assigneeId: theirAgent.id,
      version: 0,
    });
    expect(cross.statusCode).toBe(400);
    // This utility's agent (and app credential) on the other utility's host gets nothing there.
    expect([401, 403]).toContain((await agent.get('/staff/queue', onTheirHost)).statusCode);
    // With the other utility's app credential, this utility's agent is still not its staff.
    const ourAgentThere = caller(t, other, '10.9.9.8', await signedInToken(t, tenant.tenant.id, agentId));
    expect((await ourAgentThere.get('/staff/queue', onTheirHost)).statusCode).toBe(403);
    const outbox = await db().select().from(mailOutbox).where(eq(mailOutbox.tenantId, other.tenant.id));
    expect(outbox).toEqual([]);
  });
});

describe('the API document', () => {
  it('describes every staff call', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/staff/members',
      '/api/staff/queue',
      '/api/staff/items/{kind}/{id}',
      '/api/staff/items/{kind}/{id}/assign',
      '/api/staff/items/{kind}/{id}/status',
      '/api/staff/items/{kind}/{id}/comments',
      '/api/staff/customers/{accountNumber}',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
