// The queue as staff see it: the filtered page, and one item with its comments and history.
import type { StaffItemDetail, StaffItemKind, StaffQueuePage, StaffStatus } from '@gridfront/contracts/staff';
import { staffMessages } from '@gridfront/contracts/staff-messages';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { customerAccounts, userAccounts } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Tenant } from '../../plugins/tenant.ts';
import {
  commentsOf,
  findItem,
  historyOf,
  type ItemRow,
  isoOf,
  listQueue,
  namesOf,
  type QueueFilter,
} from './queue-repository.ts';

export function queuePage(db: Database, filter: QueueFilter): Promise<StaffQueuePage> {
  return listQueue(db, filter).then((page) => ({
    ...page,
    pageLimit: filter.pageLimit,
    pageOffset: filter.pageOffset,
  }));
}

async function accountNumberOf(db: Database, tenantId: string, item: ItemRow): Promise<string | null> {
  if (item.kind === 'service_request' && item.row.accountId) {
    const [row] = await db
      .select({ accountNumber: customerAccounts.accountNumber })
      .from(customerAccounts)
      .where(and(eq(customerAccounts.tenantId, tenantId), eq(customerAccounts.id, item.row.accountId)));
    return row?.accountNumber ?? null;
  }
  if (!item.row.userId) return null;
  const [row] = await db
    .select({ accountNumber: customerAccounts.accountNumber })
    .from(userAccounts)
    .innerJoin(customerAccounts, eq(customerAccounts.id, userAccounts.accountId))
    .where(and(eq(userAccounts.tenantId, tenantId), eq(userAccounts.userId, item.row.userId)))
    .orderBy(asc(customerAccounts.accountNumber))
    .limit(1);
  return row?.accountNumber ?? null;
}

export async function itemDetail(
  db: Database,
  tenant: Tenant,
  kind: StaffItemKind,
  id: string,
): Promise<StaffItemDetail> {
  const item = await findItem(db, tenant.id, kind, id);
  if (!item) throw new HttpError(404, staffMessages.itemNotFound);
  const [comments, history, accountNumber] = await Promise.all([
    commentsOf(db, kind, id),
    historyOf(db, kind, id),
    accountNumberOf(db, tenant.id, item),
  ]);
  const assigneeIds = new Set<string>();
  if (item.row.assigneeId) assigneeIds.add(item.row.assigneeId);
  for (const entry of history) {
    if (entry.action !== 'assignment') continue;
    if (entry.fromValue) assigneeIds.add(entry.fromValue);
    if (entry.toValue) assigneeIds.add(entry.toValue);
  }
  const names = await namesOf(db, tenant.id, [...assigneeIds]);
  const nameOf = (userId: string | null) => (userId ? (names.get(userId) ?? null) : null);
  const assignee = item.row.assigneeId
    ? { userId: item.row.assigneeId, fullName: nameOf(item.row.assigneeId) ?? '' }
    : null;
  const common = {
    kind,
    id,
    referenceNumber: item.row.referenceNumber,
    email: item.row.email,
    phone: item.row.phone,
    status: item.row.status as StaffStatus,
    assignee,
    version: item.row.version,
    createdAt: isoOf(item.row.createdAt),
    accountNumber,
    comments: comments.map((comment) => ({ ...comment, createdAt: isoOf(comment.createdAt) })),
    history: history.map((entry) => ({
      action: entry.action === 'assignment' ? ('assignment' as const) : ('status' as const),
      from: entry.action === 'assignment' ? nameOf(entry.fromValue) : entry.fromValue,
      to: entry.action === 'assignment' ? nameOf(entry.toValue) : entry.toValue,
      actor: entry.actor,
      createdAt: isoOf(entry.createdAt),
    })),
  };
  if (item.kind === 'service_request') {
    const row = item.row;
    const stated = row.details.language;
    return {
      ...common,
      name: row.accountHolderName,
      subject: row.requestType,
      requestType: row.requestType,
      message: row.serviceDescription,
      language: typeof stated === 'string' ? stated : 'en',
      facts: [
        { key: 'effectiveDate', value: row.effectiveDate },
        { key: 'serviceAddress', value: row.serviceAddress },
        { key: 'propertyType', value: row.propertyType },
      ],
    };
  }
  const row = item.row;
  return {
    ...common,
    name: row.fullName,
    subject: row.subject,
    requestType: null,
    message: row.message,
    language: row.language,
    facts: row.appointmentAt ? [{ key: 'appointmentAt', value: row.appointmentAt.toISOString() }] : [],
  };
}
