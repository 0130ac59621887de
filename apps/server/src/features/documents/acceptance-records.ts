import { isSettingOn } from '@bastion/domain/app-settings/switches';
import {
  acceptanceLinkState,
  ACCEPTANCE_LINK_REFUSALS,
  type AcceptanceLinkState,
} from '@bastion/domain/documents/acceptance-link-state';
import type {
  AcceptanceLink,
  AcceptanceRecord,
} from '@bastion/domain/documents/acceptance-schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { readAppSetting } from '../../core/settings/app-settings.repository.ts';
import type { QuoteRow } from '../../core/quotes/quote-writes.repository.ts';
import type { AcceptanceRow, ListedAcceptanceLink } from './acceptance.repository.ts';

/** What the acceptance use-cases share: the setting, who may send, and the answers' shapes. */

export const ACCEPTANCE_SETTING = 'quote_document_link';

/** The setting reads like maintenance: the spec spells "on" 'enable' ('enabled' too). */
export async function isAcceptanceEnabled(db: Database): Promise<boolean> {
  return isSettingOn(await readAppSetting(db, ACCEPTANCE_SETTING));
}

export const ACCEPTANCE_OFF_MESSAGE =
  'Sending quotes to customers for acceptance is switched off (app setting quote_document_link).';

/** The quote's owner and the deal desk send, and withdraw, acceptance links. */
export function canManageAcceptance(caller: AuthContext, quote: QuoteRow): boolean {
  return quote.ownerUserId === caller.userId || caller.permissions.is_deal_desk_user;
}

export function requireAcceptanceManager(caller: AuthContext, quote: QuoteRow): void {
  if (!canManageAcceptance(caller, quote)) {
    throw new AppError(
      'FORBIDDEN',
      "Only the quote's owner or the deal desk can send it for acceptance or withdraw a link.",
    );
  }
}

export function linkStateOf(
  link: ListedAcceptanceLink['link'],
  quote: Pick<QuoteRow, 'version' | 'statusId'>,
  acceptedLinkId: string | null,
  now: Date,
): AcceptanceLinkState {
  return acceptanceLinkState({
    linkId: link.id,
    linkVersion: link.quoteVersion,
    expiresAt: link.expiresAt,
    revokedAt: link.revokedAt,
    quoteVersion: quote.version,
    acceptedLinkId,
    isQuoteAccepted: quote.statusId === 'ACCEPTED' || quote.statusId === 'COMPLETED',
    now,
  });
}

export function acceptanceLinkOf(
  listed: ListedAcceptanceLink,
  state: AcceptanceLinkState,
): AcceptanceLink {
  const { link } = listed;
  return {
    id: link.id,
    recipient_name: link.recipientName,
    recipient_email: link.recipientEmail,
    sent_by: listed.sentByName,
    sent_at: link.sentAt.toISOString(),
    expires_at: link.expiresAt.toISOString(),
    quote_version: link.quoteVersion,
    state,
    document: { file_name: listed.documentFileName, sha256: listed.documentSha256 },
  };
}

export function acceptanceRecordOf(row: AcceptanceRow, documentFileName: string): AcceptanceRecord {
  return {
    accepted_name: row.acceptedName,
    accepted_title: row.acceptedTitle,
    accepted_email: row.acceptedEmail,
    accepted_at: row.acceptedAt.toISOString(),
    client_address: row.clientAddress,
    document_sha256: row.documentSha256,
    document_file_name: documentFileName,
    quote_version: row.quoteVersion,
    document_id: row.documentId,
    link_id: row.linkId,
  };
}

/**
 * The refusal of a link that no longer takes an acceptance: gone (410) when time or the sender
 * ended it, a conflict (409) when the quote moved on (changed, or accepted).
 */
export function linkRefusal(state: Exclude<AcceptanceLinkState, 'active'>): AppError {
  const code = state === 'expired' || state === 'revoked' ? 'GONE' : 'CONFLICT';
  return new AppError(code, ACCEPTANCE_LINK_REFUSALS[state], {
    logMessage: `acceptance link refused: ${state}`,
  });
}

/** The customer's name as the quote's history shows it (a customer is not a user). */
export function customerNameOf(acceptance: { name: string; title: string }): string {
  return `${acceptance.name}, ${acceptance.title}`;
}
