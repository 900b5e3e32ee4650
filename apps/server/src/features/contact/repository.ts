// Rows of contact_messages, and the reference number customers quote (derived from the row id).
import type { ContactKind } from '@gridfront/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { contactMessages, users } from '../../db/schema/index.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type NewContactMessage = typeof contactMessages.$inferInsert;

/** "MSG-1A2B3C4D" or "APT-1A2B3C4D": short enough to read out on the phone, found by id prefix. */
export function referenceNumberOf(row: Pick<ContactMessageRow, 'id' | 'kind'>): string {
  const prefix = row.kind === 'appointment' ? 'APT' : 'MSG';
  return `${prefix}-${row.id.replaceAll('-', '').slice(0, 8).toUpperCase()}`;
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
