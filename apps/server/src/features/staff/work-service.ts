// Working a queue item: assign, comment, change status (close is a status). Each change takes the
// item's row lock, checks the version the agent saw (409 when someone else changed it meanwhile),
// raises it, writes the history and, for a new status, queues the customer's e-mail, all in one
// transaction: one change, one e-mail, never two and never none.
import {
  type StaffItemDetail,
  type StaffItemKind,
  type StaffMember,
  type StaffStatus,
  statusesOfKind,
} from '@gridfront/contracts/staff';
import { staffMessages } from '@gridfront/contracts/staff-messages';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from '../../db/client.ts';
import { contactMessages, requestComments, requestHistory, todos, users } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Tenant } from '../../plugins/tenant.ts';
import type { MailBrand } from '../mail/templates/render.ts';
import { renderStaffStatusMail } from '../mail/templates/staff-status-mail.ts';
import { sendNotice } from '../notifications/send-notice.ts';
import { findItem, type ItemRow, itemColumns } from './queue-repository.ts';
import { itemDetail } from './queue-service.ts';
import { findStaffMember } from './staff-access.ts';

export interface WorkContext {
  app: FastifyInstance;
  tenant: Tenant;
  staff: StaffMember;
  /** The portal's public address, for the notice's unsubscribe link. */
  publicUrl: string;
}

function brandOf(tenant: Tenant): MailBrand {
  return {
    name: tenant.name,
    theme: tenant.defaultTheme,
    phone: tenant.contact.phone,
    email: tenant.contact.email,
  };
}

/** The locked item at the version the agent saw, or the reason it cannot be changed. */
async function lockedItem(
  tx: Transaction,
  tenantId: string,
  kind: StaffItemKind,
  id: string,
  version: number,
): Promise<ItemRow> {
  const item = await findItem(tx, tenantId, kind, id, true);
  if (!item) throw new HttpError(404, staffMessages.itemNotFound);
  if (item.row.version !== version) throw new HttpError(409, staffMessages.changedMeanwhile);
  return item;
}

async function bumpItem(
  tx: Transaction,
  item: ItemRow,
  change: { status?: StaffStatus; assigneeId?: string | null },
) {
  if (item.kind === 'service_request') {
    await tx
      .update(todos)
      .set({
        ...(change.status ? { status: change.status as (typeof todos.$inferSelect)['status'] } : {}),
        ...(change.assigneeId !== undefined ? { assigneeId: change.assigneeId } : {}),
        version: sql`${todos.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(todos.id, item.row.id));
  } else {
    await tx
      .update(contactMessages)
      .set({
        ...(change.status
          ? { status: change.status as (typeof contactMessages.$inferSelect)['status'] }
          : {}),
        ...(change.assigneeId !== undefined ? { assigneeId: change.assigneeId } : {}),
        version: sql`${contactMessages.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(contactMessages.id, item.row.id));
  }
}

/** The customer's language: a contact message keeps it; a service request its user's or its own. */
async function languageOf(tx: Transaction, item: ItemRow): Promise<string> {
  if (item.kind === 'contact_message') return item.row.language;
  const stated = item.row.details.language;
  if (typeof stated === 'string') return stated;
  if (item.row.userId) {
    const [user] = await tx.select({ locale: users.locale }).from(users).where(eq(users.id, item.row.userId));
    if (user) return user.locale;
  }
  return 'en';
}

export async function assignItem(
  context: WorkContext,
  kind: StaffItemKind,
  id: string,
  input: { assigneeId: string | null; version: number },
): Promise<StaffItemDetail> {
  const { app, tenant, staff } = context;
  await app.db.transaction(async (tx) => {
    const item = await lockedItem(tx, tenant.id, kind, id, input.version);
    if (input.assigneeId !== null && !(await findStaffMember(tx, tenant.id, input.assigneeId))) {
      throw new HttpError(400, staffMessages.notStaff);
    }
    if (item.row.assigneeId === input.assigneeId) return;
    await bumpItem(tx, item, { assigneeId: input.assigneeId });
    await tx.insert(requestHistory).values({
      tenantId: tenant.id,
      ...itemColumns(kind, id),
      actorId: staff.userId,
      action: 'assignment',
      fromValue: item.row.assigneeId,
      toValue: input.assigneeId,
    });
  });
  return itemDetail(app.db, tenant, kind, id);
}

export async function changeStatus(
  context: WorkContext,
  kind: StaffItemKind,
  id: string,
  input: { status: StaffStatus; version: number },
): Promise<StaffItemDetail> {
  const { app, tenant, staff } = context;
  if (!statusesOfKind(kind).includes(input.status)) throw new HttpError(400, staffMessages.badStatus);
  const mailed = await app.db.transaction(async (tx) => {
    const item = await lockedItem(tx, tenant.id, kind, id, input.version);
    if (item.row.status === input.status) return false;
    await bumpItem(tx, item, { status: input.status });
    const [change] = await tx
      .insert(requestHistory)
      .values({
        tenantId: tenant.id,
        ...itemColumns(kind, id),
        actorId: staff.userId,
        action: 'status',
        fromValue: item.row.status,
        toValue: input.status,
      })
      .returning({ id: requestHistory.id });
    if (!change) throw new Error('the status change was not recorded');
    const row = item.row;
    const locale = await languageOf(tx, item);
    const mail = renderStaffStatusMail(locale, brandOf(tenant), {
      recipientName: item.kind === 'service_request' ? item.row.accountHolderName : item.row.fullName,
      kind,
      referenceNumber: row.referenceNumber,
      subject: item.kind === 'service_request' ? item.row.requestType : item.row.subject,
      status: input.status,
    });
    // A service request update notice: once per change (keyed by the history entry), not to an
    // address that turned these notices off, with its one-click unsubscribe link.
    const outcome = await sendNotice(tx, {
      tenantId: tenant.id,
      type: 'service_requests',
      eventKey: `staff_status:${change.id}`,
      to: row.email,
      locale,
      purpose: `staff-status-${kind}`,
      publicUrl: context.publicUrl,
      mail,
    });
    return outcome === 'queued';
  });
  if (mailed) app.mail.wake();
  return itemDetail(app.db, tenant, kind, id);
}

export async function addComment(
  context: WorkContext,
  kind: StaffItemKind,
  id: string,
  body: string,
): Promise<StaffItemDetail> {
  const { app, tenant, staff } = context;
  const item = await findItem(app.db, tenant.id, kind, id);
  if (!item) throw new HttpError(404, staffMessages.itemNotFound);
  await app.db.insert(requestComments).values({
    tenantId: tenant.id,
    ...itemColumns(kind, id),
    authorId: staff.userId,
    body,
  });
  return itemDetail(app.db, tenant, kind, id);
}
