import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, createAccountTestApp } from '../../test/account-test-kit.ts';
import { insertTenant, insertUser, type TenantFixture, type TestApp } from '../../test/index.ts';
import { REFRESH_COOKIE_PATH } from './cookies.ts';

let t: TestApp;
let tenant: TenantFixture;
const db = () => t.database.handle.db;

beforeAll(async () => {
  t = await createAccountTestApp();
  tenant = await insertTenant(db());
});
afterAll(() => t.close());

// What the portal's marker cookie looks like (apps/portal/src/lib/session/session-storage.ts).
const PORTAL_MARKER = 'refreshToken=httpOnly';

/** A call as a browser makes it: the cookie header in RFC 6265 order, longer paths first. */
function browserCall(url: string, cookieHeader: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: {
      authorization: tenant.authorization,
      cookie: cookieHeader,
      'content-type': 'application/json',
    },
    payload: '{}',
  });
}

describe('the refresh cookie the portal relies on', () => {
  it('is HttpOnly, Secure, SameSite=Strict, on a path that covers /api/auth/refreshToken and /api/auth/logout', async () => {
    const user = await insertUser(db(), tenant.tenant.id, { username: 'cookied' });
    const login = await caller(t, tenant).post('/auth/login', {
      username: 'cookied',
      password: user.password,
    });
    const cookie = login.cookies.find((entry) => entry.name === 'refreshToken');
    expect(cookie).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      path: REFRESH_COOKIE_PATH,
    });
    for (const route of ['/api/auth/refreshToken', '/api/auth/logout']) {
      expect(route.startsWith(`${cookie?.path}/`)).toBe(true);
    }
  });

  it('refreshes and signs out with the HttpOnly cookie alone, beside the portal’s marker of the same name', async () => {
    const user = await insertUser(db(), tenant.tenant.id, { username: 'markered' });
    const login = await caller(t, tenant).post('/auth/login', {
      username: 'markered',
      password: user.password,
    });
    const secret = login.cookies.find((entry) => entry.name === 'refreshToken')?.value ?? '';
    expect(secret).not.toBe('');

    const refreshed = await browserCall('/auth/refreshToken', `refreshToken=${secret}; ${PORTAL_MARKER}`);
    expect(refreshed.statusCode).toBe(200);
    const rotated = refreshed.cookies.find((entry) => entry.name === 'refreshToken')?.value ?? '';
    expect(rotated).not.toBe(secret);

    // The marker alone is no refresh token.
    const markerOnly = await browserCall('/auth/refreshToken', PORTAL_MARKER);
    expect(markerOnly.statusCode).toBe(401);

    const loggedOut = await browserCall('/auth/logout', `refreshToken=${rotated}; ${PORTAL_MARKER}`);
    expect(loggedOut.statusCode).toBe(200);
    // Logout revoked the session of the HttpOnly cookie.
    const after = await browserCall('/auth/refreshToken', `refreshToken=${rotated}; ${PORTAL_MARKER}`);
    expect(after.statusCode).toBe(401);
  });
});
