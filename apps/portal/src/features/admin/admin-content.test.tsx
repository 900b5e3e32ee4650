import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { clearSession } from '../../lib/session/session-storage.ts';
import { renderApp } from '../../test/test-app.tsx';

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
const calls: { method: string; path: string; body: unknown; type: string | null }[] = [];
const LOGO = `/api/brand-images/logo/${'cd'.repeat(16)}`;
let documents: { kind: string; language: string; body: string; updatedAt: string }[] = [];
let images: { slot: string; url: string; contentType: string; byteLength: number; updatedAt: string }[] = [];
let builtIn: { kind: string; language: string; bodyLanguage: string; body: string }[] = [];

const content = () => ({
  languages: ['en', 'es'],
  defaultLanguage: 'en',
  channels: { phone: '(555) 010-4400', outagePhone: '', email: 'help@riverbend.test' },
  documents,
  images,
  builtIn,
});

function error(status: number, message: string, fields?: Record<string, string>) {
  return Response.json(
    { statusCode: status, error: 'Error', message, ...(fields ? { fields } : {}) },
    { status },
  );
}

function server() {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const path = url.pathname;
    const type = request.headers.get('content-type');
    const body =
      request.method === 'PUT' && type?.includes('json')
        ? await request.json()
        : request.method === 'PUT'
          ? await request.arrayBuffer()
          : undefined;
    calls.push({ method: request.method, path, body, type });
    if (path === '/api/tenant') return Response.json({ name: 'Riverbend Utilities' });
    if (path === '/api/tenant/images')
      return Response.json({
        logo: images.find((image) => image.slot === 'logo')?.url ?? null,
        header: null,
        footer: null,
      });
    if (path === '/api/admin/brand')
      return Response.json({
        name: 'Riverbend',
        theme: 'green',
        colors: {},
        updatedAt: '2026-11-20T15:00:00.000Z',
      });
    if (path === '/api/admin/content') return Response.json(content());
    const document = /^\/api\/admin\/content\/(\w+)\/(\w+)$/.exec(path);
    if (document && request.method === 'PUT') {
      const text = (body as { body: string }).body;
      if (text.length > 300 && document[1] === 'contactHours')
        return error(400, 'At most 300 characters', { body: 'At most 300 characters' });
      const saved = {
        kind: document[1] ?? '',
        language: document[2] ?? '',
        body: text.trim(),
        updatedAt: '2026-11-26T05:00:00.000Z',
      };
      documents = documents.filter((d) => d.kind !== saved.kind || d.language !== saved.language);
      // As the server does: an empty text removes the document.
      if (!saved.body) return Response.json(null);
      documents = [...documents, saved];
      return Response.json(saved);
    }
    if (path === '/api/admin/content/channels')
      return error(400, 'Enter a valid e-mail address', { email: 'Enter a valid e-mail address' });
    if (path === '/api/admin/images/logo' && request.method === 'PUT') {
      images = [
        {
          slot: 'logo',
          url: LOGO,
          contentType: 'image/png',
          byteLength: 8,
          updatedAt: '2026-11-26T05:00:00.000Z',
        },
      ];
      return Response.json(images[0]);
    }
    if (path === '/api/admin/images/header') return error(415, 'Upload a PNG, JPEG or WebP image');
    return new Response('{}', { status: 404 });
  };
}

const puts = (path: string) => calls.filter((call) => call.method === 'PUT' && call.path === path);

beforeEach(() => {
  documents = [];
  images = [];
  builtIn = [];
  calls.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(server());
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  cleanup();
  clearSession();
  await i18n.changeLanguage('en');
});

describe('/admin/content', { timeout: 30_000 }, () => {
  it('writes About Us in Spanish with a live preview, saves it and says so', async () => {
    renderApp({ path: '/admin/content', loggedIn: true });
    const language = await screen.findByLabelText('Language of the text', {}, { timeout: 10_000 });
    fireEvent.change(language, { target: { value: 'es' } });
    const text = await screen.findByLabelText(/^Text \(About Us, /);
    expect(text.getAttribute('lang')).toBe('es');
    fireEvent.change(text, { target: { value: '## Quiénes somos\n\nMantenemos la <b>luz</b>.' } });
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { level: 3, name: 'Quiénes somos' })).toBeTruthy();
    expect(within(preview).getByText('Mantenemos la <b>luz</b>.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save text' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(puts('/api/admin/content/about/es')[0]?.body).toEqual({
      body: '## Quiénes somos\n\nMantenemos la <b>luz</b>.',
    });
  });

  it('removes the saved Spanish About Us and keeps saying so once the list has reloaded', async () => {
    documents = [
      { kind: 'about', language: 'es', body: '## Quiénes somos', updatedAt: '2026-11-26T05:00:00.000Z' },
    ];
    renderApp({ path: '/admin/content', loggedIn: true });
    const language = await screen.findByLabelText('Language of the text', {}, { timeout: 10_000 });
    fireEvent.change(language, { target: { value: 'es' } });
    const text = await screen.findByLabelText<HTMLTextAreaElement>(/^Text \(About Us, /);
    expect(text.value).toBe('## Quiénes somos');
    fireEvent.change(text, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save text' }));
    expect(await screen.findByText('Removed: visitors see the built-in text again.')).toBeTruthy();
    // The content is fetched again after the save: the editor stays, with its message and empty text.
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/admin/content').length).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getByText('Removed: visitors see the built-in text again.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLTextAreaElement>(/^Text \(About Us, /).value).toBe('');
  });

  it('starts from the text visitors see today: the portal’s built-in About Us in the language chosen', async () => {
    renderApp({ path: '/admin/content', loggedIn: true });
    const language = await screen.findByLabelText('Language of the text', {}, { timeout: 10_000 });
    const english = (await screen.findByLabelText(/^Text \(About Us, /)) as HTMLTextAreaElement;
    expect(english.value.split('\n\n').slice(0, 2)).toEqual([
      `## ${i18n.t('about.missionHeading', { lng: 'en' })}`,
      i18n.t('about.missionText', { lng: 'en' }),
    ]);
    expect(
      screen.getByText(
        'Not saved in this language yet. This is the built-in text visitors see today: edit it, then save.',
      ),
    ).toBeTruthy();
    fireEvent.change(language, { target: { value: 'es' } });
    const { es } = await import('../../i18n/locales/es.ts');
    await waitFor(() =>
      expect((screen.getByLabelText(/^Text \(About Us, /) as HTMLTextAreaElement).value).toContain(
        `## ${es.about.valuesHeading}\n\n${es.about.values.reliability}`,
      ),
    );
    // The preview draws it; nothing is sent until the administrator saves.
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { level: 3, name: es.about.missionHeading })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('starts from the configured hours’ translation, and from the utility’s saved text of another language', async () => {
    builtIn = [
      { kind: 'contactHours', language: 'en', bodyLanguage: 'en', body: 'Mon–Fri 7:30–6' },
      { kind: 'contactHours', language: 'es', bodyLanguage: 'es', body: 'Lun–Vie 7:30–18' },
      { kind: 'privacyPolicy', language: 'es', bodyLanguage: 'en', body: 'Built-in policy.' },
    ];
    documents = [
      {
        kind: 'privacyPolicy',
        language: 'en',
        body: 'Our own policy.',
        updatedAt: '2026-11-20T15:00:00.000Z',
      },
      { kind: 'services', language: 'es', body: 'Servicios propios.', updatedAt: '2026-11-20T15:00:00.000Z' },
    ];
    renderApp({ path: '/admin/content', loggedIn: true });
    const kind = await screen.findByLabelText('Document', {}, { timeout: 10_000 });
    const language = screen.getByLabelText('Language of the text');
    const text = () => screen.getByLabelText(/^Text \(/) as HTMLTextAreaElement;
    fireEvent.change(kind, { target: { value: 'contactHours' } });
    fireEvent.change(language, { target: { value: 'es' } });
    await waitFor(() => expect(text().value).toBe('Lun–Vie 7:30–18'));
    // The saved English policy is what a Spanish visitor sees (before the built-in one).
    fireEvent.change(kind, { target: { value: 'privacyPolicy' } });
    await waitFor(() => expect(text().value).toBe('Our own policy.'));
    expect(
      screen.getByText(
        'Not saved in this language yet. Visitors see this English text today: translate or edit it, then save.',
      ),
    ).toBeTruthy();
    // Saved in this language: that text, without the note.
    fireEvent.change(kind, { target: { value: 'services' } });
    await waitFor(() => expect(text().value).toBe('Servicios propios.'));
    expect(screen.queryByText(/^Not saved in this language yet/)).toBeNull();
  });

  it('refuses a too long text beside the field before sending, in the reader’s language', async () => {
    await i18n.changeLanguage('de');
    renderApp({ path: '/admin/content', loggedIn: true });
    const kind = await screen.findByLabelText('Dokument', {}, { timeout: 10_000 });
    fireEvent.change(kind, { target: { value: 'contactHours' } });
    const text = screen.getByLabelText(/^Text \(Erreichbarkeit, /);
    fireEvent.change(text, { target: { value: 'x'.repeat(301) } });
    fireEvent.click(screen.getByRole('button', { name: 'Text speichern' }));
    expect(await screen.findByText('Höchstens 300 Zeichen.')).toBeTruthy();
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(puts('/api/admin/content/contactHours/en')).toHaveLength(0);
  });

  it('names the channel the server refused, translated', async () => {
    await i18n.changeLanguage('es');
    renderApp({ path: '/admin/content', loggedIn: true });
    const email = await screen.findByLabelText('Correo de atención al cliente', {}, { timeout: 10_000 });
    fireEvent.change(email, { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar canales' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('Introduzca un correo electrónico válido.').length).toBeGreaterThan(0);
  });
});

describe('brand images', { timeout: 30_000 }, () => {
  it('uploads a logo as the raw file, shows it and puts it in the header', async () => {
    renderApp({ path: '/admin/brand', loggedIn: true });
    const file = await screen.findAllByLabelText('Choose a file', {}, { timeout: 10_000 });
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'logo.png', {
      type: 'image/png',
    });
    fireEvent.change(file[0] as HTMLElement, { target: { files: [png] } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Upload' })[0] as HTMLElement);
    expect(await screen.findByText('Uploaded.')).toBeTruthy();
    const sent = puts('/api/admin/images/logo')[0];
    expect(sent?.type).toBe('application/octet-stream');
    expect((sent?.body as ArrayBuffer | undefined)?.byteLength).toBe(8);
    expect(
      (await screen.findByAltText('Current Logo (in the header, beside the name)')).getAttribute('src'),
    ).toBe(LOGO);
    await waitFor(() =>
      expect(document.querySelector('header.gf-themed-header img')?.getAttribute('src')).toBe(LOGO),
    );
  });

  it('refuses an SVG in the browser, and shows the server’s type refusal', async () => {
    renderApp({ path: '/admin/brand', loggedIn: true });
    const inputs = await screen.findAllByLabelText('Choose a file', {}, { timeout: 10_000 });
    const svg = new File(['<svg/>'], 'art.svg', { type: 'image/svg+xml' });
    fireEvent.change(inputs[1] as HTMLElement, { target: { files: [svg] } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Upload' })[1] as HTMLElement);
    expect(await screen.findByText('Upload a PNG, JPEG or WebP image. SVG is not accepted.')).toBeTruthy();
    expect(puts('/api/admin/images/header')).toHaveLength(0);
    // A file that claims PNG but is not one: the server's 415, in the same words.
    const fake = new File(['GIF89a'], 'fake.png', { type: 'image/png' });
    fireEvent.change(inputs[1] as HTMLElement, { target: { files: [fake] } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Upload' })[1] as HTMLElement);
    await waitFor(() => expect(puts('/api/admin/images/header')).toHaveLength(1));
    expect(await screen.findByText('Upload a PNG, JPEG or WebP image. SVG is not accepted.')).toBeTruthy();
  });
});
