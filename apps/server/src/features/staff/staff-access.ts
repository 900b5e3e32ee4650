// Who may use /api/staff: the tenant's agents and admins. Everyone else, signed in or not, is
// answered 403 before any staff data is read.
import type { StaffMember } from '@gridfront/contracts/staff';
import { staffMessages } from '@gridfront/contracts/staff-messages';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Transaction } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { HttpError, sendError } from '../../plugins/errors.ts';
import { tenantOf } from '../../plugins/tenant.ts';

const STAFF_ROLES = ['agent', 'admin'] as const;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireStaff for staff routes. */
    staff?: StaffMember;
  }
}

export async function findStaffMember(
  db: Database | Transaction,
  tenantId: string,
  userId: string,
): Promise<StaffMember | null> {
  const [row] = await db
    .select({ userId: users.id, fullName: users.fullName, role: users.role })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId), inArray(users.role, [...STAFF_ROLES])))
    .limit(1);
  if (!row || row.role === 'customer') return null;
  return { userId: row.userId, fullName: row.fullName, role: row.role };
}

export async function staffMembersOf(db: Database, tenantId: string): Promise<StaffMember[]> {
  const rows = await db
    .select({ userId: users.id, fullName: users.fullName, role: users.role })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.role, [...STAFF_ROLES])))
    .orderBy(asc(users.fullName), asc(users.id));
  return rows.flatMap((row) =>
    row.role === 'customer' ? [] : [{ userId: row.userId, fullName: row.fullName, role: row.role }],
  );
}

/** preHandler of every staff route. */
export async function requireStaff(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = request.user;
  const tenant = tenantOf(request);
  const member =
    user && user.tenantId === tenant.id
      ? await findStaffMember(request.server.db, tenant.id, user.userId)
      : null;
  if (!member) return sendError(reply, 403, staffMessages.staffOnly);
  request.staff = member;
}

export function staffOf(request: FastifyRequest): StaffMember {
  if (!request.staff) throw new HttpError(403, staffMessages.staffOnly);
  return request.staff;
}
