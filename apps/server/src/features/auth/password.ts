// Password hashing: argon2id with the library's defaults (19 MiB, 2 passes, OWASP's baseline).
// Everything that stores a password (sign-up, change, seed) should hash through here.
import { hash, verify } from '@node-rs/argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed check, not a server fault the caller could learn from.
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/**
 * Spends the time of a real check when the user does not exist, so that the answer time does not
 * tell whether a username is taken.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hash(`decoy-${Math.random()}`);
  await verifyPassword(await decoyHash, password);
  return false;
}
