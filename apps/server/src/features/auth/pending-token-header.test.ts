// GET /auth/resendOTP takes a two-factor pending token only in the X-Pending-Token header: a token
// in the query string (which lands in access logs) is refused with 400 and mails nothing.
import { PENDING_TOKEN_HEADER, pendingTokenInQueryMessage } from '@gridfront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createAccountTestApp, mailsTo } from '../../test/account-test-kit.ts';
import { insertTenant, insertUser, type TenantFixture, type TestApp } from '../../test/index.ts';
import { codeMessages } from './code-service.ts';

let t: TestApp;
let tenant: TenantFixture;
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createAccountTestApp();
  tenant = await insertTenant(db());
});
afterAll(() => t.close());

async function pendingSignIn() {
  const user = await insertUser(db(), tenant.tenant.id, { tfaEnabled: true });
  const api = caller(t, tenant);
  const login = await api.post('/auth/login', { username: user.username, password: user.password });
  expect(login.json().tfaRequired).toBe(true);
  return {
    api,
    email: `${user.username.toLowerCase()}@example.test`,
    pendingToken: login.json().pendingToken,
  };
}

describe('GET /api/auth/resendOTP with a pending two-factor sign-in', () => {
  it('resends the two-factor code for the token in X-Pending-Token', async () => {
    const { api, email, pendingToken } = await pendingSignIn();
    expect(await mailsTo(db(), email)).toHaveLength(1);
    const resent = await api.get('/auth/resendOTP?purpose=tfa', { [PENDING_TOKEN_HEADER]: pendingToken });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ message: codeMessages.resent });
    expect(await mailsTo(db(), email)).toHaveLength(2);
  });

  it('refuses a pending token in the query string and mails nothing', async () => {
    const { api, email, pendingToken } = await pendingSignIn();
    const refused = await api.get(
      `/auth/resendOTP?purpose=tfa&pendingToken=${encodeURIComponent(pendingToken)}`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(pendingTokenInQueryMessage);
    expect(await mailsTo(db(), email)).toHaveLength(1);
  });

  it('answers a forged header token with the expired-sign-in message', async () => {
    const { api } = await pendingSignIn();
    const forged = await api.get('/auth/resendOTP?purpose=tfa', { [PENDING_TOKEN_HEADER]: 'abc.def.ghi' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe(codeMessages.pendingExpired);
  });

  it('documents the header in the API document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const parameters: { name: string; in: string }[] = document.paths['/api/auth/resendOTP'].get.parameters;
    expect(parameters).toContainEqual(expect.objectContaining({ name: 'x-pending-token', in: 'header' }));
  });
});
