// The only module that reads import.meta.env: every setting is parsed once, here. Plain checks,
// not zod: this runs on every page's first load, and zod loads only with the forms (issue 7).
import { HOST_PREFIXES } from '@gridfront/contracts/api-basics';
import { LANGUAGES, type Language } from '@gridfront/contracts/constants';

export interface PortalConfig {
  /** The spec's fixed public Basic client credential: names the tenant's app, grants nothing alone. */
  clientId: string;
  clientSecret: string;
  apiBase: string;
  mlBase: string;
  payBase: string;
  /** AI Assist's public widget api key (the spec's global configuration key). */
  assistantApiKey: string;
  /** The languages the host's utility offers, its default first (every language without a meta). */
  languages: Language[];
}

type Read = { ok: true; value: string } | { ok: false; problem: string };

function readText(raw: unknown, fallback: string): Read {
  if (raw === undefined) return { ok: true, value: fallback };
  if (typeof raw !== 'string') return { ok: false, problem: 'must be text' };
  const value = raw.trim();
  return value ? { ok: true, value } : { ok: false, problem: 'must not be empty' };
}

const HOST_BASE = /^(\/[\w.-]+)+\/?$|^https?:\/\/\S+$/;

function readHostBase(raw: unknown, fallback: string): Read {
  const text = readText(raw, fallback);
  if (!text.ok) return text;
  if (!HOST_BASE.test(text.value))
    return { ok: false, problem: 'must be a path like /api or an absolute URL' };
  return { ok: true, value: text.value.replace(/\/+$/, '') };
}

/** Parses the environment; throws naming every bad key so a misbuilt bundle fails at start. */
export function parsePortalConfig(env: Record<string, unknown>): PortalConfig {
  const reads = {
    VITE_API_CLIENT_ID: readText(env.VITE_API_CLIENT_ID, 'gridfront-demo-portal'),
    VITE_API_CLIENT_SECRET: readText(env.VITE_API_CLIENT_SECRET, 'demo-portal-public-credential'),
    VITE_API_BASE: readHostBase(env.VITE_API_BASE, HOST_PREFIXES.api),
    VITE_ML_BASE: readHostBase(env.VITE_ML_BASE, HOST_PREFIXES.ml),
    VITE_PAY_BASE: readHostBase(env.VITE_PAY_BASE, HOST_PREFIXES.pay),
    VITE_ASSISTANT_API_KEY: readText(env.VITE_ASSISTANT_API_KEY, 'gf-assist-demo-7c1e4b2a9d'),
  };
  const problems = Object.entries(reads).flatMap(([key, read]) =>
    read.ok ? [] : [`${key}: ${read.problem}`],
  );
  const values = Object.fromEntries(
    Object.entries(reads).flatMap(([key, read]) => (read.ok ? [[key, read.value]] : [])),
  ) as Record<keyof typeof reads, string>;
  if (problems.length > 0) throw new Error(`Invalid portal configuration: ${problems.join('; ')}`);
  return {
    clientId: values.VITE_API_CLIENT_ID,
    clientSecret: values.VITE_API_CLIENT_SECRET,
    apiBase: values.VITE_API_BASE,
    mlBase: values.VITE_ML_BASE,
    payBase: values.VITE_PAY_BASE,
    assistantApiKey: values.VITE_ASSISTANT_API_KEY,
    languages: [...LANGUAGES],
  };
}

/** The name of the <meta> the server writes into index.html (apps/server/src/plugins/app-shell.ts). */
export const CONFIG_META_NAME = 'gridfront-config';

type HostConfig = Partial<Pick<PortalConfig, 'clientId' | 'clientSecret' | 'assistantApiKey' | 'languages'>>;

/** Known codes only, each once; none left means none given. */
export function languagesOf(raw: unknown): Language[] {
  if (!Array.isArray(raw)) return [];
  const known = raw.filter((code): code is Language => (LANGUAGES as readonly unknown[]).includes(code));
  return [...new Set(known)];
}

/**
 * The host's utility's public values from the page's <meta name="gridfront-config">: one built
 * portal serves every utility, each on its own host with its own client credential and widget key
 * (issue 14). Only non-empty strings are taken; anything else falls back to the build's values.
 */
export function readHostConfig(doc: Pick<Document, 'querySelector'> | undefined): HostConfig {
  const content = doc?.querySelector(`meta[name="${CONFIG_META_NAME}"]`)?.getAttribute('content');
  if (!content) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object') return {};
  const record = parsed as Record<string, unknown>;
  const text = (key: keyof HostConfig) => {
    const value = record[key];
    return typeof value === 'string' && value.trim() ? { [key]: value.trim() } : {};
  };
  const languages = languagesOf(record.languages);
  return {
    ...text('clientId'),
    ...text('clientSecret'),
    ...text('assistantApiKey'),
    ...(languages.length > 0 ? { languages } : {}),
  };
}

/** The build's settings with the host's utility's public values on top (the meta wins). */
export function portalConfig(
  env: Record<string, unknown>,
  doc: Pick<Document, 'querySelector'> | undefined,
): PortalConfig {
  return { ...parsePortalConfig(env), ...readHostConfig(doc) };
}

export const config: PortalConfig = portalConfig(
  import.meta.env,
  typeof document === 'undefined' ? undefined : document,
);
