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

  it('answers only this machine: a request from another address gets a 404, whatever it forwards', async () => {
    for (const url of ['/dev/mailbox/messages', '/dev/mailbox']) {
      const remote = await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' });
      expect(remote.statusCode).toBe(404);
      expect(remote.body).not.toContain('123456');
      const forged = await t.app.inject({
        method: 'GET',
        url,
        remoteAddress: '198.51.100.20',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(forged.statusCode).toBe(404);
    }
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const local = await t.app.inject({ method: 'GET', url: '/dev/mailbox/messages', remoteAddress });
      expect(local.statusCode).toBe(200);
    }
  });

  it('trusts the socket, not a proxy’s X-Forwarded-For, even with TRUST_PROXY set', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      await insertTenant(proxied.database.handle.db, { isDefault: true });
      // request.ip is 127.0.0.1 here (the one trusted hop says so); the socket is another machine.
      const viaProxy = await proxied.app.inject({
        method: 'GET',
        url: '/dev/mailbox/messages',
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(viaProxy.statusCode).toBe(404);
    } finally {
      await proxied.close();
    }
  });

  it('does not exist in production', async () => {
    const production = await createTestApp({
      env: { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9' },
    });
    try {
      await insertTenant(production.database.handle.db, { isDefault: true });
      const response = await production.app.inject({ method: 'GET', url: '/dev/mailbox/messages' });
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });

  it('does not exist while an SMTP server is configured (mail then leaves the product)', async () => {
    const withSmtp = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      const tenantWithSmtp = await insertTenant(withSmtp.database.handle.db, { isDefault: true });
      await enqueueMail(withSmtp.database.handle.db, {
        tenantId: tenantWithSmtp.tenant.id,
        to: 'smtp@example.com',
        subject: 'Code',
        text: 'Your code is 654321',
        html: '<p>654321</p>',
        purpose: 'test',
      });
      const response = await withSmtp.app.inject({ method: 'GET', url: '/dev/mailbox/messages' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('654321');
    } finally {
      await withSmtp.close();
    }
  });
});
