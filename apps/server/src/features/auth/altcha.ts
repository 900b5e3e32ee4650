// The human check (ALTCHA v2, self-hosted proof of work) where the spec says reCAPTCHA. The portal's
// widget fetches GET /api/auth/altcha, solves it, and its payload (base64 JSON of challenge and
// solution) travels in the form's `captcha` field. A payload is accepted once: redeemed challenge
// ids are kept in used_captchas until they expire, so a replay fails on every instance.
import { createHmac } from 'node:crypto';
import { messages } from '@gridfront/contracts';
import { type Challenge, createChallenge, type Payload, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { usedCaptchas } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/errors.ts';

export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';
export const ALTCHA_TTL_SECONDS = 600;
export const captchaFailedMessage =
  'The human verification failed or expired. Please complete the reCAPTCHA verification again';

export interface AltchaOptions {
  hmacKey: string;
  cost: number;
  maxNumber: number;
}

export interface HumanCheck {
  challenge(): Promise<Challenge>;
  /** Throws 400 unless the payload is a fresh, correctly solved challenge of this server. */
  verify(db: Database, payload: string | undefined): Promise<void>;
}

function parsePayload(text: string): Payload | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
    if (!value || typeof value !== 'object' || !('challenge' in value) || !('solution' in value)) return null;
    return value as Payload;
  } catch {
    return null;
  }
}

export function createHumanCheck(options: AltchaOptions): HumanCheck {
  const hmacSignatureSecret = options.hmacKey;
  const hmacKeySignatureSecret = createHmac('sha256', options.hmacKey)
    .update('altcha-key-signature')
    .digest('hex');
  return {
    challenge: () =>
      createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: options.cost,
        counter: randomInt(Math.floor(options.maxNumber / 2), options.maxNumber),
        deriveKey,
        expiresAt: Math.floor(Date.now() / 1000) + ALTCHA_TTL_SECONDS,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }),
    async verify(db, text) {
      if (!text) throw new HttpError(400, messages.captchaRequired);
      const payload = parsePayload(text);
      // Only our own signed challenges; no other payload kind is accepted.
      if (!payload?.challenge?.parameters || typeof payload.challenge.signature !== 'string') {
        throw new HttpError(400, captchaFailedMessage);
      }
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }).catch(() => null);
      // Every issued challenge carries an expiry; one without it was not issued here.
      const expiresAt = payload.challenge.parameters.expiresAt;
      if (!result?.verified || typeof expiresAt !== 'number') throw new HttpError(400, captchaFailedMessage);

      await db.delete(usedCaptchas).where(lt(usedCaptchas.expiresAt, sql`now()`));
      const [fresh] = await db
        .insert(usedCaptchas)
        .values({ challengeId: payload.challenge.parameters.nonce, expiresAt: new Date(expiresAt * 1000) })
        .onConflictDoNothing()
        .returning({ id: usedCaptchas.challengeId });
      if (!fresh) throw new HttpError(400, captchaFailedMessage);
    },
  };
}
