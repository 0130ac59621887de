import type { FastifyRequest } from 'fastify';
import type { Database } from '@bastion/db/client';
import { auditLog } from '@bastion/db/schema/audit';

export interface AuditEntry {
  action: string;
  actorUserId?: string | null;
  entityType?: string;
  entityId?: string;
  details?: Record<string, unknown>;
}

export async function recordAudit(db: Database, request: FastifyRequest, entry: AuditEntry) {
  await db.insert(auditLog).values({
    action: entry.action,
    actorUserId: entry.actorUserId ?? request.auth?.userId ?? null,
    // A change made while impersonating names both users (decision 021).
    impersonatorUserId: request.auth?.impersonator?.userId ?? null,
    entityType: entry.entityType ?? '',
    entityId: entry.entityId ?? '',
    details: entry.details ?? {},
    requestId: request.id,
    ip: request.ip,
  });
}
