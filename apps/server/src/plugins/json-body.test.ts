import { ACCESS_TOKEN_HEADER, messages } from '@gridfront/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountTestApp } from '../test/account-test-kit.ts';
import { insertTenant, insertUser, type TenantFixture, type TestApp } from '../test/index.ts';

let t: TestApp;
let tenant: TenantFixture;
let accessToken: string;

beforeAll(async () => {
  t = await createAccountTestApp();
  tenant = await insertTenant(t.database.handle.db);
  const user = await insertUser(t.database.handle.db, tenant.tenant.id, { username: 'bodyless' });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { authorization: tenant.authorization },
    payload: { username: user.username, password: user.password },
  });
  expect(login.statusCode).toBe(200);
  accessToken = (login.json() as { accessToken: string }).accessToken;
});
afterAll(() => t.close());

/** A POST the way many clients send it: JSON content type, and `payload` as the raw body. */
function postJson(url: string, payload: string, signedIn = true) {
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: {
      authorization: tenant.authorization,
      'content-type': 'application/json',
      ...(signedIn ? { [ACCESS_TOKEN_HEADER]: accessToken } : {}),
    },
    payload,
  });
}

describe('JSON bodies as clients send them', () => {
  it('treats an empty body with a JSON content type as no body on calls that take none', async () => {
    const details = await postJson('/auth/profileDetails', '');
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json()).toHaveProperty('hasImage');

    const flag = await postJson('/settings/tfaEnable', '');
    expect(flag.statusCode, flag.body).toBe(200);
    expect(flag.json()).toEqual({ tfaEnabled: false });

    // Its body is optional: empty toggles, like no body at all.
    const toggled = await postJson('/settings/updateTfaEnable', '');
    expect(toggled.statusCode, toggled.body).toBe(200);
    expect(toggled.json().tfaEnabled).toBe(true);
    expect((await postJson('/settings/tfaEnable', ' \n')).json()).toEqual({ tfaEnabled: true });
  });

  it('still answers a call that needs a body with its contract message', async () => {
    const response = await postJson('/auth/login', '', false);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.usernameRequired);
  });

  it('still refuses malformed JSON and prototype poisoning', async () => {
    const malformed = await postJson('/auth/login', '{"username":', false);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/not valid JSON/);

    const poisoned = await postJson('/auth/login', '{"__proto__":{"admin":true},"username":"a"}', false);
    expect(poisoned.statusCode).toBe(400);
  });
});
