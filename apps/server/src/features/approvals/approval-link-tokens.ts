import { APPROVAL_LINK_HOURS } from '@bastion/domain/approvals/link-api';
import type { Database } from '@bastion/db/client';
import { hashOpaqueToken, newOpaqueToken } from '../../core/access/opaque-token.ts';
import { insertApprovalLinks } from './approval-links.repository.ts';
import type { SubmissionRow } from './approvals.repository.ts';

/* Issuing the e-mailed approve/reject links (decision 041); approval-link.ts reads and uses them. */

const HOUR_MS = 60 * 60 * 1000;

/** A new link for each approver and step: the tokens to put in the e-mail, by approver and step. */
export async function issueApprovalLinks(
  db: Database,
  submission: SubmissionRow,
  asks: readonly { userId: string; stepId: string; quoteId: string }[],
  now: Date,
): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  const rows = asks.map((ask) => {
    const token = newOpaqueToken();
    tokens.set(`${ask.userId}:${ask.stepId}`, token);
    return {
      tokenHash: hashOpaqueToken(token),
      stepId: ask.stepId,
      quoteId: ask.quoteId,
      userId: ask.userId,
      fingerprint: submission.fingerprint,
      createdAt: now,
      expiresAt: new Date(now.getTime() + APPROVAL_LINK_HOURS * HOUR_MS),
    };
  });
  await insertApprovalLinks(db, rows);
  return tokens;
}

/** The web page of a link, with the decision the e-mail's button chose. */
export const approvalLinkPath = (token: string, decision: 'approve' | 'reject') =>
  `/cpq/approval-link/${token}?decision=${decision}`;
