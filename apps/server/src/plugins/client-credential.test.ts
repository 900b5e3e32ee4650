import { basicAuthorization } from '@gridfront/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../db/schema/index.ts';
import { createTestApp, insertTenant, type TenantFixture, type TestApp } from '../test/index.ts';
import { clientCredentialMessages, parseBasicAuthorization } from './client-credential.ts';

let t: TestApp;
let home: TenantFixture;
let other: TenantFixture;

beforeAll(async () => {
  t = await createTestApp();
  home = await insertTenant(t.database.handle.db, { name: 'Home Utility', isDefault: true });
  other = await insertTenant(t.database.handle.db, {
    name: 'Other Utility',
    isDefault: false,
    domains: ['portal.other.example'],
  });
});
afterAll(() => t.close());

const tenantCall = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/tenant', headers });

describe('client credential on /api', () => {
  it('refuses a call without the Basic credential with a clear JSON 401', async () => {
    const response = await tenantCall({});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: clientCredentialMessages.missing,
    });
    const bearerOnly = await tenantCall({ authorization: 'Bearer abc.def.ghi' });
    expect(bearerOnly.json().message).toBe(clientCredentialMessages.missing);
  });

  it('refuses a wrong secret or an unknown client id', async () => {
    for (const authorization of [
      basicAuthorization(home.clientId, 'wrong-secret'),
      basicAuthorization('nobody', home.clientSecret),
      basicAuthorization(home.clientId, ''),
    ]) {
      const response = await tenantCall({ authorization });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(clientCredentialMessages.invalid);
    }
  });

  it('accepts the credential only on the site of its own tenant', async () => {
    const onHome = await tenantCall({ authorization: home.authorization, host: 'localhost:8080' });
    expect(onHome.statusCode).toBe(200);
    expect(onHome.json().name).toBe('Home Utility');

    const onOther = await tenantCall({ authorization: other.authorization, host: 'Portal.Other.Example' });
    expect(onOther.statusCode).toBe(200);
    expect(onOther.json().name).toBe('Other Utility');

    // The other utility's app presented on the default site, and the reverse.
    expect((await tenantCall({ authorization: other.authorization, host: 'localhost' })).statusCode).toBe(
      401,
    );
    expect(
      (await tenantCall({ authorization: home.authorization, host: 'portal.other.example' })).statusCode,
    ).toBe(401);
  });

  it('refuses a header it accepted before once the tenant’s secret has changed', async () => {
    const accepted = await tenantCall({ authorization: other.authorization, host: 'portal.other.example' });
    expect(accepted.statusCode).toBe(200);
    await t.database.handle.db
      .update(tenants)
      .set({ appClientSecret: 'rotated-secret-0123456789' })
      .where(eq(tenants.id, other.tenant.id));
    t.app.tenants.invalidate();
    const stale = await tenantCall({ authorization: other.authorization, host: 'portal.other.example' });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe(clientCredentialMessages.invalid);
    const rotated = basicAuthorization(other.clientId, 'rotated-secret-0123456789');
    expect((await tenantCall({ authorization: rotated, host: 'portal.other.example' })).statusCode).toBe(200);
  });

  it('does not guard the probes or the API reference', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });
});

describe('parseBasicAuthorization', () => {
  it('splits at the first colon and rejects other schemes', () => {
    expect(parseBasicAuthorization(basicAuthorization('id', 'se:cret'))).toEqual({
      clientId: 'id',
      secret: 'se:cret',
    });
    expect(parseBasicAuthorization('Bearer x')).toBeNull();
    expect(parseBasicAuthorization('Basic bm9jb2xvbg==')).toBeNull();
    expect(parseBasicAuthorization(undefined)).toBeNull();
  });
});
