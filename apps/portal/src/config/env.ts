// The only module that reads import.meta.env: every setting is parsed once, here. Plain checks,
// not zod: this runs on every page's first load, and zod loads only with the forms (issue 7).
import { HOST_PREFIXES } from '@gridfront/contracts/api-basics';

export interface PortalConfig {
  /** The spec's fixed public Basic client credential: names the tenant's app, grants nothing alone. */
  clientId: string;
  clientSecret: string;
  apiBase: string;
  mlBase: string;
  payBase: string;
  /** AI Assist's public widget api key (the spec's global configuration key). */
  assistantApiKey: string;
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
  };
}

export const config: PortalConfig = parsePortalConfig(import.meta.env);
