// The "Payment site keys" card of /admin/settings (issue 8): lists the keys, makes one and shows its
// secret once (copy button, warning), refuses a nameless key without a call, and revokes a key only
// after the administrator confirms; the server's refusals in the reader's language.
import { siteKeyMessages } from '@gridfront/contracts/admin-site-keys-messages';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { clearSession } from '../../lib/session/session-storage.ts';
import { renderApp } from '../../test/test-app.tsx';

const SECRET = `gfsk_${'Q'.repeat(39)}Zx9k`;

interface StoredKey {
  keyId: string;
  name: string;
  last4: string;
  createdBy: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

let keys: StoredKey[];
let posts: { path: string; body: unknown }[];
let refuseCreation: boolean;

function stored(name: string, last4: string, extra: Partial<StoredKey> = {}): StoredKey {
  return {
    keyId: crypto.randomUUID(),
    name,
    last4,
    createdBy: 'ada',
    createdAt: '2026-11-20T15:00:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
    ...extra,
  };
}

async function server(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === '/api/admin/brand')
    return Response.json({
      name: 'Riverbend',
      theme: 'lubbock',
      colors: {},
      updatedAt: '2026-11-20T15:00:00.000Z',
    });
  if (url.pathname === '/api/admin/site-keys' && request.method === 'GET') return Response.json({ keys });
  if (url.pathname === '/api/admin/site-keys' && request.method === 'POST') {
    const body = (await request.json()) as { name: string };
    posts.push({ path: url.pathname, body });
    if (refuseCreation)
      return Response.json(
        { statusCode: 409, error: 'Conflict', message: siteKeyMessages.tooMany },
        { status: 409 },
      );
    const key = stored(body.name, SECRET.slice(-4), { createdAt: '2026-11-21T10:00:00.000Z' });
    keys = [key, ...keys];
    return Response.json({ key, secret: SECRET }, { status: 201 });
  }
  const revoke = /^\/api\/admin\/site-keys\/([^/]+)\/revoke$/.exec(url.pathname);
  if (revoke && request.method === 'POST') {
    posts.push({ path: url.pathname, body: null });
    keys = keys.map((key) =>
      key.keyId === revoke[1] ? { ...key, revokedAt: '2026-11-21T11:00:00.000Z' } : key,
    );
    const key = keys.find((entry) => entry.keyId === revoke[1]);
    return key ? Response.json(key) : new Response('{}', { status: 404 });
  }
  return new Response('{}', { status: 404 });
}

beforeEach(() => {
  keys = [
    stored('Main web site', 'aB3d', { lastUsedAt: '2026-11-21T09:30:00.000Z' }),
    stored('Old kiosk', 'Zz00', { revokedAt: '2026-11-01T08:00:00.000Z', createdBy: null }),
  ];
  posts = [];
  refuseCreation = false;
  vi.stubGlobal('fetch', vi.fn(server));
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  cleanup();
  clearSession();
  await i18n.changeLanguage('en');
});

async function card() {
  return screen.findByRole('region', { name: 'Payment site keys' });
}

describe('/admin/settings: payment site keys', () => {
  it('lists each key by name, last four, maker, dates and state; only an active key can be revoked', async () => {
    renderApp({ path: '/admin/settings', loggedIn: true });
    const section = await card();
    const table = await within(section).findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [main, old] = rows.map((row) => row.textContent ?? '');
    expect(main).toContain('Main web site');
    expect(main).toContain('gfsk_…aB3d');
    expect(main).toContain('ada');
    expect(main).toContain('Active');
    expect(old).toContain('Former user');
    expect(old).toContain('Never');
    expect(old).toContain('Revoked');
    expect(within(section).getByRole('button', { name: 'Revoke key “Main web site”' })).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Revoke key “Old kiosk”' })).toBeNull();
  });

  it('refuses a key without a name, without a call', async () => {
    renderApp({ path: '/admin/settings', loggedIn: true });
    const section = await card();
    fireEvent.change(await within(section).findByLabelText('Key name'), { target: { value: '   ' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Create key' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'Name the key (1 to 60 characters).',
    );
    expect(within(section).getByLabelText('Key name').getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);
  });

  it('makes a key and shows its secret once, focused, with a copy button and a warning', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp({ path: '/admin/settings', loggedIn: true });
    const section = await card();
    fireEvent.change(await within(section).findByLabelText('Key name'), { target: { value: ' Kiosk ' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Create key' }));
    const secret = (await within(section).findByLabelText('Secret of “Kiosk”')) as HTMLInputElement;
    expect(secret.value).toBe(SECRET);
    expect(secret.readOnly).toBe(true);
    expect(document.activeElement).toBe(secret);
    expect(secret.getAttribute('aria-describedby')).toBeTruthy();
    const warning = document.getElementById(secret.getAttribute('aria-describedby') ?? '');
    expect(warning?.textContent).toContain('only time the secret is shown');
    expect(
      within(section).getByText('Key “Kiosk” created. Copy its secret now: it is shown only this once.'),
    ).toBeTruthy();
    expect(posts).toEqual([{ path: '/api/admin/site-keys', body: { name: 'Kiosk' } }]);

    fireEvent.click(within(section).getByRole('button', { name: 'Copy secret' }));
    expect(await within(section).findByText('Secret copied.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(SECRET);
    // The list shows the new key by its last four only.
    await waitFor(() => expect(within(section).getAllByRole('row')).toHaveLength(4));

    fireEvent.click(within(section).getByRole('button', { name: 'I have stored it' }));
    expect(within(section).queryByLabelText('Secret of “Kiosk”')).toBeNull();
    expect(section.textContent).not.toContain(SECRET);
  });

  it('revokes a key only after the administrator confirms', async () => {
    renderApp({ path: '/admin/settings', loggedIn: true });
    const section = await card();
    fireEvent.click(await within(section).findByRole('button', { name: 'Revoke key “Main web site”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke “Main web site”?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posts).toEqual([]);

    fireEvent.click(within(section).getByRole('button', { name: 'Revoke key “Main web site”' }));
    const again = await screen.findByRole('dialog', { name: 'Revoke “Main web site”?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Revoke key' }));
    expect(await within(section).findByText('Key “Main web site” revoked.')).toBeTruthy();
    const id = keys.find((key) => key.name === 'Main web site')?.keyId;
    expect(posts).toEqual([{ path: `/api/admin/site-keys/${id}/revoke`, body: null }]);
    await waitFor(() =>
      expect(within(section).queryByRole('button', { name: 'Revoke key “Main web site”' })).toBeNull(),
    );
  });

  it('speaks the reader’s language, the server’s refusal included', async () => {
    refuseCreation = true;
    await i18n.changeLanguage('es');
    renderApp({ path: '/admin/settings', loggedIn: true });
    const section = await screen.findByRole('region', { name: 'Claves de pago del sitio' });
    fireEvent.change(await within(section).findByLabelText('Nombre de la clave'), {
      target: { value: 'Otra' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Crear clave' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'Ya tiene 20 claves activas. Revoque una primero.',
    );
  });
});
