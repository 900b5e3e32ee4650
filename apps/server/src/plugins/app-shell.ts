// The app shell (index.html) of the host's utility (issue 14). The built portal is one bundle for
// every utility, but each utility's API accepts only its own public client credential, and AI Assist
// only its own widget api key. So when the server sends index.html it writes the host's utility's
// public values into a <meta name="gridfront-config"> in <head>; the portal reads them before the
// values the build carries (apps/portal/src/config/env.ts). These values are public by the spec
// (point 7: they name the utility's app and grant nothing alone) and are stored in clear in
// tenants.app_client_id / app_client_secret and assistant_settings.api_key.
//
// One shell per utility is made and kept with its br and gzip copies (index.html is a couple of KiB,
// so compressing it once per utility costs nothing), and made again when the utility's row changed
// (tenants.updated_at, its credential) or after a minute (a rotated widget key).
//
// The first view (issue 7): the shell also carries what the portal's first render waits for and the
// server already knows, so that none of it is fetched only after the entry script has run:
// - the GET /api/tenant answer, as inline JSON data (<script type="application/json">, which the
//   CSP's script-src does not concern: it is never run); the portal's tenant slice starts from it;
// - <link rel="modulepreload"> for the starting language's translation chunk (the utility's languages
//   and the request's Accept-Language decide it as the portal's i18n.ts does; a visitor's saved choice
//   may differ, then the preload is merely unused);
// - for a path of the route table, the route's lazily loaded chunks (and their imports and CSS), read
//   from the build's Vite manifest and dist/.vite/routes.json, which the portal build writes from its
//   page registry (apps/portal/src/app/route-chunks.ts): no list here to keep in step by hand.
// - a static frame inside <div id="root">: the header band's place with the utility's name, and an
//   empty main area, so the first contentful paint comes with the HTML and the render-blocking
//   stylesheet instead of after the entry script has run; createRoot replaces it (no hydration). It
//   is aria-hidden (the real header follows) and takes no theme colour: the visitor's saved theme
//   is applied by the portal's script, so the frame stands on the page background the stylesheet
//   already paints (classes gf-frame* in the portal's themes/base.css; the CSP allows no inline style).
// - for the visitor routes (the portal's SERVER_RENDERED_PATHS), the route's real first view instead
//   of the empty main area: the portal's own components rendered by its server build
//   (dist/server/entry-server.js, loaded once, in the background, when the server starts), so the
//   largest contentful paint comes with the HTML and the stylesheet, not after the entry script.
//   It sits in <div class="gf-first-view" inert>: nothing in it can be focused, clicked or submitted
//   (a form submitted by the browser before the app runs would put a password in the URL), and
//   createRoot replaces it as it replaces the frame (no hydration, so no mismatch). It is rendered
//   for a visitor without saved choices (the starting language, the utility's default theme); the
//   one inline script of the shell (allowed by its hash in the CSP, plugins/security.ts) hides it and
//   shows the static frame instead when the browser holds a session (a signed-in customer's /home is
//   My Account, not the visitor's Home), a saved language other than the page's or a saved theme
//   other than the one rendered. A render that fails is logged and the shell keeps the frame.
//   With a view to show, the entry script and the module preloads wait in a <template> that the
//   inline script inserts after the first paint (or at once when it turned the view off): on a slow
//   network they would otherwise share the bandwidth with the render-blocking stylesheet and hold
//   the page's first paint back. Lighthouse, mobile: FCP = LCP 2.2 s -> 1.0-1.2 s on /home, /login,
//   /contactus and /signup. A timer inserts them too should no frame be drawn (a background tab).
// - for the login-required and standalone routes (the portal's SIGNED_IN_PATHS), a signed-in
//   customer's view as well: the header as a customer sees it, the page's title and intro and the
//   loading places the page draws itself before the customer's data comes. Nobody's data is in it
//   (the server build renders it with a session that says only "signed in"), since the shell is
//   shared by all the utility's customers. It sits in <div class="gf-first-view"
//   data-gf-for="session" inert>, and <html data-gf-views> names the views the shell holds
//   ("session", or "visitor session" for a standalone route, which a visitor opens too). The inline
//   script marks a browser with a session (data-gf-session: the stylesheet shows the customer's view
//   and hides the visitor's) and turns the views off when none is for this browser: a visitor on
//   /usage sees the plain frame until the app sends them to /login, never a customer's page.
//   Lighthouse, mobile, signed in: LCP 2.6-4.2 s -> 0.9-1.0 s on /usage, /accountInfo, /settings.
// - the utility's GET /api/tenant/images answer (TENANT_IMAGES_DATA_ID), from which the header and
//   footer take its own images after their first render, instead of asking for them on every page;
// - for a server-rendered view, the utility's documents it shows (the portal's FIRST_VIEW_DOCUMENTS:
//   /aboutus, /privacy, /terms, /services and /contactus their own, and every page of the main
//   layout the footer's opening hours, contactHours) in the view's language, as
//   GET /api/tenant/content/{kind}?lang= answers them (features/admin/content-repository.ts): drawn
//   in the server's views by the page's own components (plain text, as the page draws them), and
//   carried as inline JSON data (TENANT_DOCUMENTS_DATA_ID) from which the page starts, so the app
//   hydrates the same nodes without fetching them first. A saved document moves tenants.updated_at
//   (features/admin/content-routes.ts), the stamp every instance's tenant map checks: the tenant the
//   shell is asked for then carries the new updated_at, and the shell is made again with the document.
// So a utility has at most one shell per route of the table and language it offers (plus one for
// paths outside the table), never one per URL sent.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  type ContentKind,
  isContentKind,
  type TenantImages,
} from '@gridfront/contracts/admin-content-basics';
import { offeredLanguages } from '@gridfront/contracts/admin-languages';
import { DEFAULT_THEME, FALLBACK_LANGUAGE, type Language } from '@gridfront/contracts/constants';
import { languageFromBrowser } from '@gridfront/contracts/language';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { assistantSettings } from '../db/schema/index.ts';
import {
  imagesOf,
  imageUrls,
  type PublicDocument,
  publicDocument,
} from '../features/admin/content-repository.ts';
import { loadTenantConfig } from '../features/tenant/repository.ts';
import type { Tenant } from './tenant.ts';

export const CONFIG_META_NAME = 'gridfront-config';
/** The id of the inline JSON holding the GET /api/tenant answer (read by the portal's tenant-slice.ts). */
export const TENANT_DATA_ID = 'gridfront-tenant';
/**
 * The id of the inline JSON holding the first view's documents, GET /api/tenant/content answers by
 * "kind:language" (read by the portal's features/marketing/tenant-document.tsx).
 */
export const TENANT_DOCUMENTS_DATA_ID = 'gridfront-documents';
/** The id of the inline JSON holding the GET /api/tenant/images answer (the portal's brand-images.ts). */
export const TENANT_IMAGES_DATA_ID = 'gridfront-images';

/** What the portal reads from the meta: the names match PortalConfig in the portal's config/env.ts. */
export interface ShellConfig {
  clientId: string;
  clientSecret: string;
  assistantApiKey?: string;
  /** The languages the utility offers, its default first: the portal starts in one of these. */
  languages: string[];
}

export interface AppShell {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

const SHELL_TTL_MS = 60_000;

/** Escapes a value for a double-quoted HTML attribute. */
export function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** The meta element carrying the utility's public configuration, JSON in its content attribute. */
export function configMeta(config: ShellConfig): string {
  return `<meta name="${CONFIG_META_NAME}" content="${escapeAttribute(JSON.stringify(config))}">`;
}

/** index.html with the meta right after <head> (before any script), or before </head> as a fallback. */
export function injectConfig(indexHtml: string, config: ShellConfig): string {
  const meta = configMeta(config);
  const head = /<head(\s[^>]*)?>/i.exec(indexHtml);
  if (head) {
    const at = head.index + head[0].length;
    return `${indexHtml.slice(0, at)}\n    ${meta}${indexHtml.slice(at)}`;
  }
  return indexHtml.replace(/<\/head>/i, `${meta}</head>`);
}

export function compressShell(html: string): AppShell {
  const raw = Buffer.from(html, 'utf8');
  return {
    html: raw,
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(raw, { level: 9 }),
    etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`,
  };
}

/** What the build's Vite manifest says of a module (only the fields read here). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/** The build's manifest and route table (path -> manifest key of the route's page module). */
export interface FirstViewPlan {
  manifest: ViteManifest;
  routes: Record<string, string>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** dist/.vite/manifest.json and dist/.vite/routes.json; null when either is missing or unreadable. */
export function readFirstViewPlan(portalDist: string): FirstViewPlan | null {
  try {
    const manifest: unknown = JSON.parse(readFileSync(join(portalDist, '.vite', 'manifest.json'), 'utf8'));
    const routes: unknown = JSON.parse(readFileSync(join(portalDist, '.vite', 'routes.json'), 'utf8'));
    if (!isRecord(manifest) || !isRecord(routes)) return null;
    const table = Object.fromEntries(
      Object.entries(routes).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] in manifest,
      ),
    );
    return { manifest: manifest as ViteManifest, routes: table };
  } catch {
    return null;
  }
}

/**
 * The language the portal starts in for a visitor without a saved choice, as its i18n.ts decides:
 * the browser's first language where the spec's mapping names one the utility offers, else the
 * utility's default (its first language).
 */
export function startingLanguage(offered: readonly Language[], acceptLanguage: string | undefined): Language {
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim();
  const mapped = languageFromBrowser(first);
  if (mapped !== FALLBACK_LANGUAGE && offered.includes(mapped)) return mapped;
  return offered[0] ?? FALLBACK_LANGUAGE;
}

export interface Preloads {
  /** Built JavaScript files (no leading slash), in the order they are wanted. */
  modules: string[];
  styles: string[];
  /** How many of `modules` are the language's (wanted before anything renders); the rest is the route's. */
  languageModules: number;
}

/**
 * The files the first view of `routeKey` in `language` loads after the entry, which index.html does
 * not name yet: the language's translation chunk, the route's page chunk with its static imports,
 * the route's own translations in that language, and their CSS. With `lazyStyles` (a view rendered
 * on the server, which waited for the page's lazy parts and drew them) also the stylesheets of the
 * portal modules the page imports lazily (/settings' cards), so that they are not drawn unstyled.
 */
export function preloadsFor(
  manifest: ViteManifest,
  routeKey: string | undefined,
  language: string,
  lazyStyles = false,
): Preloads {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry && chunk.src === 'index.html');
  const named = new Set<string>();
  const markNamed = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || named.has(chunk.file)) return;
    named.add(chunk.file);
    for (const css of chunk.css ?? []) named.add(css);
    for (const imported of chunk.imports ?? []) markNamed(imported);
  };
  if (entry?.src) markNamed(entry.src);
  const modules: string[] = [];
  const styles: string[] = [];
  const visited = new Set<string>();
  const visit = (key: string): ManifestChunk[] => {
    const chunk = manifest[key];
    if (!chunk || visited.has(key)) return [];
    visited.add(key);
    if (!named.has(chunk.file)) modules.push(chunk.file);
    for (const css of chunk.css ?? []) if (!named.has(css) && !styles.includes(css)) styles.push(css);
    return [chunk, ...(chunk.imports ?? []).flatMap(visit)];
  };
  visit(`src/i18n/locales/${language}.ts`);
  const languageModules = modules.length;
  if (routeKey) {
    const ownTranslations = new RegExp(`/locales/${language}\\.ts$`);
    const lazyParts: string[] = [];
    for (const chunk of visit(routeKey)) {
      // What the entry's own chunks load lazily (the other routes, the app's later parts) is not
      // this route's: only the route's chunks are read for its lazy parts and own translations.
      if (named.has(chunk.file)) continue;
      for (const lazy of chunk.dynamicImports ?? []) {
        if (ownTranslations.test(lazy)) visit(lazy);
        else if (lazyStyles && lazy.startsWith('src/') && !lazy.includes('/locales/')) lazyParts.push(lazy);
      }
    }
    const styled = new Set<string>();
    const addStyles = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || styled.has(key)) return;
      styled.add(key);
      for (const css of chunk.css ?? []) if (!named.has(css) && !styles.includes(css)) styles.push(css);
      for (const imported of chunk.imports ?? []) addStyles(imported);
    };
    for (const lazy of lazyParts) addStyles(lazy);
  }
  return { modules, styles, languageModules };
}

/**
 * The preload links for the shell's <head>. Vite fetches modules and a lazy chunk's stylesheets in
 * CORS mode (it sets crossOrigin on the links it adds), so each preload says crossorigin too: a
 * preload whose credentials mode differs is not used, and the file is fetched a second time.
 */
export function preloadLinks({ modules, styles, languageModules }: Preloads, applyStyles = false): string {
  // The route's files at low priority: the entry's own chunks, which draw the first paint, go first.
  const low = ' fetchpriority="low"';
  return [
    ...modules.map(
      (file, index) =>
        `<link rel="modulepreload" crossorigin${index < languageModules ? '' : low} href="/${escapeAttribute(file)}">`,
    ),
    // Under a server-rendered first view the route's stylesheets apply at once (render-blocking like
    // the entry's): the view is drawn with them, and Vite finds them there and does not add them again.
    ...styles.map((file) =>
      applyStyles
        ? `<link rel="stylesheet" crossorigin href="/${escapeAttribute(file)}">`
        : `<link rel="preload" as="style" crossorigin${low} href="/${escapeAttribute(file)}">`,
    ),
  ].join('\n    ');
}

/** JSON that cannot end its <script> element or open a comment, whatever the strings hold. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The tenant's answer as a data block: never run, so outside the CSP's script-src. */
export function tenantData(answer: unknown): string {
  return `<script type="application/json" id="${TENANT_DATA_ID}">${inlineJson(answer)}</script>`;
}

/** The first view's documents as a data block (never run), keyed "kind:language". */
export function documentsData(documents: Readonly<Record<string, PublicDocument>>): string {
  return `<script type="application/json" id="${TENANT_DOCUMENTS_DATA_ID}">${inlineJson(documents)}</script>`;
}

/** The GET /api/tenant/images answer as a data block (never run). */
export function imagesData(images: TenantImages): string {
  return `<script type="application/json" id="${TENANT_IMAGES_DATA_ID}">${inlineJson(images)}</script>`;
}

/** What the shell carries for the portal to start from, instead of asking the API after the paint. */
export interface ShellData {
  /** GET /api/tenant's answer. */
  tenant: unknown;
  /** GET /api/tenant/images's answer. */
  images?: TenantImages;
  /** The first view's documents, by "kind:language". */
  documents?: Readonly<Record<string, PublicDocument>>;
}

/** Inserts the first view's data and links right before </head> (after the meta and the entry's links). */
export function injectFirstView(
  html: string,
  data: ShellData,
  preloads: Preloads,
  applyStyles = false,
): string {
  const links = preloadLinks(preloads, applyStyles);
  const documents =
    data.documents && Object.keys(data.documents).length > 0 ? documentsData(data.documents) : '';
  const images = data.images ? imagesData(data.images) : '';
  const block = `${tenantData(data.tenant)}${images}${documents}${links ? `\n    ${links}` : ''}\n  `;
  const close = html.search(/<\/head>/i);
  return close === -1 ? `${block}${html}` : `${html.slice(0, close)}  ${block}${html.slice(close)}`;
}

/** The static frame drawn before the portal's script runs: aria-hidden, the name HTML-escaped. */
export function staticFrame(utilityName: string): string {
  const name = utilityName.trim() ? `<span class="gf-frame-name">${escapeAttribute(utilityName)}</span>` : '';
  return `<div class="gf-frame" aria-hidden="true"><div class="gf-frame-header"><div class="gf-frame-bar">${name}</div></div><div class="gf-frame-main"></div></div>`;
}

/** The portal's server build (apps/portal/src/entry-server.tsx), as far as the shell uses it. */
export interface FirstViewRenderer {
  /** The paths whose first view it renders for a visitor. */
  paths: readonly string[];
  /** The paths whose first view it renders for a signed-in customer (shown only with a session). */
  signedInPaths?: readonly string[];
  /** The utility's documents (content kinds) a path's page shows, drawn into its view. */
  documents?: Readonly<Record<string, readonly ContentKind[]>>;
  render(request: {
    path: string;
    tenant: unknown;
    language: Language;
    signedIn?: boolean;
    /** The documents of `documents[path]` in `language`, by "kind:language". */
    documents?: Readonly<Record<string, PublicDocument>>;
  }): Promise<string>;
}

/** Where the portal build puts its server build. */
export function firstViewRendererPath(portalDist: string): string {
  return join(portalDist, 'server', 'entry-server.js');
}

/** Loads the portal's server build; null when the build has none (dev mode, tests) or it cannot load. */
export async function loadFirstViewRenderer(
  portalDist: string,
  onError: (error: unknown) => void = () => {},
): Promise<FirstViewRenderer | null> {
  const file = firstViewRendererPath(portalDist);
  if (!existsSync(file)) return null;
  try {
    const module = (await import(pathToFileURL(file).href)) as {
      render?: unknown;
      SERVER_RENDERED_PATHS?: unknown;
      SIGNED_IN_PATHS?: unknown;
      FIRST_VIEW_DOCUMENTS?: unknown;
    };
    const {
      render,
      SERVER_RENDERED_PATHS: paths,
      SIGNED_IN_PATHS: signedIn = [],
      FIRST_VIEW_DOCUMENTS: documents = {},
    } = module;
    if (typeof render !== 'function' || !Array.isArray(paths) || !Array.isArray(signedIn))
      throw new Error(`${file} is no first-view renderer`);
    const strings = (list: unknown[]) => list.filter((path): path is string => typeof path === 'string');
    const kinds = (list: unknown) => (Array.isArray(list) ? list.filter(isContentKind) : []);
    return {
      paths: strings(paths),
      signedInPaths: strings(signedIn),
      documents: isRecord(documents)
        ? Object.fromEntries(Object.entries(documents).map(([path, list]) => [path, kinds(list)]))
        : {},
      render: render as FirstViewRenderer['render'],
    };
  } catch (error) {
    onError(error);
    return null;
  }
}

/**
 * The shell's one inline script, run in <head> before anything is drawn. <html data-gf-views> names
 * the views the shell holds ("visitor", "session" or both; visitor when absent). A browser holding a
 * session (the portal's session flag `isLogin`, lib/session/session-storage.ts) gets
 * data-gf-session on <html>, which shows the signed-in view and hides the visitor's (themes/base.css).
 * It turns the server's view off (the static frame shows instead) when the shell holds none for the
 * browser's session, or on a saved language or theme (keys `language` and `theme`) other than the
 * page's: a signed-in customer never sees the visitor's page flash before their own, nor a visitor a
 * customer's. It turns it off too when the history entry holds the router's state (react-router's
 * `usr`: a step of a flow reloaded, /emailVerify with the username, /twoFactorAuth with its pending
 * login), which the server's view, drawn as the URL opened afresh, does not show. Fixed text, so the
 * CSP allows it by its hash and nothing else.
 *
 * The template's entry script and module preloads go into <head> four at a time, each four in a
 * task of its own (the script first): inserting a modulepreload link costs the main thread about a
 * millisecond, and the thirty of a route in one task were a long task of a phone's load (issue 7);
 * eight at a time were still tasks of 4-6 ms on this machine, 12-20 ms while the browser's other
 * threads held both cores, so four times as long in Lighthouse's simulated phone.
 */
export const FIRST_VIEW_SCRIPT =
  'var d=document.documentElement,w=d.getAttribute("data-gf-views")||"visitor",k="visitor",n=0,' +
  'g=function(){var t=n++?null:document.getElementById("gf-late");if(!t)return;' +
  'var q=[].slice.call(document.importNode(t.content,true).children),i=0,' +
  'f=function(){q.slice(i,i+=4).forEach(function(e){document.head.appendChild(e)});' +
  'if(i<q.length)setTimeout(f,0)};f()};' +
  'try{var s=localStorage,l=s.getItem("language"),t=s.getItem("theme");' +
  'if(s.getItem("isLogin")==="true"){k="session";d.setAttribute("data-gf-session","")}' +
  'if((l&&l!==d.lang)||(t&&t!==d.getAttribute("data-gf-theme")))k=""}catch(e){}' +
  'try{var h=history.state;if(h&&h.usr!=null)k=""}catch(e){}' +
  'if(!k||w.split(" ").indexOf(k)<0)d.setAttribute("data-gf-preview","off");' +
  'if(d.getAttribute("data-gf-preview")==="off")g();' +
  'else{requestAnimationFrame(function(){setTimeout(g,0)});setTimeout(g,1000)}';

/** The shell's module script and preloads, which a server-rendered shell fetches after its first paint. */
const LATE_SCRIPTS = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g;

/** The CSP source allowing FIRST_VIEW_SCRIPT (plugins/security.ts). */
export const FIRST_VIEW_SCRIPT_HASH = `'sha256-${createHash('sha256').update(FIRST_VIEW_SCRIPT).digest('base64')}'`;

/** The server's views of a route: a visitor's, a signed-in customer's, or both (null: none). */
export interface FirstViews {
  visitor: string | null;
  session: string | null;
  /** The utility's documents drawn in them, by "kind:language" (the shell carries them inline). */
  documents?: Readonly<Record<string, PublicDocument>>;
}

/**
 * The shell of a server-rendered first view: <html lang> says the language it is written in (and
 * data-gf-lang too, which the portal's i18n does not change when it sets lang: main.tsx hydrates the
 * view only when the app starts in that language), data-gf-theme the theme it is drawn in, and
 * data-gf-views which views it holds when that is not the visitor's alone; the inline script comes
 * right before </head>.
 */
export function injectFirstViewScript(
  html: string,
  language: Language,
  theme: string,
  views: readonly ('visitor' | 'session')[] = ['visitor'],
): string {
  const named = views.join(' ') === 'visitor' ? '' : ` data-gf-views="${views.join(' ')}"`;
  const withHtml = html.replace(
    /<html(\s[^>]*)?>/i,
    () =>
      `<html lang="${escapeAttribute(language)}" data-gf-lang="${escapeAttribute(language)}" data-gf-theme="${escapeAttribute(theme)}"${named}>`,
  );
  const late = withHtml.match(LATE_SCRIPTS)?.join('') ?? '';
  return withHtml
    .replace(LATE_SCRIPTS, '')
    .replace(
      /<\/head>/i,
      () =>
        `  <template id="gf-late">${late}\n  </template>\n  <script>${FIRST_VIEW_SCRIPT}</script>\n  </head>`,
    );
}

/**
 * What goes inside #root with a server-rendered view: the static frame, hidden unless the inline
 * script turned the view off, and the view itself (a visitor's, or a signed-in customer's marked
 * data-gf-for="session", or both), inert until createRoot replaces them all.
 */
export function firstViewMarkup(frame: string, view: string | FirstViews): string {
  const { visitor, session } = typeof view === 'string' ? { visitor: view, session: null } : view;
  return [
    frame.replace('class="gf-frame"', 'class="gf-frame gf-frame-alt"'),
    visitor === null ? '' : `<div class="gf-first-view" inert>${visitor}</div>`,
    session === null ? '' : `<div class="gf-first-view" data-gf-for="session" inert>${session}</div>`,
  ].join('');
}

/** Puts the frame inside the empty <div id="root"></div>; the html is unchanged when it has none. */
export function injectFrame(html: string, frame: string): string {
  return html.replace(/<div id="root"><\/div>/, () => `<div id="root">${frame}</div>`);
}

interface CachedShell {
  stamp: string;
  expiresAt: number;
  shell: AppShell;
}

/** What of the request picks the shell's variant. */
export interface ShellRequest {
  /** The URL's path, without its query. */
  path?: string;
  acceptLanguage?: string;
}

export interface AppShellCache {
  forTenant(tenant: Tenant, request?: ShellRequest): Promise<AppShell>;
  /** How many shells are held: per utility at most one per route of the table and language. */
  size(): number;
}

export interface FirstViewOptions {
  /** The portal's server build, or a promise of it (loaded in the background at start); null for none. */
  renderer?: FirstViewRenderer | null | Promise<FirstViewRenderer | null>;
  /** Told of a render that failed (the shell then keeps the static frame). */
  onRenderError?: (error: unknown, path: string, language: Language) => void;
}

/**
 * The route's first view for the shell, or null for the static frame alone: only for a path the
 * renderer renders, and only when the utility's look is the stylesheet's own (its default theme is
 * the one whose colours base.css carries, with no colour of its own laid over it), since the
 * theme's colours reach the page only when the portal's script runs.
 */
async function renderFirstView(
  options: FirstViewOptions,
  path: string | undefined,
  tenantAnswer: { defaultTheme: string; brandColors: Record<string, string> },
  language: Language,
  db: Database,
  tenant: Tenant,
): Promise<FirstViews> {
  const none: FirstViews = { visitor: null, session: null };
  if (!options.renderer || path === undefined) return none;
  const renderer = await options.renderer;
  if (!renderer) return none;
  if (tenantAnswer.defaultTheme !== DEFAULT_THEME || Object.keys(tenantAnswer.brandColors).length > 0)
    return none;
  const shown = renderer.paths.includes(path) || (renderer.signedInPaths ?? []).includes(path);
  const kinds = shown ? (renderer.documents?.[path] ?? []) : [];
  const documents: Record<string, PublicDocument> = Object.fromEntries(
    await Promise.all(
      kinds.map(async (kind) => [`${kind}:${language}`, await publicDocument(db, tenant, kind, language)]),
    ),
  );
  const one = async (signedIn: boolean, paths: readonly string[] | undefined): Promise<string | null> => {
    if (!paths?.includes(path)) return null;
    try {
      return await renderer.render({
        path,
        tenant: tenantAnswer,
        language,
        ...(signedIn ? { signedIn } : {}),
        ...(kinds.length > 0 ? { documents } : {}),
      });
    } catch (error) {
      options.onRenderError?.(error, path, language);
      return null;
    }
  };
  const [visitor, session] = [await one(false, renderer.paths), await one(true, renderer.signedInPaths)];
  return { visitor, session, ...(kinds.length > 0 ? { documents } : {}) };
}

export function createAppShellCache(
  db: Database,
  indexHtml: string,
  ttlMs = SHELL_TTL_MS,
  plan: FirstViewPlan | null = null,
  firstView: FirstViewOptions = {},
): AppShellCache {
  const shells = new Map<string, CachedShell>();
  return {
    async forTenant(tenant, request = {}) {
      const languages = offeredLanguages(tenant.languages);
      const language = startingLanguage(languages, request.acceptLanguage);
      const routeKey = request.path !== undefined ? plan?.routes[request.path] : undefined;
      // Bounded by the route table and the languages: a path outside the table shares one variant.
      const variant = `${tenant.id}|${routeKey ? request.path : ''}|${language}`;
      // The tenant answer is read for every shell, as GET /api/tenant was for every page before: its
      // payment platforms live outside the tenant row (switching one leaves updated_at alone), so
      // the shell is as fresh as that call was. Only a changed answer makes a new shell.
      const tenantAnswer = await loadTenantConfig(db, tenant);
      // The brand images too (an upload leaves updated_at alone): the header and footer start from
      // them, where GET /api/tenant/images was asked on every page after its first paint (issue 7).
      const images = imageUrls(await imagesOf(db, tenant.id));
      const answerJson = inlineJson(tenantAnswer);
      const stamp = `${tenant.updatedAt.getTime()}|${tenant.appClientId}|${tenant.appClientSecret}|${answerJson}|${inlineJson(images)}`;
      const cached = shells.get(variant);
      if (cached && cached.stamp === stamp && cached.expiresAt > Date.now()) return cached.shell;
      const [assistant] = await db
        .select({ apiKey: assistantSettings.apiKey })
        .from(assistantSettings)
        .where(eq(assistantSettings.tenantId, tenant.id))
        .limit(1);
      const config: ShellConfig = {
        clientId: tenant.appClientId,
        clientSecret: tenant.appClientSecret,
        ...(assistant ? { assistantApiKey: assistant.apiKey } : {}),
        languages,
      };
      const frame = staticFrame(tenantAnswer.name);
      const views = await renderFirstView(
        firstView,
        routeKey ? request.path : undefined,
        tenantAnswer,
        language,
        db,
        tenant,
      );
      const shown = (['visitor', 'session'] as const).filter((name) => views[name] !== null);
      const preloads = plan
        ? preloadsFor(plan.manifest, routeKey, language, shown.length > 0)
        : { modules: [], styles: [], languageModules: 0 };
      const shellHtml = injectFirstView(
        injectConfig(indexHtml, config),
        {
          tenant: tenantAnswer,
          images,
          ...(shown.length > 0 && views.documents ? { documents: views.documents } : {}),
        },
        preloads,
        shown.length > 0,
      );
      const html =
        shown.length === 0
          ? injectFrame(shellHtml, frame)
          : injectFrame(
              injectFirstViewScript(shellHtml, language, DEFAULT_THEME, shown),
              firstViewMarkup(frame, views),
            );
      const shell = compressShell(html);
      shells.set(variant, { stamp, expiresAt: Date.now() + ttlMs, shell });
      return shell;
    },
    size() {
      return shells.size;
    },
  };
}
