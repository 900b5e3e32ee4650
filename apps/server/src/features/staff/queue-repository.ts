// Reads of the staff queue: service requests (todos) and contact messages of one tenant as one list,
// filtered and paged in one statement, and one item with its comments and history.
import {
  CLOSED_STATUSES,
  type StaffItemKind,
  type StaffQueueItem,
  type StaffStatus,
} from '@gridfront/contracts/staff';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { contactMessages, requestComments, requestHistory, todos, users } from '../../db/schema/index.ts';

export interface QueueFilter {
  tenantId: string;
  timeZone: string;
  viewerId: string;
  kind?: StaffItemKind | undefined;
  status: string;
  assignee?: string | undefined;
  requestType?: string | undefined;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  pageLimit: number;
  pageOffset: number;
}

interface QueueRow {
  kind: StaffItemKind;
  id: string;
  reference_number: string;
  name: string;
  email: string;
  subject: string;
  request_type: string | null;
  status: StaffStatus;
  assignee_id: string | null;
  assignee_name: string | null;
  version: number | string;
  created_at: Date | string;
  total_count: number | string;
}

/** A LIKE pattern that matches the text anywhere, with the user's % and _ taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const closedList = sql.join(
  CLOSED_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

function conditions(filter: QueueFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.kind) where.push(sql`i.kind = ${filter.kind}`);
  if (filter.status === 'open') where.push(sql`i.status not in (${closedList})`);
  else if (filter.status === 'closed') where.push(sql`i.status in (${closedList})`);
  else if (filter.status !== 'all') where.push(sql`i.status = ${filter.status}`);
  if (filter.assignee === 'me') where.push(sql`i.assignee_id = ${filter.viewerId}::uuid`);
  else if (filter.assignee === 'none') where.push(sql`i.assignee_id is null`);
  else if (filter.assignee) where.push(sql`i.assignee_id = ${filter.assignee}::uuid`);
  if (filter.requestType) where.push(sql`lower(i.request_type) = lower(${filter.requestType})`);
  if (filter.q) {
    const pattern = containing(filter.q);
    where.push(
      sql`(i.reference_number ilike ${pattern} or i.name ilike ${pattern} or i.email ilike ${pattern})`,
    );
  }
  const localDate = sql`(i.created_at at time zone ${filter.timeZone})::date`;
  if (filter.from) where.push(sql`${localDate} >= ${filter.from}::date`);
  if (filter.to) where.push(sql`${localDate} <= ${filter.to}::date`);
  return where;
}

export function isoOf(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export async function listQueue(
  db: Database,
  filter: QueueFilter,
): Promise<{ totalCount: number; items: StaffQueueItem[] }> {
  const where = conditions(filter);
  const result: unknown = await db.execute(sql`
    with i as (
      select 'service_request'::text as kind, t.id, t.reference_number, t.account_holder_name as name,
             t.email, t.request_type as subject, t.request_type, t.status::text as status,
             t.assignee_id, t.version, t.created_at
      from ${todos} t where t.tenant_id = ${filter.tenantId}::uuid
      union all
      select 'contact_message'::text, c.id, c.reference_number, c.full_name, c.email, c.subject, null,
             c.status::text, c.assignee_id, c.version, c.created_at
      from ${contactMessages} c where c.tenant_id = ${filter.tenantId}::uuid
    )
    select i.*, u.full_name as assignee_name, count(*) over () as total_count
    from i left join ${users} u on u.id = i.assignee_id
    ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    order by i.created_at desc, i.id desc
    limit ${filter.pageLimit} offset ${filter.pageOffset}
  `);
  // node-postgres and PGlite both answer { rows }.
  const rows = (result as { rows: QueueRow[] }).rows;
  let totalCount = rows[0] ? Number(rows[0].total_count) : 0;
  if (rows.length === 0 && filter.pageOffset > 0) {
    const counted: unknown = await db.execute(sql`
      with i as (
        select 'service_request'::text as kind, t.reference_number, t.account_holder_name as name, t.email,
               t.request_type, t.status::text as status, t.assignee_id, t.created_at
        from ${todos} t where t.tenant_id = ${filter.tenantId}::uuid
        union all
        select 'contact_message'::text, c.reference_number, c.full_name, c.email, null, c.status::text,
               c.assignee_id, c.created_at
        from ${contactMessages} c where c.tenant_id = ${filter.tenantId}::uuid
      )
      select count(*) as total_count from i
      ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    `);
    totalCount = Number((counted as { rows: { total_count: string | number }[] }).rows[0]?.total_count ?? 0);
  }
  return {
    totalCount,
    items: rows.map((row) => ({
      kind: row.kind,
      id: row.id,
      referenceNumber: row.reference_number,
      name: row.name,
      email: row.email,
      subject: row.subject,
      requestType: row.request_type,
      status: row.status,
      assignee: row.assignee_id ? { userId: row.assignee_id, fullName: row.assignee_name ?? '' } : null,
      version: Number(row.version),
      createdAt: isoOf(row.created_at),
    })),
  };
}

export type TodoRow = typeof todos.$inferSelect;
export type ContactRow = typeof contactMessages.$inferSelect;
export type ItemRow =
  | { kind: 'service_request'; row: TodoRow }
  | { kind: 'contact_message'; row: ContactRow };

/** One item of the tenant; `lock` takes its row lock for a change (inside a transaction). */
export async function findItem(
  db: Database | Transaction,
  tenantId: string,
  kind: StaffItemKind,
  id: string,
  lock = false,
): Promise<ItemRow | null> {
  if (kind === 'service_request') {
    const query = db
      .select()
      .from(todos)
      .where(and(eq(todos.tenantId, tenantId), eq(todos.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ? { kind, row } : null;
  }
  const query = db
    .select()
    .from(contactMessages)
    .where(and(eq(contactMessages.tenantId, tenantId), eq(contactMessages.id, id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ? { kind, row } : null;
}

/** The column of request_comments / request_history that points at an item of this kind. */
export function itemColumns(kind: StaffItemKind, id: string) {
  return kind === 'service_request'
    ? { todoId: id, contactMessageId: null }
    : { todoId: null, contactMessageId: id };
}

export async function commentsOf(db: Database, kind: StaffItemKind, id: string) {
  const column = kind === 'service_request' ? requestComments.todoId : requestComments.contactMessageId;
  return db
    .select({
      id: requestComments.id,
      author: users.fullName,
      body: requestComments.body,
      createdAt: requestComments.createdAt,
    })
    .from(requestComments)
    .leftJoin(users, eq(users.id, requestComments.authorId))
    .where(eq(column, id))
    .orderBy(asc(requestComments.createdAt), asc(requestComments.id));
}

export async function historyOf(db: Database, kind: StaffItemKind, id: string) {
  const column = kind === 'service_request' ? requestHistory.todoId : requestHistory.contactMessageId;
  return db
    .select({
      action: requestHistory.action,
      fromValue: requestHistory.fromValue,
      toValue: requestHistory.toValue,
      actor: users.fullName,
      createdAt: requestHistory.createdAt,
    })
    .from(requestHistory)
    .leftJoin(users, eq(users.id, requestHistory.actorId))
    .where(eq(column, id))
    .orderBy(asc(requestHistory.createdAt), asc(requestHistory.id));
}

/** Names of users by id (for assignment history). */
export async function namesOf(db: Database, tenantId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
  return new Map(rows.map((row) => [row.id, row.fullName]));
}
