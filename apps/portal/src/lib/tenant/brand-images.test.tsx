// The utility's brand images start from the shell's inline answer (issue 7: no GET /api/tenant/images
// after every first paint), drawn after the first render as the server's view drew the theme's art;
// without the answer inline they are asked for as before.
import { act, cleanup, render, screen } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
const LOGO = `/api/brand-images/logo/${'c'.repeat(32)}`;

function inlineImages(answer: unknown): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'gridfront-images';
  element.textContent = JSON.stringify(answer);
  document.head.append(element);
}

/** A fresh module each time: which answer it started from is module state. */
async function renderLogo() {
  vi.resetModules();
  const { useBrandImages, TENANT_IMAGES_DATA_ID } = await import('./brand-images.ts');
  const renders: (string | undefined)[] = [];
  function Logo() {
    const { logo } = useBrandImages();
    renders.push(logo);
    return <p>{logo ?? 'theme art'}</p>;
  }
  await act(async () => {
    render(<Logo />);
  });
  return { renders, TENANT_IMAGES_DATA_ID };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async () => Response.json({ logo: LOGO, header: null, footer: null }));
});

afterEach(() => {
  cleanup();
  document.getElementById('gridfront-images')?.remove();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('useBrandImages', () => {
  it("draws the shell's images after the first render, without asking the API, and takes the block once", async () => {
    inlineImages({ logo: LOGO, header: null, footer: null });
    const { renders, TENANT_IMAGES_DATA_ID } = await renderLogo();
    expect(await screen.findByText(LOGO)).toBeTruthy();
    // First as the server drew it (the theme's art), then the utility's logo.
    expect(renders[0]).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.getElementById(TENANT_IMAGES_DATA_ID)).toBeNull();
  });

  it('draws a part hydrated after the images became known as the server drew it first, then with them', async () => {
    inlineImages({ logo: LOGO, header: null, footer: null });
    // The header: rendered, its effect took the shell's images.
    await renderLogo();
    await screen.findByText(LOGO);
    // The footer hydrates a task later: its first render must match the server's (the theme's art),
    // since Preact keeps the server's attributes while hydrating; the images come with the next one.
    const { useBrandImages } = await import('./brand-images.ts');
    const { hydrateInParts } = await import('../hydrate-in-parts.tsx');
    const footer: (string | undefined)[] = [];
    function Footer() {
      const { logo } = useBrandImages();
      footer.push(logo);
      return <span>footer {logo ?? 'theme art'}</span>;
    }
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    // Rendered at once inside hydrateInParts, as the hydration's own render is.
    await act(async () => {
      hydrateInParts(() => flushSync(() => root.render(<Footer />)));
    });
    expect(await screen.findByText(`footer ${LOGO}`)).toBeTruthy();
    expect(footer[0]).toBeUndefined();
    expect(footer.at(-1)).toBe(LOGO);
    expect(fetchMock).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });

  it('draws nothing again for a utility without images of its own', async () => {
    inlineImages({ logo: null, header: null, footer: null });
    const { renders } = await renderLogo();
    expect(screen.getByText('theme art')).toBeTruthy();
    expect(renders).toEqual([undefined]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks GET /api/tenant/images where the shell carries no answer', async () => {
    await renderLogo();
    expect(await screen.findByText(LOGO)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [request] = fetchMock.mock.calls[0] ?? [];
    expect(request && new URL(request.url).pathname).toBe('/api/tenant/images');
  });
});
