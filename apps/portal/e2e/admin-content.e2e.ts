// Administration, content and images end to end (issue 14), in Chromium against the real server:
// the demo administrator writes About Us in Spanish (with its preview) and uploads a logo; an SVG is
// refused by name. A visitor whose browser speaks Spanish then sees that text and that logo in the
// header, while an English visitor gets the built-in About Us. Axe-clean at 1280 and 390 px.
// The demo's documents, channels and images are read before and put back in afterAll through the
// API, so a failing step cannot leave them changed for the files that run after this one.
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { AdminContentResponse } from '@gridfront/contracts/admin-content';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { connectBrowser, hasChromium, openPage } from './support/browser.ts';
import { type AdminCall, adminSession, keepDemoState, restoreAll } from './support/demo-state.ts';

/** Set E2E_SCREENSHOTS to a folder to keep the pages' screenshots at 1280 and 390 px. */
const shots = process.env.E2E_SCREENSHOTS;
const ABOUT_ES =
  '## Quiénes somos\n\nLlevamos agua y luz al valle desde 1921.\n\nAtendemos en español, inglés y tamil.';

type Pixel = (x: number, y: number) => number[];

/** A yellow sun in a white disc on transparency: the logo. */
function sun(size: number): Pixel {
  return (x, y) => {
    const distance = Math.hypot(x - size / 2, y - size / 2);
    if (distance < size * 0.3) return [255, 214, 10, 255];
    return distance < size * 0.46 ? [255, 255, 255, 255] : [0, 0, 0, 0];
  };
}

/** Bright diagonal stripes: header art that would hurt the header's text without its veil. */
const stripes: Pixel = (x, y) => (Math.floor((x + y) / 24) % 2 ? [250, 200, 40, 255] : [40, 160, 220, 255]);

/** A PNG drawn pixel by pixel (8-bit RGBA, no filter). */
function png(width: number, height: number, pixel: Pixel): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x += 1) row.set(pixel(x, y), 1 + x * 4);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Writes back the documents and channels `before` held, removes documents and images added since.
 * (The demo starts without images; an image replaced since could not be put back from here.)
 */
async function restoreContent(api: AdminCall, before: AdminContentResponse): Promise<void> {
  const now = await api<AdminContentResponse>('GET', '/admin/content');
  const bodyBefore = (kind: string, language: string) =>
    before.documents.find((entry) => entry.kind === kind && entry.language === language)?.body ?? '';
  await restoreAll([
    () => api('PUT', '/admin/content/channels', before.channels),
    ...now.documents
      .filter((entry) => entry.body !== bodyBefore(entry.kind, entry.language))
      .map(
        (entry) => () =>
          api('PUT', `/admin/content/${entry.kind}/${entry.language}`, {
            body: bodyBefore(entry.kind, entry.language),
          }),
      ),
    ...now.images
      .filter((image) => !before.images.some((kept) => kept.url === image.url))
      .map((image) => () => api('DELETE', `/admin/images/${image.slot}`)),
  ]);
}

/** What restoreContent puts back, to compare before and after. */
const restored = (content: AdminContentResponse) => ({
  channels: content.channels,
  documents: content.documents.map(({ kind, language, body }) => ({ kind, language, body })),
  images: content.images.map((image) => image.url),
});

async function fitsAt390(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

describe.skipIf(!hasChromium)('Administration, content and images', () => {
  let browser: Browser;
  const admin = adminSession();
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  keepDemoState(admin, () => browser, {
    path: '/admin/content',
    restore: restoreContent,
    compared: restored,
  });

  it('About Us in Spanish and a logo, written by the admin, reach a Spanish visitor', async () => {
    const { context, page } = await admin.openPage(browser, { width: 1280 });

    // Content: About Us, in Spanish, with its preview.
    await page.goto('/admin/content');
    const documents = page.getByRole('region', { name: 'Pages and documents' });
    await documents.getByLabel('Document').selectOption('about');
    // Nothing saved: the editor starts from the built-in About Us visitors see, and says so.
    const builtInAbout = documents.getByLabel(/^Text \(About Us, English\)/);
    await expect
      .poll(() => builtInAbout.inputValue())
      .toMatch(/^## Our mission\n\nWe keep essential services/);
    await documents.getByText(/^Not saved in this language yet\. This is the built-in text/).waitFor();
    // The demo's hours in Spanish start from their built-in translation.
    await documents.getByLabel('Document').selectOption('contactHours');
    await documents.getByLabel('Language of the text').selectOption('es');
    await expect
      .poll(() => documents.getByLabel(/^Text \(Contact hours, Spanish\)/).inputValue())
      .toBe('De lunes a viernes, de 7:30 a 18:00; averías, las 24 horas');
    if (shots) await page.screenshot({ path: join(shots, 'admin-content-start-1280.png'), fullPage: true });
    await fitsAt390(page);
    if (shots) await page.screenshot({ path: join(shots, 'admin-content-start-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await documents.getByLabel('Document').selectOption('about');
    const text = documents.getByLabel(/^Text \(About Us, Spanish\)/);
    await expect.poll(() => text.inputValue()).toMatch(/^## Nuestra misión/);
    await text.fill(ABOUT_ES);
    await documents
      .getByRole('region', { name: 'Preview' })
      .getByRole('heading', { name: 'Quiénes somos' })
      .waitFor();
    await documents.getByRole('button', { name: 'Save text' }).click();
    await documents.getByText('Saved.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: join(shots, 'admin-content-1280.png'), fullPage: true });
    await fitsAt390(page);
    expect(await axeViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: join(shots, 'admin-content-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Images, in the brand section: an SVG is refused by name, a PNG logo is taken.
    await page.goto('/admin/brand');
    const images = page.getByRole('region', { name: 'Logo and images' });
    const logoForm = images.getByRole('form', { name: 'Logo (in the header, beside the name)' });
    await logoForm.getByLabel('Choose a file').setInputFiles({
      name: 'art.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    await logoForm.getByRole('button', { name: 'Upload' }).click();
    await logoForm.getByText('Upload a PNG, JPEG or WebP image. SVG is not accepted.').waitFor();
    /** Uploads a PNG through one slot's form and waits for it to be taken. */
    const upload = async (form: typeof logoForm, name: string, buffer: Buffer) => {
      await form.getByLabel('Choose a file').setInputFiles({ name, mimeType: 'image/png', buffer });
      await form.getByRole('button', { name: 'Upload' }).click();
      await form.getByText('Uploaded.').waitFor();
    };
    await upload(logoForm, 'logo.png', png(96, 96, sun(96)));
    const headerForm = images.getByRole('form', { name: 'Header image' });
    await upload(headerForm, 'header.png', png(640, 120, stripes));
    const footerForm = images.getByRole('form', { name: 'Footer image' });
    await upload(footerForm, 'footer.png', png(640, 120, stripes));
    const headerLogo = page.locator('header.gf-themed-header img').first();
    await expect
      .poll(() => headerLogo.getAttribute('src'))
      .toMatch(/^\/api\/brand-images\/logo\/[0-9a-f]{32}$/);
    expect(await axeViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: join(shots, 'admin-images-1280.png'), fullPage: true });
    await fitsAt390(page);
    expect(await axeViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: join(shots, 'admin-images-390.png'), fullPage: true });

    // A visitor whose browser speaks Spanish: the new text and the logo, the image served for a year.
    const visitor = await openPage(browser, { width: 1280, locale: 'es-MX' });
    const served = visitor.page.waitForResponse((response) =>
      response.url().includes('/api/brand-images/logo/'),
    );
    await visitor.page.goto('/aboutus');
    const heading = visitor.page.getByRole('heading', { level: 2, name: 'Quiénes somos' });
    await heading.waitFor();
    expect(await heading.evaluate((element) => element.closest('[lang]')?.getAttribute('lang'))).toBe('es');
    await visitor.page.getByText('Llevamos agua y luz al valle desde 1921.').waitFor();
    // The footer's hours in Spanish too (the demo's built-in hours, translated), marked es.
    const hours = visitor.page.locator('footer').getByText('De lunes a viernes, de 7:30 a 18:00');
    await hours.waitFor();
    expect(await hours.getAttribute('lang')).toBe('es');
    const image = await served;
    expect(image.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers()['content-type']).toBe('image/png');
    const logo = visitor.page.locator('header.gf-themed-header img').first();
    // The header art is the utility's, under a veil of the header's colour.
    expect(await visitor.page.locator('header.gf-themed-header').getAttribute('style')).toContain(
      '/api/brand-images/header/',
    );
    // And the footer's, though it hydrates a task after the header took the shell's images.
    await expect
      .poll(() => visitor.page.locator('footer.gf-themed-footer').getAttribute('style'))
      .toContain('/api/brand-images/footer/');
    await expect.poll(() => logo.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(96);
    expect(await axeViolations(visitor.page)).toEqual([]);
    if (shots) await visitor.page.screenshot({ path: join(shots, 'aboutus-es-1280.png'), fullPage: true });
    await fitsAt390(visitor.page);
    expect(await axeViolations(visitor.page)).toEqual([]);
    if (shots) await visitor.page.screenshot({ path: join(shots, 'aboutus-es-390.png'), fullPage: true });
    await visitor.context.close();

    // An English visitor: no English About Us was written and English is the default, so the
    // Spanish text is not shown to them; the built-in one is.
    const english = await openPage(browser, { width: 1280, locale: 'en-US' });
    await english.page.goto('/aboutus');
    await english.page.getByRole('heading', { level: 2, name: 'Our mission' }).waitFor();
    expect(await english.page.getByText('Quiénes somos').count()).toBe(0);
    await english.context.close();

    // Put everything back: the text removed, the logo removed; the theme's mark returns.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/content');
    await documents.getByLabel('Language of the text').selectOption('es');
    await documents.getByLabel(/^Text \(About Us, Spanish\)/).fill('');
    await documents.getByRole('button', { name: 'Save text' }).click();
    await documents.getByText('Removed: visitors see the built-in text again.').waitFor();
    await page.goto('/admin/brand');
    await logoForm.getByRole('button', { name: 'Remove' }).click();
    await logoForm.getByText('Removed: the theme’s art is shown again.').waitFor();
    await headerForm.getByRole('button', { name: 'Remove' }).click();
    await headerForm.getByText('Removed: the theme’s art is shown again.').waitFor();
    await footerForm.getByRole('button', { name: 'Remove' }).click();
    await footerForm.getByText('Removed: the theme’s art is shown again.').waitFor();
    await expect.poll(() => headerLogo.getAttribute('src')).not.toContain('/api/brand-images/');
    await context.close();
  });
});
