import { and, eq } from 'drizzle-orm';
import type { Database } from '@bastion/db/client';
import { auditLog } from '@bastion/db/schema/audit';

/** What the audit log says about an entity, oldest first: who did what, with the details. */
export function auditActionsOf(db: Database, entityId: string) {
  return db
    .select({ action: auditLog.action, actor: auditLog.actorUserId, details: auditLog.details })
    .from(auditLog)
    .where(eq(auditLog.entityId, entityId))
    .orderBy(auditLog.id);
}

/** The audit log's whole entries of one action on an entity, oldest first. */
export function auditEntriesOf(db: Database, entityId: string, action: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)))
    .orderBy(auditLog.id);
}
