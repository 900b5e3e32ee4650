// The only module that reads import.meta.env: every setting is parsed once, here, with zod.
import './zod-jitless.ts';
import { HOST_PREFIXES } from '@gridfront/contracts';
import { z } from 'zod';

const hostBase = z
  .string()
  .trim()
  .regex(/^(\/[\w.-]+)+\/?$|^https?:\/\/\S+$/, { error: 'must be a path like /api or an absolute URL' })
  .transform((value) => value.replace(/\/+$/, ''));

const portalEnv = z.object({
  VITE_API_CLIENT_ID: z.string().trim().min(1).default('gridfront-demo-portal'),
  VITE_API_CLIENT_SECRET: z.string().trim().min(1).default('demo-portal-public-credential'),
  VITE_API_BASE: hostBase.default(HOST_PREFIXES.api),
  VITE_ML_BASE: hostBase.default(HOST_PREFIXES.ml),
  VITE_PAY_BASE: hostBase.default(HOST_PREFIXES.pay),
});

export interface PortalConfig {
  /** The spec's fixed public Basic client credential: names the tenant's app, grants nothing alone. */
  clientId: string;
  clientSecret: string;
  apiBase: string;
  mlBase: string;
  payBase: string;
}

/** Parses the environment; throws naming every bad key so a misbuilt bundle fails at start. */
export function parsePortalConfig(env: Record<string, unknown>): PortalConfig {
  const parsed = portalEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid portal configuration: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  return {
    clientId: values.VITE_API_CLIENT_ID,
    clientSecret: values.VITE_API_CLIENT_SECRET,
    apiBase: values.VITE_API_BASE,
    mlBase: values.VITE_ML_BASE,
    payBase: values.VITE_PAY_BASE,
  };
}

export const config: PortalConfig = parsePortalConfig(import.meta.env);
