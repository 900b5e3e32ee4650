// The server's whole environment, parsed once. Nothing else reads process.env: a bad value stops the
// start with one message that names every bad key, instead of failing later in some request.
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { type TrustProxy, trustProxySetting } from './trust-proxy.ts';

export const HOST_NAMES = ['api', 'ml', 'pay'] as const;
export type EnabledHost = (typeof HOST_NAMES)[number];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Tests and local runs use this; production must bring its own (checked below). */
const JWT_SECRET_MIN_LENGTH = 32;

const hostList = z.string().transform((text, ctx) => {
  const names = [
    ...new Set(
      text
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  const unknown = names.filter((name) => !(HOST_NAMES as readonly string[]).includes(name));
  if (names.length === 0 || unknown.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `expected a comma-separated list of ${HOST_NAMES.join(', ')}${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}`,
    });
    return z.NEVER;
  }
  return names as EnabledHost[];
});

/** Days are at least one: a purge must never catch what is still in use. */
const retentionDays = (fallback: number) => z.coerce.number().int().min(1).max(36_500).default(fallback);

/**
 * Whether an empty database gets the demo utility (and its published demo login). Asked for
 * explicitly it is honoured everywhere; left unset it is on for development and tests only, so a
 * production deployment never holds a login whose password is in the README.
 */
export function decideSeedOnEmpty(nodeEnv: ParsedEnv['NODE_ENV'], explicit: boolean | undefined): boolean {
  return explicit ?? nodeEnv !== 'production';
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'expected a postgres:// or postgresql:// URL' })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  HOSTS: hostList.default([...HOST_NAMES]),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).optional(),
  JWT_SECRET: z
    .string()
    .min(JWT_SECRET_MIN_LENGTH, { error: `must be at least ${JWT_SECRET_MIN_LENGTH} characters` })
    .optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  PORTAL_DIST: z.string().min(1).default('apps/portal/dist'),
  SEED_ON_EMPTY: z.stringbool().optional(),
  SEED_ACCOUNTS: z.coerce.number().int().min(0).max(1_000_000).default(200),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'expected an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Gridfront <no-reply@gridfront.local>'),
  /** Behind a load balancer the client address comes from X-Forwarded-For (rate limits, audit). */
  TRUST_PROXY: trustProxySetting.default(false),
  /** How long rows that are only history are kept; see features/retention. */
  RETENTION_OUTBOX_DAYS: retentionDays(30),
  RETENTION_AUDIT_DAYS: retentionDays(365),
  RETENTION_TOKENS_DAYS: retentionDays(30),
  /** AI Assist conversations (masked messages and feedback), counted from their last message. */
  RETENTION_ASSISTANT_DAYS: retentionDays(90),
  /**
   * Signs ALTCHA challenges. Unset, a key is derived from the JWT secret, which is itself shared by
   * every instance wherever several run (production, DATABASE_URL), so challenges verify anywhere.
   */
  ALTCHA_HMAC_KEY: z
    .string()
    .min(JWT_SECRET_MIN_LENGTH, { error: `must be at least ${JWT_SECRET_MIN_LENGTH} characters` })
    .optional(),
  /** PBKDF2 iterations per ALTCHA attempt, and the upper bound of the secret counter (work ≈ cost × counter / 2). */
  ALTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(5_000),
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(2).max(10_000_000).default(10_000),
  /** The global per-address request limit of the API hosts; 0 turns it off (benchmarks). */
  RATE_LIMIT_MAX: z.coerce.number().int().min(0).max(1_000_000).default(600),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** How often each instance runs the AutoPay job (notices, due withdrawals); 0 turns it off. */
  AUTOPAY_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** How often each instance runs the demo's bill run (meter catch-up, due bills); 0 turns it off. */
  BILL_RUN_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3600),
  /** How often each instance looks for due-date reminders and past-due notices; 0 turns it off. */
  NOTIFICATIONS_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** AI Assist's model: an OpenAI-compatible server (base URL) and model name; unset: the embedded answerer. */
  ASSISTANT_LLM_URL: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).optional(),
  ASSISTANT_MODEL: z.string().min(1).max(200).optional(),
  /** Sent as a Bearer token to the model server (hosted APIs); local servers need none. */
  ASSISTANT_LLM_API_KEY: z.string().min(1).optional(),
});

type ParsedEnv = z.output<typeof envSchema>;

export interface AppConfig {
  nodeEnv: ParsedEnv['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  hosts: EnabledHost[];
  publicUrl: string;
  /** Unset only on the embedded database; see resolveJwtSecret in plugins/auth.ts. */
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  logLevel: LogLevel;
  portalDist: string;
  seedOnEmpty: boolean;
  seedAccounts: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  trustProxy: TrustProxy;
  retention: RetentionDays;
  /** Unset: derived from the JWT secret (see features/auth/altcha.ts). */
  altchaHmacKey: string | undefined;
  altchaCost: number;
  altchaMaxNumber: number;
  /** Requests per address and window on the API hosts; `max: 0` means no global limit. */
  rateLimit: { max: number; windowSeconds: number };
  /** Seconds between AutoPay runs of this instance; 0: this instance runs none. */
  autopayIntervalSeconds: number;
  /** Seconds between bill runs of this instance (generated tenants only); 0: this instance runs none. */
  billRunIntervalSeconds: number;
  /** Seconds between notice scheduler runs of this instance; 0: this instance runs none. */
  notificationsIntervalSeconds: number;
  /** AI Assist's OpenAI-compatible model; null: the embedded answerer. */
  assistantLlm: { url: string; model: string; apiKey: string | undefined } | null;
}

/** Days kept after a row stops being useful (sent, expired, used, revoked); see features/retention. */
export interface RetentionDays {
  /** Sent or failed outbox rows (their bodies are erased long before). */
  outbox: number;
  audit: number;
  /** Refresh tokens and one-time codes after they expired, were used or revoked. */
  tokens: number;
  /** AI Assist conversations after their last message (default 90). */
  assistant?: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: { key: string; message: string }[]) {
    super(
      `Invalid environment: ${problems.length} bad variable(s)\n${problems.map((p) => `  ${p.key}: ${p.message}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

export type EnvSource = Record<string, string | undefined>;

/**
 * Parses the environment (plus overrides such as the --hosts flag) into the typed config.
 * Throws ConfigError listing every bad key.
 */
export function loadConfig(env: EnvSource = process.env, overrides: EnvSource = {}): AppConfig {
  const raw: EnvSource = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = overrides[key] ?? env[key];
    // An empty line in a .env file means "unset", not "the empty string".
    if (value !== undefined && value.trim() !== '') raw[key] = value.trim();
  }

  const problems: { key: string; message: string }[] = [];
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    for (const issue of result.error.issues) {
      problems.push({ key: String(issue.path[0] ?? 'environment'), message: issue.message });
    }
  }

  const nodeEnv = result.success ? result.data.NODE_ENV : raw.NODE_ENV;
  // Tokens signed by one instance must verify on every other one, so a shared secret is required
  // wherever several processes can serve the same users: production, and any PostgreSQL database.
  // Only the embedded database (one process by construction) may fall back to a generated secret.
  if (!raw.JWT_SECRET && !problems.some((p) => p.key === 'JWT_SECRET')) {
    if (nodeEnv === 'production') {
      problems.push({ key: 'JWT_SECRET', message: 'is required in production' });
    } else if (raw.DATABASE_URL) {
      problems.push({
        key: 'JWT_SECRET',
        message: 'is required with DATABASE_URL (every instance must sign with the same secret)',
      });
    }
  }

  // Without SMTP nothing reaches the customer: the mail would only sit in the outbox, codes and all,
  // behind a development mailbox that production does not have.
  if (nodeEnv === 'production' && !raw.SMTP_URL) {
    problems.push({
      key: 'SMTP_URL',
      message:
        'is required in production: without an SMTP server no e-mail (sign-up, sign-in and reset codes) reaches customers',
    });
  }

  // The model path needs both: a URL without a model (or the reverse) is a half-done setting.
  if (!raw.ASSISTANT_LLM_URL !== !raw.ASSISTANT_MODEL) {
    problems.push({
      key: raw.ASSISTANT_LLM_URL ? 'ASSISTANT_MODEL' : 'ASSISTANT_LLM_URL',
      message:
        'ASSISTANT_LLM_URL and ASSISTANT_MODEL are set together (or neither, for the embedded answerer)',
    });
  }

  if (problems.length > 0 || !result.success) throw new ConfigError(problems);
  const parsed = result.data;
  return {
    nodeEnv: parsed.NODE_ENV,
    isProduction: parsed.NODE_ENV === 'production',
    port: parsed.PORT,
    host: parsed.HOST,
    databaseUrl: parsed.DATABASE_URL,
    dataDir: parsed.DATA_DIR,
    hosts: parsed.HOSTS,
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, ''),
    jwtSecret: parsed.JWT_SECRET,
    accessTokenTtlSeconds: parsed.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: parsed.REFRESH_TOKEN_TTL_DAYS,
    logLevel: parsed.LOG_LEVEL ?? (parsed.NODE_ENV === 'test' ? 'silent' : 'info'),
    portalDist: parsed.PORTAL_DIST,
    seedOnEmpty: decideSeedOnEmpty(parsed.NODE_ENV, parsed.SEED_ON_EMPTY),
    seedAccounts: parsed.SEED_ACCOUNTS,
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    trustProxy: parsed.TRUST_PROXY,
    retention: {
      outbox: parsed.RETENTION_OUTBOX_DAYS,
      audit: parsed.RETENTION_AUDIT_DAYS,
      tokens: parsed.RETENTION_TOKENS_DAYS,
      assistant: parsed.RETENTION_ASSISTANT_DAYS,
    },
    altchaHmacKey: parsed.ALTCHA_HMAC_KEY,
    altchaCost: parsed.ALTCHA_COST,
    altchaMaxNumber: parsed.ALTCHA_MAX_NUMBER,
    rateLimit: { max: parsed.RATE_LIMIT_MAX, windowSeconds: parsed.RATE_LIMIT_WINDOW_SECONDS },
    autopayIntervalSeconds: parsed.AUTOPAY_INTERVAL_SECONDS,
    billRunIntervalSeconds: parsed.BILL_RUN_INTERVAL_SECONDS,
    notificationsIntervalSeconds: parsed.NOTIFICATIONS_INTERVAL_SECONDS,
    assistantLlm:
      parsed.ASSISTANT_LLM_URL && parsed.ASSISTANT_MODEL
        ? {
            url: parsed.ASSISTANT_LLM_URL,
            model: parsed.ASSISTANT_MODEL,
            apiKey: parsed.ASSISTANT_LLM_API_KEY,
          }
        : null,
  };
}

/** Loads ./.env into process.env when present (values already set win), before loadConfig. */
export function loadDotEnvFile(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
