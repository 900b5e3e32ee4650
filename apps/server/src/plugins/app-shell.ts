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
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { offeredLanguages } from '@gridfront/contracts/admin-languages';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { assistantSettings } from '../db/schema/index.ts';
import type { Tenant } from './tenant.ts';

export const CONFIG_META_NAME = 'gridfront-config';

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

interface CachedShell {
  stamp: string;
  expiresAt: number;
  shell: AppShell;
}

export interface AppShellCache {
  forTenant(tenant: Tenant): Promise<AppShell>;
  /** How many utilities' shells are held: at most one per utility, never one per Host sent. */
  size(): number;
}

export function createAppShellCache(db: Database, indexHtml: string, ttlMs = SHELL_TTL_MS): AppShellCache {
  const shells = new Map<string, CachedShell>();
  return {
    async forTenant(tenant) {
      const stamp = `${tenant.updatedAt.getTime()}|${tenant.appClientId}|${tenant.appClientSecret}`;
      const cached = shells.get(tenant.id);
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
        languages: offeredLanguages(tenant.languages),
      };
      const shell = compressShell(injectConfig(indexHtml, config));
      shells.set(tenant.id, { stamp, expiresAt: Date.now() + ttlMs, shell });
      return shell;
    },
    size() {
      return shells.size;
    },
  };
}
