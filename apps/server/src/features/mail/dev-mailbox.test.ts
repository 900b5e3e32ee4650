import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertTenant, type TenantFixture, type TestApp } from '../../test/index.ts';
import { enqueueMail } from './outbox.ts';

let t: TestApp;
let tenant: TenantFixture;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await insertTenant(t.database.handle.db, { isDefault: true });
  const mail = { tenantId: tenant.tenant.id, text: 'Your code is 123456', html: '<p>x</p>', purpose: 'test' };
  await enqueueMail(t.database.handle.db, { ...mail, to: 'older@example.com', subject: 'Older <b>' });
  await enqueueMail(t.database.handle.db, { ...mail, to: 'newer@example.com', subject: 'Newer' });
});
afterAll(() => t.close());

describe('dev mailbox', () => {
  it('lists the tenant’s messages newest first as JSON with to, subject and text', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox/messages' });
    expect(response.statusCode).toBe(200);
    const messages = response.json() as { to: string; subject: string; text: string }[];
    expect(messages.map((m) => m.to)).toEqual(['newer@example.com', 'older@example.com']);
    expect(messages[0]).toMatchObject({ subject: 'Newer', text: 'Your code is 123456' });
  });

  it('shows them as an escaped HTML page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('Older &lt;b&gt;');
    expect(response.body).not.toContain('Older <b>');
  });

  it('does not exist in production', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      await insertTenant(production.database.handle.db, { isDefault: true });
      const response = await production.app.inject({ method: 'GET', url: '/dev/mailbox/messages' });
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
