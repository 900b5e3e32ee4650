// Limits that hold across instances: fixed-window counters in PostgreSQL (rate_limit_counters),
// one upsert per counted call. Buckets name the rule and what is limited (an address, a username).
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Database } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema/index.ts';
import { HttpError } from '../plugins/errors.ts';

export interface RateLimitRule {
  /** Names the rule in the bucket key, e.g. 'signup-ip'. */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitCheck {
  rule: RateLimitRule;
  /** What is limited: an address, a lower-cased username, an account number. */
  subject: string;
}

export interface RateLimitState {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

function windowOf(rule: RateLimitRule, now = Date.now()) {
  const windowMs = rule.windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  return {
    start: new Date(start),
    end: new Date(start + windowMs),
    retryAfterSeconds: Math.ceil((start + windowMs - now) / 1000),
  };
}

/** The counter row's key: tenant, rule and subject (trimmed, lower-cased). */
export function rateLimitBucket(tenantId: string, ruleName: string, subject: string): string {
  return `${tenantId}:${ruleName}:${subject.trim().toLowerCase()}`;
}

function bucketOf(tenantId: string, check: RateLimitCheck): string {
  return rateLimitBucket(tenantId, check.rule.name, check.subject);
}

/** Counts one call and says whether it is still within the limit. */
export async function hitRateLimit(
  db: Database,
  tenantId: string,
  check: RateLimitCheck,
): Promise<RateLimitState> {
  const window = windowOf(check.rule);
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ bucket: bucketOf(tenantId, check), windowStart: window.start, hits: 1, expiresAt: window.end })
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
      set: { hits: sql`${rateLimitCounters.hits} + 1` },
    })
    .returning({ hits: rateLimitCounters.hits });
  const hits = row?.hits ?? 1;
  // Expired windows are swept in bounded batches by the retention purge (features/retention).
  return { allowed: hits <= check.rule.limit, hits, retryAfterSeconds: window.retryAfterSeconds };
}

/** Reads a counter without counting (for failure counters checked before an attempt). */
export async function peekRateLimit(
  db: Database,
  tenantId: string,
  check: RateLimitCheck,
): Promise<RateLimitState> {
  const window = windowOf(check.rule);
  const [row] = await db
    .select({ hits: rateLimitCounters.hits })
    .from(rateLimitCounters)
    .where(
      and(
        eq(rateLimitCounters.bucket, bucketOf(tenantId, check)),
        eq(rateLimitCounters.windowStart, window.start),
      ),
    )
    .limit(1);
  const hits = row?.hits ?? 0;
  return { allowed: hits < check.rule.limit, hits, retryAfterSeconds: window.retryAfterSeconds };
}

export function retryMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** Throws a 429 with Retry-After when a counter is over its limit. */
export function refuse(
  reply: FastifyReply | undefined,
  retryAfterSeconds: number,
  message = retryMessage(retryAfterSeconds),
): never {
  reply?.header('retry-after', String(Math.max(1, retryAfterSeconds)));
  throw new HttpError(429, message);
}

/** Counts the call against every check; refuses with the longest wait when any is exceeded. */
export async function enforceRateLimits(
  db: Database,
  tenantId: string,
  checks: RateLimitCheck[],
  reply?: FastifyReply,
): Promise<void> {
  let wait = 0;
  for (const check of checks) {
    const state = await hitRateLimit(db, tenantId, check);
    if (!state.allowed) wait = Math.max(wait, state.retryAfterSeconds);
  }
  if (wait > 0) refuse(reply, wait);
}

/** The limits of the account calls (per address and per username or target). */
export const RATE_LIMITS = {
  signupIp: { name: 'signup-ip', limit: 10, windowSeconds: 3600 },
  codeVerifyIp: { name: 'code-verify-ip', limit: 30, windowSeconds: 900 },
  codeVerifyUser: { name: 'code-verify-user', limit: 15, windowSeconds: 900 },
  codeSendIp: { name: 'code-send-ip', limit: 20, windowSeconds: 900 },
  codeSendUser: { name: 'code-send-user', limit: 5, windowSeconds: 900 },
  recoveryIp: { name: 'recovery-ip', limit: 10, windowSeconds: 900 },
  recoveryTarget: { name: 'recovery-target', limit: 5, windowSeconds: 3600 },
  loginIp: { name: 'login-ip', limit: 100, windowSeconds: 900 },
  loginUser: { name: 'login-user', limit: 30, windowSeconds: 900 },
  accountVerifyIp: { name: 'account-verify-ip', limit: 30, windowSeconds: 900 },
  /** Wrong PINs per account number and per address before verification locks. */
  pinFailuresAccount: { name: 'pin-fail-account', limit: 5, windowSeconds: 3600 },
  pinFailuresIp: { name: 'pin-fail-ip', limit: 10, windowSeconds: 3600 },
  settingsUser: { name: 'settings-user', limit: 20, windowSeconds: 900 },
  /** Payment submissions per address (each page also stops after a few declines). */
  paymentSubmitIp: { name: 'payment-submit-ip', limit: 30, windowSeconds: 900 },
} as const satisfies Record<string, RateLimitRule>;
