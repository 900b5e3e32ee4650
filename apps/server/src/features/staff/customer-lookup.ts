// An agent looks a customer up by account number and sees what the customer sees, read-only: the
// account as Account Information shows it and the latest history, read with the customer's own
// billing statements (as the customer, so nothing more), plus the customer's requests. Every look,
// found or not, is written to the audit log.
import type { StaffCustomerView } from '@gridfront/contracts/staff';
import { staffMessages } from '@gridfront/contracts/staff-messages';
import { and, asc, desc, eq, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { contactMessages, customerAccounts, todos, userAccounts, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Tenant } from '../../plugins/tenant.ts';
import { billingStatements } from '../billing/read-statements.ts';
import { isoOf } from './queue-repository.ts';

const HISTORY_ROWS = 20;
const REQUEST_ROWS = 50;

async function accountByNumber(db: Database, tenantId: string, accountNumber: string) {
  const [row] = await db
    .select({
      id: customerAccounts.id,
      accountNumber: customerAccounts.accountNumber,
      holderName: customerAccounts.holderName,
    })
    .from(customerAccounts)
    .where(and(eq(customerAccounts.tenantId, tenantId), eq(customerAccounts.accountNumber, accountNumber)))
    .limit(1);
  return row ?? null;
}

async function portalUserOf(db: Database, tenantId: string, accountId: string) {
  const [row] = await db
    .select({ userId: users.id, username: users.username, fullName: users.fullName, email: users.email })
    .from(userAccounts)
    .innerJoin(users, eq(users.id, userAccounts.userId))
    .where(and(eq(userAccounts.tenantId, tenantId), eq(userAccounts.accountId, accountId)))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return row ?? null;
}

async function requestsOf(db: Database, tenantId: string, accountId: string, userId: string | null) {
  const serviceRequests = await db
    .select({
      id: todos.id,
      referenceNumber: todos.referenceNumber,
      subject: todos.requestType,
      status: todos.status,
      createdAt: todos.createdAt,
    })
    .from(todos)
    .where(
      and(
        eq(todos.tenantId, tenantId),
        userId
          ? or(eq(todos.accountId, accountId), eq(todos.userId, userId))
          : eq(todos.accountId, accountId),
      ),
    )
    .orderBy(desc(todos.createdAt))
    .limit(REQUEST_ROWS);
  const messages = userId
    ? await db
        .select({
          id: contactMessages.id,
          referenceNumber: contactMessages.referenceNumber,
          subject: contactMessages.subject,
          status: contactMessages.status,
          createdAt: contactMessages.createdAt,
        })
        .from(contactMessages)
        .where(and(eq(contactMessages.tenantId, tenantId), eq(contactMessages.userId, userId)))
        .orderBy(desc(contactMessages.createdAt))
        .limit(REQUEST_ROWS)
    : [];
  return [
    ...serviceRequests.map((row) => ({ ...row, kind: 'service_request' as const })),
    ...messages.map((row) => ({ ...row, kind: 'contact_message' as const })),
  ]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .map((row) => ({ ...row, createdAt: isoOf(row.createdAt) }));
}

export async function lookUpCustomer(
  db: Database,
  request: FastifyRequest,
  tenant: Tenant,
  staffUserId: string,
  accountNumber: string,
): Promise<StaffCustomerView> {
  const account = await accountByNumber(db, tenant.id, accountNumber);
  await recordAudit(db, request, {
    tenantId: tenant.id,
    userId: staffUserId,
    action: 'staff.customer_lookup',
    detail: { accountNumber, found: account !== null, ...(account ? { accountId: account.id } : {}) },
  });
  if (!account) throw new HttpError(404, staffMessages.accountNotFound);

  const owner = await portalUserOf(db, tenant.id, account.id);
  const requests = await requestsOf(db, tenant.id, account.id, owner?.userId ?? null);
  if (!owner) {
    return {
      accountNumber: account.accountNumber,
      holderName: account.holderName,
      portalUser: null,
      account: null,
      transactions: [],
      requests,
    };
  }
  // The customer's own reads, with the customer as the caller.
  const statements = billingStatements(db);
  const asCustomer = { tenantId: tenant.id, userId: owner.userId };
  const [details] = await statements.userDetails.execute(asCustomer);
  const summary = details?.accounts.find((entry) => entry.accountId === account.id) ?? null;
  const [page] = await statements.transactionPages.date_desc.execute({
    ...asCustomer,
    accountId: account.id,
    filterType: 'ALL',
    from: null,
    toDate: null,
    pageLimit: HISTORY_ROWS,
    pageOffset: 0,
  });
  return {
    accountNumber: account.accountNumber,
    holderName: account.holderName,
    portalUser: { username: owner.username, fullName: owner.fullName, email: owner.email },
    account: summary ? { ...summary, balanceCents: Number(summary.balanceCents) } : null,
    transactions: (page?.page ?? []).map(({ totalCount: _, ...entry }) => ({
      ...entry,
      hasPdf: entry.billId !== null && entry.transactionType === 'C1BL',
    })),
    requests,
  };
}
