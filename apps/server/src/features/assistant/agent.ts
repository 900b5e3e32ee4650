// "For agents": on the staff page the assistant answers about the customer the agent is looking at,
// with that customer's account tools, and says so. create-tokens takes the account number with a
// staff access token; the tools then read that one account as its portal user would (the same
// services, the owner as the caller), and every such token is written to the audit log.
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { customerAccounts, userAccounts } from '../../db/schema/index.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { Tenant } from '../../plugins/tenant.ts';
import { findStaffMember } from '../staff/staff-access.ts';

export const agentMessages = {
  staffOnly: 'Only the utility’s agents and admins can ask about a customer',
  accountNotFound: 'Account not found',
} as const;

export interface AgentBinding {
  /** The staff member and their sign-in (checked on every use). */
  userId: string;
  signInId: string;
  accountId: string;
  accountNumber: string;
  /** The account's portal user, whose view the tools read; null when nobody registered it. */
  ownerUserId: string | null;
}

export async function bindAgent(
  db: Database,
  request: FastifyRequest,
  tenant: Tenant,
  accountNumber: string,
): Promise<AgentBinding> {
  const user = request.user;
  const member = user ? await findStaffMember(db, tenant.id, user.userId) : null;
  if (!user || !member) throw new HttpError(403, agentMessages.staffOnly);
  const [account] = await db
    .select({ id: customerAccounts.id, accountNumber: customerAccounts.accountNumber })
    .from(customerAccounts)
    .where(and(eq(customerAccounts.tenantId, tenant.id), eq(customerAccounts.accountNumber, accountNumber)))
    .limit(1);
  await recordAudit(db, request, {
    tenantId: tenant.id,
    userId: user.userId,
    action: 'staff.assistant_customer',
    detail: { accountNumber, found: account !== undefined },
  });
  if (!account) throw new HttpError(404, agentMessages.accountNotFound);
  const [owner] = await db
    .select({ userId: userAccounts.userId })
    .from(userAccounts)
    .where(and(eq(userAccounts.tenantId, tenant.id), eq(userAccounts.accountId, account.id)))
    .orderBy(asc(userAccounts.userId))
    .limit(1);
  return {
    userId: user.userId,
    signInId: user.sessionId,
    accountId: account.id,
    accountNumber: account.accountNumber,
    ownerUserId: owner?.userId ?? null,
  };
}
