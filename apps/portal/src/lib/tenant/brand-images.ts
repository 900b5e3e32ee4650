// The utility's own logo, header and footer images (issue 14, /admin brand): the shell's inline
// answer of GET /api/tenant/images (<script type="application/json" id="gridfront-images">,
// apps/server/src/plugins/app-shell.ts), else a plain fetch of it, since the header draws on every
// page and RTK Query does not load with Home (issue 7). Read after the first render, which draws the
// theme's art as the server's view does. An administrator's upload calls refreshBrandImages, so the
// header changes at once.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { config } from '../../config/env.ts';
import { authHeaders } from '../api/auth-headers.ts';
import { isHydrating } from '../hydrate-in-parts.tsx';
import { takeInlineData } from '../inline-data.ts';

export interface BrandImages {
  logo?: string;
  header?: string;
  footer?: string;
}

/** GET {apiBase}{path} with the client credential; the parsed JSON, or null when it failed. */
export async function readPublic(path: string): Promise<unknown> {
  try {
    const base = typeof window === 'undefined' ? undefined : window.location.origin;
    const response = await fetch(
      new Request(new URL(`${config.apiBase}${path}`, base), {
        credentials: 'same-origin',
        headers: { ...authHeaders(null), Accept: 'application/json' },
      }),
    );
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

const SERVED = /^\/api(\/brand-images\/(?:logo|header|footer)\/[0-9a-f]{32})$/;

/** Only the server's own image paths, moved under the API base the portal talks to. */
export function brandImagesOf(raw: unknown): BrandImages {
  const images: BrandImages = {};
  if (typeof raw !== 'object' || raw === null) return images;
  for (const slot of ['logo', 'header', 'footer'] as const) {
    const value = (raw as Record<string, unknown>)[slot];
    const match = typeof value === 'string' ? SERVED.exec(value) : null;
    if (match) images[slot] = `${config.apiBase}${match[1]}`;
  }
  return images;
}

const NONE: BrandImages = {};
let current: BrandImages = NONE;
let started = false;
const listeners = new Set<() => void>();

/** The id of the shell's inline JSON (TENANT_IMAGES_DATA_ID in the server's app-shell.ts). */
export const TENANT_IMAGES_DATA_ID = 'gridfront-images';

function show(images: BrandImages): void {
  current = images;
  for (const listener of listeners) listener();
}

export async function refreshBrandImages(): Promise<void> {
  started = true;
  show(brandImagesOf(await readPublic('/tenant/images')));
}

/** Starts from the shell's answer where it carries one (taken once: after an upload it is stale). */
function startBrandImages(): void {
  const inline = takeInlineData(TENANT_IMAGES_DATA_ID);
  if (typeof inline !== 'object' || inline === null) {
    void refreshBrandImages();
    return;
  }
  started = true;
  const images = brandImagesOf(inline);
  // A utility without images of its own (the theme's art, as drawn): nothing to draw again.
  if (Object.keys(images).length > 0) show(images);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The utility's images; empty (the theme's own art) until known or when it has none. */
export function useBrandImages(): BrandImages {
  const images = useSyncExternalStore(
    subscribe,
    () => current,
    () => NONE,
  );
  // A part that hydrates the server's view draws first what the server drew (the theme's art): Preact
  // keeps the server's attributes while it hydrates, so images known by then (the header took them a
  // task before the footer hydrates) would never reach the part's nodes. They come with its next render.
  const [afterHydration, setAfterHydration] = useState(() => !isHydrating());
  useEffect(() => {
    if (!started) startBrandImages();
  }, []);
  useEffect(() => {
    if (images !== NONE) setAfterHydration(true);
  }, [images]);
  return afterHydration ? images : NONE;
}

/**
 * The header's or footer's style with the utility's image in place of the theme's art, under a
 * veil of the bar's own colour so its text stays readable whatever the image holds.
 */
export function brandArtStyle(
  area: 'header' | 'footer',
  url: string | undefined,
): Record<string, string> | undefined {
  if (!url) return undefined;
  const veil = `color-mix(in srgb, var(--gf-${area}-bg) 85%, transparent)`;
  const image = `url(${JSON.stringify(url)})`;
  return area === 'header'
    ? { '--gf-header-image': image, '--gf-header-overlay': veil }
    : { '--gf-footer-image': `linear-gradient(${veil}, ${veil}), ${image}`, backgroundSize: 'cover' };
}
