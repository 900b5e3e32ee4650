// Disabling people (issue 14): a disabled agent or admin cannot sign in and their open sessions end
// at once; an admin cannot disable themself or the last enabled admin; another utility's admin
// cannot touch them; every change is audited.
import { messages } from '@gridfront/contracts';
import { adminPeopleMessages } from '@gridfront/contracts/admin-people';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../db/schema/index.ts';
import { createAccountTestApp, signedInToken } from '../../test/account-test-kit.ts';
import {
  insertTenant,
  insertUser,
  type TenantFixture,
  type TestApp,
  type UserFixture,
} from '../../test/index.ts';
import { makeStaff } from '../staff/staff-test-kit.ts';
import { type AdminTestCast, auditEntries, castAdminTest, injectAs } from './admin-test-kit.ts';

let t: TestApp;
let home: TenantFixture;
let other: TenantFixture;
const otherHost = 'power.other-people.test';
let admin: UserFixture;
let secondAdmin: UserFixture;
let agent: UserFixture;
let customer: UserFixture;
let otherAdmin: UserFixture;
let tokens: AdminTestCast['tokens'] & { secondAdmin: string };
const db = () => t.database.handle.db;

function call(method: 'GET' | 'POST', url: string, tenant: TenantFixture, token?: string, host?: string) {
  return injectAs(t, method, `/api${url}`, { authorization: tenant.authorization, token, host });
}

function login(user: UserFixture, tenant = home) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { authorization: tenant.authorization },
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    payload: { username: user.username, password: user.password },
  });
}

async function peopleOf(token: string) {
  const response = await call('GET', '/admin/people', home, token);
  expect(response.statusCode).toBe(200);
  return response.json().people as { userId: string; username: string; disabled: boolean }[];
}

const audits = (action: string) => auditEntries(db(), home.tenant.id, action);

beforeAll(async () => {
  t = await createAccountTestApp();
  home = await insertTenant(db(), { name: 'Lakeside Power' });
  const cast = await castAdminTest(t, home.tenant.id, otherHost);
  ({ other } = cast);
  ({ admin, agent, customer, otherAdmin } = cast.people);
  secondAdmin = await insertUser(db(), home.tenant.id, { fullName: 'Bea Admin' });
  await makeStaff(db(), secondAdmin.id, 'admin');
  tokens = { ...cast.tokens, secondAdmin: await signedInToken(t, home.tenant.id, secondAdmin.id) };
});
afterAll(() => t.close());

describe('disabling an agent', () => {
  it('ends their open session at once, refuses their sign-in with a clear message, and audits it', async () => {
    // Before: the agent's token works on a staff-only call, and they can sign in.
    expect((await call('GET', '/staff/queue', home, tokens.agent)).statusCode).toBe(200);
    expect((await login(agent)).statusCode).toBe(200);
    expect((await peopleOf(tokens.admin)).find((p) => p.userId === agent.id)?.disabled).toBe(false);

    const response = await call('POST', `/admin/people/${agent.id}/disable`, home, tokens.admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(adminPeopleMessages.disabled);

    // The token they already hold is now worth nothing (the session check reads the database).
    // (The staff queue answers 403 to anyone it does not know as staff, signed in or not.)
    const queue = await call('GET', '/staff/queue', home, tokens.agent);
    expect(queue.statusCode).toBe(403);
    const sessions = await db().select().from(refreshTokens).where(eq(refreshTokens.userId, agent.id));
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((row) => row.revokedAt !== null)).toBe(true);
    const refused = await login(agent);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.accountDisabled);
    // A wrong password still says only "invalid": the disabled state is told to the password holder.
    const wrong = await login({ ...agent, password: 'Wrong@Password1' });
    expect(wrong.statusCode).toBe(401);

    expect((await peopleOf(tokens.admin)).find((p) => p.userId === agent.id)?.disabled).toBe(true);
    const [entry] = await audits('admin.people.disable');
    expect(entry?.userId).toBe(admin.id);
    expect(entry?.detail).toMatchObject({ targetUserId: agent.id, role: 'agent' });
    expect(await audits('auth.login.disabled')).toHaveLength(1);
  });

  it('enables them again: they sign in anew, and the change is audited', async () => {
    const response = await call('POST', `/admin/people/${agent.id}/enable`, home, tokens.admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(adminPeopleMessages.enabled);
    const signIn = await login(agent);
    expect(signIn.statusCode).toBe(200);
    const fresh = signIn.json().accessToken as string;
    expect((await call('GET', '/staff/queue', home, fresh)).statusCode).toBe(200);
    // The old token stays dead: enabling does not bring back ended sessions.
    expect((await call('GET', '/staff/queue', home, tokens.agent)).statusCode).toBe(403);
    expect((await peopleOf(tokens.admin)).find((p) => p.userId === agent.id)?.disabled).toBe(false);
    expect(await audits('admin.people.enable')).toHaveLength(1);
  });
});

describe('what an administrator cannot disable', () => {
  it('refuses themself, customers, unknown ids and nonsense, changing nothing', async () => {
    const self = await call('POST', `/admin/people/${admin.id}/disable`, home, tokens.admin);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(adminPeopleMessages.cannotDisableSelf);
    const client = await call('POST', `/admin/people/${customer.id}/disable`, home, tokens.admin);
    expect(client.statusCode).toBe(404);
    const unknown = await call('POST', `/admin/people/${crypto.randomUUID()}/disable`, home, tokens.admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(adminPeopleMessages.notFound);
    expect((await call('POST', '/admin/people/nonsense/disable', home, tokens.admin)).statusCode).toBe(400);
    const rows = await db().select({ disabledAt: users.disabledAt }).from(users);
    expect(rows.filter((row) => row.disabledAt !== null)).toHaveLength(0);
  });

  it('refuses agents and customers (403)', async () => {
    const response = await call('POST', `/admin/people/${secondAdmin.id}/disable`, home, tokens.agent);
    expect(response.statusCode).toBe(403);
  });

  it("refuses another utility's administrator, on either host", async () => {
    const onTheirHost = await call(
      'POST',
      `/admin/people/${agent.id}/disable`,
      other,
      tokens.otherAdmin,
      otherHost,
    );
    expect(onTheirHost.statusCode).toBe(404);
    const onOurHost = await call('POST', `/admin/people/${agent.id}/disable`, home, tokens.otherAdmin);
    expect(onOurHost.statusCode).toBe(403);
    // And our admin cannot reach theirs from our host.
    const reaching = await call('POST', `/admin/people/${otherAdmin.id}/disable`, home, tokens.admin);
    expect(reaching.statusCode).toBe(404);
    const [row] = await db().select().from(users).where(eq(users.id, agent.id));
    expect(row?.disabledAt).toBeNull();
    const [theirs] = await db().select().from(users).where(eq(users.id, otherAdmin.id));
    expect(theirs?.disabledAt).toBeNull();
  });

  it('refuses to disable the last enabled administrator, with a clear message', async () => {
    // A state only a race can reach (disabling revokes sessions): the second admin is disabled in
    // the database but still holds a live token, and tries to disable the only enabled admin.
    await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, secondAdmin.id));
    const response = await call('POST', `/admin/people/${admin.id}/disable`, home, tokens.secondAdmin);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(adminPeopleMessages.lastAdmin);
    const [row] = await db().select().from(users).where(eq(users.id, admin.id));
    expect(row?.disabledAt).toBeNull();
    await db().update(users).set({ disabledAt: null }).where(eq(users.id, secondAdmin.id));
  });

  it('never disables the last enabled administrator, even when two disable each other at once', async () => {
    const [first, second] = await Promise.all([
      call('POST', `/admin/people/${secondAdmin.id}/disable`, home, tokens.admin),
      call('POST', `/admin/people/${admin.id}/disable`, home, tokens.secondAdmin),
    ]);
    const codes = [first?.statusCode, second?.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect(codes[1]).not.toBe(200);
    const loser = first?.statusCode === 200 ? second : first;
    // Refused as the last admin, or (when the winner committed first) as no longer signed in.
    if (loser?.statusCode === 409) expect(loser.json().message).toBe(adminPeopleMessages.lastAdmin);
    else expect(loser?.statusCode).toBe(403);
    const enabled = await db()
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, home.tenant.id), eq(users.role, 'admin')));
    const stillEnabled = (await db().select().from(users))
      .filter((row) => enabled.some((admin) => admin.id === row.id))
      .filter((row) => row.disabledAt === null);
    expect(stillEnabled).toHaveLength(1);
  });
});
