// /admin/knowledge and People's disable action (issue 14), against a fake server: the list per
// language with search, editing with a sanitized live preview, a folder import with the server's
// problems listed, and disabling a person with the server's refusal in the reader's language.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/test-app.tsx';

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
const calls: { method: string; path: string; search: string; body: unknown }[] = [];

const ARTICLES = [
  { slug: 'green-tags', language: 'en', title: 'Green Tags', tags: ['green'], updated: '2026-11-25' },
  { slug: 'outages', language: 'en', title: 'Outages', tags: ['outage'], updated: '2026-11-25' },
  { slug: 'green-tags', language: 'es', title: 'Green Tags (es)', tags: ['verde'], updated: '2026-11-25' },
];
const BODY =
  '# Green Tags\n\nEach block costs **$1.50 per month**.\n\n<img src=x onerror="window.__hacked=1">\n';

let people = [
  {
    userId: '55555555-5555-4555-8555-555555555555',
    username: 'admin',
    fullName: 'Ada Admin',
    email: 'a@example.test',
    role: 'admin',
    disabled: false,
  },
  {
    userId: '66666666-6666-4666-8666-666666666666',
    username: 'agent',
    fullName: 'Alex Agent',
    email: 'x@example.test',
    role: 'agent',
    disabled: false,
  },
];

function server() {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const body = ['PUT', 'POST'].includes(request.method)
      ? await request.json().catch(() => null)
      : undefined;
    calls.push({ method: request.method, path: url.pathname, search: url.search, body });
    const path = url.pathname;
    if (path === '/api/admin/brand')
      return Response.json({
        name: 'Riverbend',
        theme: 'lubbock',
        colors: {},
        updatedAt: '2026-11-20T15:00:00.000Z',
      });
    if (path === '/api/admin/knowledge/articles' && request.method === 'GET') {
      const language = url.searchParams.get('language');
      const q = url.searchParams.get('q')?.toLowerCase();
      const articles = ARTICLES.filter(
        (a) => (!language || a.language === language) && (!q || a.title.toLowerCase().includes(q)),
      );
      return Response.json({ version: 3, articles });
    }
    if (path === '/api/admin/knowledge/articles/en/green-tags' && request.method === 'GET')
      return Response.json({ ...ARTICLES[0], body: BODY });
    if (path === '/api/admin/knowledge/articles/en/green-tags' && request.method === 'PUT')
      return Response.json({ ...ARTICLES[0], ...(body as object), updated: '2026-11-26' });
    if (path === '/api/admin/knowledge/import')
      return Response.json(
        {
          message:
            'The knowledge base was not imported:\n  en/green-tags.md: no front matter between --- lines',
          problems: ['en/green-tags.md: no front matter between --- lines'],
        },
        { status: 422 },
      );
    if (path === '/api/admin/people') return Response.json({ people });
    const disable = /^\/api\/admin\/people\/([^/]+)\/(disable|enable)$/.exec(path);
    if (disable) {
      if (disable[1] === people[0]?.userId)
        return Response.json(
          { statusCode: 409, error: 'Conflict', message: 'You cannot disable your own account' },
          { status: 409 },
        );
      people = people.map((p) =>
        p.userId === disable[1] ? { ...p, disabled: disable[2] === 'disable' } : p,
      );
      return Response.json({ message: 'ok' });
    }
    return new Response('{}', { status: 404 });
  };
}

beforeEach(() => {
  calls.length = 0;
  people = people.map((p) => ({ ...p, disabled: false }));
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(server());
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  cleanup();
});

describe('/admin/knowledge', () => {
  it('lists per language, searches, and edits an article with a sanitized live preview', async () => {
    renderApp({ path: '/admin/knowledge', loggedIn: true });
    expect(await screen.findByText('3 articles', undefined, { timeout: 5000 })).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Knowledge base' });
    fireEvent.change(within(section).getByLabelText('Language'), { target: { value: 'en' } });
    expect(await screen.findByText('2 articles')).toBeTruthy();
    expect(calls.some((call) => call.search === '?language=en')).toBe(true);
    fireEvent.change(within(section).getByLabelText('Search'), { target: { value: 'green' } });
    expect(await screen.findByText('1 article')).toBeTruthy();
    expect(calls.some((call) => call.search === '?language=en&q=green')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Edit Green Tags (English)' }));
    const editor = await screen.findByRole('heading', { name: 'Editing: Green Tags' });
    await waitFor(() => expect(document.activeElement).toBe(editor));
    const preview = () => screen.getByRole('heading', { name: 'Preview' }).parentElement as HTMLElement;
    await waitFor(() => expect(within(preview()).getByText('$1.50 per month')).toBeTruthy());
    // The article's heading sits under the editor's (h4), and the injected handler is gone.
    expect(within(preview()).getByRole('heading', { level: 4, name: 'Green Tags' })).toBeTruthy();
    expect(preview().querySelector('img')).toBeNull();
    expect(preview().innerHTML).not.toContain('onerror');

    const text = screen.getByLabelText('Text (Markdown)');
    fireEvent.change(text, { target: { value: BODY.replace('$1.50', '$2.25') } });
    await waitFor(() => expect(within(preview()).getByText('$2.25 per month')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Tags'), { target: { value: 'green, renewable ,' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save article' }));
    expect(await screen.findByText('Saved. AI Assist answers from the new text now.')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/admin/knowledge/articles/en/green-tags');
    expect(put?.body).toEqual({
      title: 'Green Tags',
      tags: ['green', 'renewable'],
      body: BODY.replace('$1.50', '$2.25'),
    });
  });

  it('refuses a bad slug before sending, and lists the files an import names', async () => {
    renderApp({ path: '/admin/knowledge', loggedIn: true });
    fireEvent.click(await screen.findByRole('button', { name: 'New article' }, { timeout: 5000 }));
    fireEvent.change(await screen.findByLabelText('Slug'), { target: { value: 'Not A Slug' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save article' }));
    await waitFor(() => expect(screen.getByLabelText('Slug').getAttribute('aria-invalid')).toBe('true'));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Choose a folder or Markdown files first.')).toBeTruthy();
    const file = new File(['no front matter'], 'green-tags.md', { type: 'text/markdown' });
    fireEvent.change(screen.getByLabelText('Or single Markdown files'), { target: { files: [file] } });
    expect(await screen.findByText('1 Markdown file chosen.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Replace: delete the articles the folder does not hold'));
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const alert = await screen.findByText('Nothing was imported. Fix these files and try again:');
    expect(
      within(alert.parentElement as HTMLElement).getByText(/en\/green-tags\.md: no front matter/),
    ).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/admin/knowledge/import')?.body).toEqual({
      files: [{ path: 'green-tags.md', text: 'no front matter' }],
      replace: true,
    });
  });
});

describe('/admin/people', () => {
  it('shows each person’s state, disables and enables one, and explains a refusal', async () => {
    renderApp({ path: '/admin/people', loggedIn: true });
    const disable = await screen.findByRole('button', { name: 'Disable Alex Agent' }, { timeout: 5000 });
    fireEvent.click(disable);
    expect(
      await screen.findByText('Alex Agent is disabled: their sessions have ended and they cannot sign in.'),
    ).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Enable Alex Agent' }));
    expect(await screen.findByText('Alex Agent can sign in again.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/admin/people/66666666-6666-4666-8666-666666666666/disable',
      '/api/admin/people/66666666-6666-4666-8666-666666666666/enable',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Disable Ada Admin' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'You cannot disable your own account.',
    );
  });
});
