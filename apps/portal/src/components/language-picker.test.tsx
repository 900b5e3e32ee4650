// The language select offers only the languages the host's utility offers (issue 14), and a page in
// a language the utility no longer offers moves to its default without saving that as a choice.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, LANGUAGE_STORAGE_KEY } from '../i18n/i18n.ts';
import { renderApp } from '../test/test-app.tsx';

function tenantAnswering(languages: string[] | undefined) {
  return async (input: Request | string | URL): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    if (url.pathname === '/api/tenant')
      return Response.json({ name: 'Hilltop Water', features: [], ...(languages ? { languages } : {}) });
    return new Response('{}', { status: 404 });
  };
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

const options = (picker: HTMLElement) =>
  within(picker)
    .getAllByRole('option')
    .map((option) => (option as HTMLOptionElement).value);

describe('language picker', () => {
  it('offers every language while the utility says nothing about them (the demo)', async () => {
    vi.stubGlobal('fetch', vi.fn(tenantAnswering(undefined)));
    renderApp({ path: '/' });
    await screen.findByText('Hilltop Water');
    expect(options(await screen.findByLabelText('Language'))).toEqual(['en', 'es', 'ta', 'de']);
  });

  it('offers only the utility’s languages, and leaves one it dropped for its default unsaved', async () => {
    await i18n.changeLanguage('de');
    vi.stubGlobal('fetch', vi.fn(tenantAnswering(['es', 'en'])));
    renderApp({ path: '/' });
    await waitFor(() => expect(i18n.language).toBe('es'));
    const picker = await screen.findByLabelText('Idioma');
    expect(options(picker)).toEqual(['es', 'en']);
    expect((picker as HTMLSelectElement).value).toBe('es');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    await act(async () => {
      fireEvent.change(picker, { target: { value: 'en' } });
    });
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });
});
