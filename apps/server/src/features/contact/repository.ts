// Rows of contact_messages, and the reference number customers quote: random, stored, unique per
// tenant (a prefix of the row id was short but could repeat).

import { randomBytes } from 'node:crypto';
import type { ContactKind } from '@gridfront/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { contactMessages, users } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type NewContactMessage = typeof contactMessages.$inferInsert;

/** No 0/O/1/I, so a reference read out on the phone is not misheard; 32 symbols = 5 bits each. */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const REFERENCE_LENGTH = 8;
/** 40 random bits per tenant: a clash is rare, several in a row are practically impossible. */
export const REFERENCE_ATTEMPTS = 5;
const REFERENCE_INDEX = 'contact_messages_tenant_reference';

/** "MSG-7KQ4ZD9M" or "APT-…": short enough to read out, from the CSPRNG. */
export function newReferenceNumber(kind: ContactKind): string {
  const prefix = kind === 'appointment' ? 'APT' : 'MSG';
  // 256 is a multiple of 32, so taking the low five bits of each byte has no bias.
  const code = [...randomBytes(REFERENCE_LENGTH)].map((byte) => REFERENCE_ALPHABET.charAt(byte & 31));
  return `${prefix}-${code.join('')}`;
}

/** A unique violation of the reference index, as thrown by either driver through Drizzle. */
export function isReferenceClash(error: unknown): boolean {
  return isUniqueViolation(error, REFERENCE_INDEX);
}

/**
 * Runs `write` (one whole transaction) with a fresh reference number, again with another one when
 * the reference is already taken in the tenant; a clash aborts a PostgreSQL transaction, so the
 * retry is a new transaction rather than a savepoint.
 */
export async function withUniqueReference<T>(
  kind: ContactKind,
  write: (referenceNumber: string) => Promise<T>,
  next: (kind: ContactKind) => string = newReferenceNumber,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write(next(kind));
    } catch (error) {
      if (attempt >= REFERENCE_ATTEMPTS || !isReferenceClash(error)) throw error;
    }
  }
}

export async function findByIdempotencyKey(
  db: Database,
  tenantId: string,
  idempotencyKey: string,
): Promise<ContactMessageRow | null> {
  const [row] = await db
    .select()
    .from(contactMessages)
    .where(and(eq(contactMessages.tenantId, tenantId), eq(contactMessages.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ?? null;
}

/**
 * Inserts the message; null when a concurrent request with the same idempotency key got there
 * first (the insert waits for that transaction and then yields to it).
 */
export async function insertContactMessage(
  tx: Transaction,
  values: NewContactMessage & { kind: ContactKind },
): Promise<ContactMessageRow | null> {
  const [row] = await tx
    .insert(contactMessages)
    .values(values)
    .onConflictDoNothing({ target: [contactMessages.tenantId, contactMessages.idempotencyKey] })
    .returning();
  return row ?? null;
}

/** The username of a signed-in sender, or null when the token names no user of this tenant. */
export async function findSenderUsername(
  db: Database,
  tenantId: string,
  userId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return row?.username ?? null;
}
