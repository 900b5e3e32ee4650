// Queue items and staff users written straight into the database for the staff tests (the service
// request flow that creates todos belongs to another feature).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contactMessages, todos, users } from '../../db/schema/index.ts';

let serial = 0;
const unique = () => `${Date.now().toString(36)}${(++serial).toString(36)}`.toUpperCase();

export async function makeStaff(db: Database, userId: string, role: 'agent' | 'admin') {
  await db.update(users).set({ role }).where(eq(users.id, userId));
}

export interface TodoOptions {
  requestType?: string;
  name?: string;
  email?: string;
  status?: 'submitted' | 'in_progress' | 'completed' | 'cancelled';
  createdAt?: Date;
  userId?: string | null;
  accountId?: string | null;
  language?: string;
}

export async function insertTodo(db: Database, tenantId: string, options: TodoOptions = {}) {
  const reference = `SR-${unique()}`;
  const [row] = await db
    .insert(todos)
    .values({
      tenantId,
      referenceNumber: reference,
      idempotencyKey: randomUUID(),
      userId: options.userId ?? null,
      accountId: options.accountId ?? null,
      requestType: options.requestType ?? 'start',
      status: options.status ?? 'submitted',
      accountHolderName: options.name ?? 'Robin Mover',
      email: options.email ?? `mover-${unique().toLowerCase()}@example.test`,
      effectiveDate: '2030-01-15',
      serviceAddress: '12 Oak Ave, Springfield',
      propertyType: 'Residential',
      serviceDescription: 'Moving in',
      agreementAccepted: true,
      details: options.language ? { language: options.language } : {},
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('todo not inserted');
  return row;
}

export interface ContactOptions {
  name?: string;
  email?: string;
  subject?: string;
  language?: string;
  createdAt?: Date;
  userId?: string | null;
}

export async function insertContact(db: Database, tenantId: string, options: ContactOptions = {}) {
  const [row] = await db
    .insert(contactMessages)
    .values({
      tenantId,
      referenceNumber: `MSG-${unique()}`,
      userId: options.userId ?? null,
      fullName: options.name ?? 'Casey Writer',
      email: options.email ?? `writer-${unique().toLowerCase()}@example.test`,
      subject: options.subject ?? 'Billing question',
      message: 'Why is my bill higher?',
      language: options.language ?? 'en',
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('contact message not inserted');
  return row;
}
