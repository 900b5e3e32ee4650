// Rows of todos (the service requests), the utility's service territory and the customer's known
// premises. Every query carries the tenant; a customer's reads start from their own user id.
import { randomBytes } from 'node:crypto';
import type { PropertyType, UtilityType } from '@gridfront/contracts';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { premises, services, todos, userAccounts, users } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { premiseKey } from './premise-key.ts';

export type TodoRow = typeof todos.$inferSelect;
type Reader = Database | Transaction;

/** What the flow keeps in `details` beside the table's columns. */
export interface ServiceRequestDetails {
  premiseKey?: string;
  serviceZip?: string;
  services?: UtilityType[];
  newServiceAddress?: string;
  newServiceZip?: string;
  language?: string;
  [key: string]: unknown;
}

/** Requests staff have not finished: these block another one for the same premise and date. */
export const OPEN_STATUSES = ['submitted', 'in_progress'] as const;

/** No 0/O/1/I, as contact's references: read out on the phone without mishearing. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const REFERENCE_INDEX = 'todos_tenant_reference';
const REFERENCE_ATTEMPTS = 5;

/** "SR-7KQ4ZD9M", from the CSPRNG (256 is a multiple of 32: no bias). */
export function newServiceRequestReference(): string {
  return `SR-${[...randomBytes(8)].map((byte) => REFERENCE_ALPHABET.charAt(byte & 31)).join('')}`;
}

/**
 * The utility's service territory: the ZIP codes of the premises it serves. A start at a ZIP code
 * where it has no premise at all is outside its network.
 */
export async function isServedZip(db: Reader, tenantId: string, zip: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(premises)
    .where(and(eq(premises.tenantId, tenantId), eq(premises.zip, zip.trim())))
    .limit(1);
  return row !== undefined;
}

export interface KnownPremise {
  premiseId: string;
  accountId: string;
  serviceAddress: string;
  zip: string;
  propertyType: PropertyType;
  key: string;
  /** The earliest start of a service there that has not ended, or null. */
  serviceStart: string | null;
}

/** The premises of the accounts linked to a user, with when their running services started. */
export async function userPremises(db: Reader, tenantId: string, userId: string): Promise<KnownPremise[]> {
  const rows = await db
    .select({
      premiseId: premises.id,
      accountId: premises.accountId,
      serviceAddress: premises.serviceAddress,
      zip: premises.zip,
      propertyType: premises.propertyType,
      serviceStart: sql<string | null>`(select min(${services.startDate})::text from ${services}
        where ${services.premiseId} = ${premises.id} and ${services.tenantId} = ${tenantId}
        and ${services.status} <> 'stopped')`,
    })
    .from(premises)
    .innerJoin(
      userAccounts,
      and(eq(userAccounts.accountId, premises.accountId), eq(userAccounts.tenantId, tenantId)),
    )
    .where(and(eq(premises.tenantId, tenantId), eq(userAccounts.userId, userId)))
    .orderBy(userAccounts.linkedAt, premises.serviceAddress);
  return rows.map((row) => ({ ...row, key: premiseKey(row.serviceAddress, row.zip) }));
}

/** The accounts linked to a user, oldest link first. */
export async function userAccountIds(db: Reader, tenantId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ accountId: userAccounts.accountId })
    .from(userAccounts)
    .where(and(eq(userAccounts.tenantId, tenantId), eq(userAccounts.userId, userId)))
    .orderBy(userAccounts.linkedAt);
  return rows.map((row) => row.accountId);
}

/** The name and e-mail of a signed-in user of this tenant, or null. */
export async function findUser(db: Reader, tenantId: string, userId: string) {
  const [row] = await db
    .select({ id: users.id, fullName: users.fullName, email: users.email, username: users.username })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
}

/** Open requests for a premise (by its key), oldest first. */
export async function openRequestsFor(db: Reader, tenantId: string, key: string): Promise<TodoRow[]> {
  return db
    .select()
    .from(todos)
    .where(
      and(
        eq(todos.tenantId, tenantId),
        inArray(todos.status, [...OPEN_STATUSES]),
        sql`${todos.details}->>'premiseKey' = ${key}`,
      ),
    )
    .orderBy(todos.createdAt);
}

/** Serializes the writers of one premise until the transaction ends (both drivers run this). */
export async function lockPremise(tx: Transaction, tenantId: string, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`todo:${tenantId}:${key}`}))`);
}

export async function findByIdempotencyKey(
  db: Reader,
  tenantId: string,
  idempotencyKey: string,
): Promise<TodoRow | null> {
  const [row] = await db
    .select()
    .from(todos)
    .where(and(eq(todos.tenantId, tenantId), eq(todos.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ?? null;
}

export type NewTodo = Omit<typeof todos.$inferInsert, 'referenceNumber'>;

/**
 * Inserts the request with a fresh reference (another one when it clashes, each attempt in a
 * savepoint so the transaction survives); null when a request with the same idempotency key
 * already exists (a concurrent one waits for the first and then yields to it).
 */
export async function insertTodo(tx: Transaction, values: NewTodo): Promise<TodoRow | null> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await tx.transaction(async (savepoint) => {
        const [row] = await savepoint
          .insert(todos)
          .values({ ...values, referenceNumber: newServiceRequestReference() })
          .onConflictDoNothing({ target: [todos.tenantId, todos.idempotencyKey] })
          .returning();
        return row ?? null;
      });
    } catch (error) {
      if (attempt >= REFERENCE_ATTEMPTS || !isUniqueViolation(error, REFERENCE_INDEX)) throw error;
    }
  }
}

/** A customer's requests: filed by them, or about an account linked to them; newest first. */
export async function listForUser(db: Reader, tenantId: string, userId: string): Promise<TodoRow[]> {
  const accounts = db
    .select({ accountId: userAccounts.accountId })
    .from(userAccounts)
    .where(and(eq(userAccounts.tenantId, tenantId), eq(userAccounts.userId, userId)));
  return db
    .select()
    .from(todos)
    .where(
      and(eq(todos.tenantId, tenantId), or(eq(todos.userId, userId), inArray(todos.accountId, accounts))),
    )
    .orderBy(desc(todos.createdAt))
    .limit(100);
}
