import { derivePermissions } from '@bastion/domain/permissions/flags';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  findQuoteForReader,
  type ApproverQuoteAccess,
} from '../../core/quotes/visibility.repository.ts';
import { buildRoleEntries, findRoleRows } from '../../core/access/user-roles.repository.ts';
import type { PersonRow } from './comments.repository.ts';

/**
 * Whether someone other than the caller could open the quote, by the very rule that opens it to
 * the caller (core/quotes/visibility.repository.ts: their roles' scope, or as one of its approvers). A mention must
 * not tell anyone about a quote they could not open, so only such people are offered and mailed.
 */
export async function canReadQuote(
  db: Database,
  person: PersonRow,
  quoteId: string,
  approverAccess: ApproverQuoteAccess | undefined,
  now = new Date(),
): Promise<boolean> {
  const reader = await readerOf(db, person, now);
  try {
    await findQuoteForReader(db, reader, quoteId, approverAccess);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return false;
    throw error;
  }
}

/** The person as the visibility rules see a signed-in caller (own and delegated roles merged). */
async function readerOf(db: Database, person: PersonRow, now: Date): Promise<AuthContext> {
  const roles = buildRoleEntries(await findRoleRows(db, person.id, now)).merged;
  return {
    userId: person.id,
    email: person.email,
    sessionTokenHash: '',
    apiTokenId: null,
    isDisabled: false,
    roles,
    // Test domains only open user downloads and history, never a quote.
    permissions: derivePermissions(
      { email: person.email, roles, is_approver: person.isApprover },
      { internal_test_domains: [] },
    ),
    impersonator: null,
    mustEnrolMfa: false,
    isHeldByMaintenance: false,
    maintenanceMessage: '',
  };
}
