// The development mailbox: what the embedded default "sent", newest first. Registered only
// outside production and without SMTP_URL (app.ts), at /dev/mailbox (HTML) and
// /dev/mailbox/messages (JSON). It shows sign-in and reset codes, so it answers only this machine.
import type { FastifyPluginAsync } from 'fastify';
import { escapeHtml } from '../../lib/escape-html.ts';
import { isLoopbackAddress } from './loopback.ts';
import { listRecentMail } from './outbox.ts';

const stylesheet = `body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1b1b1b;background:#fff}
article{border:1px solid #bbb;border-radius:6px;padding:.75rem 1rem;margin:0 0 1rem}
h1{font-size:1.4rem}h2{font-size:1.05rem;margin:.2rem 0}pre{white-space:pre-wrap;background:#f4f4f4;padding:.5rem}
p{margin:.2rem 0;color:#444}`;

export const devMailboxRoutes: FastifyPluginAsync = async (app) => {
  // The socket's peer, not request.ip: a forwarded address is whatever the client wrote. Anyone
  // else gets the same 404 as a server without the mailbox.
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopbackAddress(request.socket.remoteAddress)) return reply.callNotFound();
  });

  const messagesFor = async (hostname: string) => {
    const tenant = await app.tenants.forHost(hostname);
    return tenant ? listRecentMail(app.db, tenant.id) : [];
  };

  app.get('/mailbox/messages', { schema: { hide: true } }, async (request) => {
    const rows = await messagesFor(request.hostname);
    return rows.map(({ id, to, subject, text, purpose, status, createdAt }) => ({
      id,
      to,
      subject,
      text,
      purpose,
      status,
      createdAt: createdAt.toISOString(),
    }));
  });

  app.get('/mailbox/style.css', { schema: { hide: true } }, async (_request, reply) => {
    return reply.type('text/css; charset=utf-8').send(stylesheet);
  });

  app.get('/mailbox', { schema: { hide: true } }, async (request, reply) => {
    const rows = await messagesFor(request.hostname);
    const items = rows
      .map(
        (mail) => `<article><h2>${escapeHtml(mail.subject)}</h2>
<p>To: ${escapeHtml(mail.to)} · ${escapeHtml(mail.createdAt.toISOString())} · ${escapeHtml(mail.status)}</p>
<pre>${mail.text ? escapeHtml(mail.text) : '(body erased by the retention rules)'}</pre></article>`,
      )
      .join('\n');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev mailbox</title><link rel="stylesheet" href="/dev/mailbox/style.css"></head>
<body><main><h1>Dev mailbox</h1><p>Messages the portal sent while no SMTP server is configured, newest first.</p>
${items || '<p>No messages yet.</p>'}</main></body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
};
