// Writes security and business events to audit_log with who/where from the request. Callers pass
// only non-secret details: never a password, hash, token or code.
import type { FastifyRequest } from 'fastify';
import type { Database, Transaction } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

const USER_AGENT_MAX = 256;

export interface AuditEntry {
  tenantId: string;
  userId?: string | null;
  action: string;
  detail?: Record<string, unknown>;
}

export async function recordAudit(db: Database | Transaction, request: FastifyRequest, entry: AuditEntry) {
  await db.insert(auditLog).values({
    tenantId: entry.tenantId,
    userId: entry.userId ?? null,
    action: entry.action,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null,
    detail: entry.detail ?? {},
  });
}
