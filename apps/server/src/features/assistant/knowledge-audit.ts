// The audit entry of a change to a tenant's knowledge base, one for every way in: /admin/knowledge
// (the editor and the folder import) and the assistant's own /ml/kb/articles. Written inside the
// change's transaction (see RecordChange), named by the signed-in user.
import type { FastifyRequest } from 'fastify';
import type { Transaction } from '../../db/client.ts';
import { recordAudit } from '../../plugins/audit.ts';

export type KnowledgeChange = 'create' | 'update' | 'delete' | 'import';

/** The audit action of a knowledge-base change: admin.knowledge.create, .update, .delete, .import. */
export function knowledgeAuditAction(change: KnowledgeChange): string {
  return `admin.knowledge.${change}`;
}

/**
 * Records `change` with `detail` for the request's user at the tenant, in the transaction given.
 * Pass it (or a closure over it) as upsertArticle's, deleteArticle's or importArticles' record.
 */
export function recordKnowledgeChange(
  request: FastifyRequest,
  tenantId: string,
  change: KnowledgeChange,
  detail: Record<string, unknown>,
): (tx: Transaction) => Promise<void> {
  return (tx) =>
    recordAudit(tx, request, {
      tenantId,
      userId: request.user?.userId ?? null,
      action: knowledgeAuditAction(change),
      detail,
    });
}
