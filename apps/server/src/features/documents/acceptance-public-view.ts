import {
  ACCEPTANCE_LINK_NOT_VALID,
  ACCEPTANCE_LINK_REFUSALS,
} from '@bastion/domain/documents/acceptance-link-state';
import type { PublicAcceptanceView } from '@bastion/domain/documents/acceptance-schemas';
import { formatCurrency } from '@bastion/domain/format/currency';
import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import { appNow } from '../../lib/clock.ts';
import type { FileAnswer } from '../../lib/file-answers.ts';
import { hashOpaqueToken } from '../../core/access/opaque-token.ts';
import {
  findAcceptance,
  findLinkByTokenHash,
  readDocumentContent,
  type LinkWithQuote,
} from './acceptance.repository.ts';
import { acceptanceRecordOf, linkRefusal, linkStateOf } from './acceptance-records.ts';
import { customerOf } from './acceptance-status.ts';

/** The vendor's name when the opportunity names no contracting entity. */
export const DEFAULT_VENDOR = 'Bastion';

/** The link a token opens, and where it stands; 404 for a token nobody was sent. */
export async function openAcceptanceLink(db: Database, token: string, now: Date) {
  const found = await findLinkByTokenHash(db, hashOpaqueToken(token));
  if (!found) throw new AppError('NOT_FOUND', ACCEPTANCE_LINK_NOT_VALID);
  const accepted = await findAcceptance(db, found.quote.id);
  const state = linkStateOf(found.link, found.quote, accepted?.acceptance.linkId ?? null, now);
  return { found, accepted, state };
}

function contractingEntityOf(found: LinkWithQuote): string | null {
  const details = (found.quote.details ?? {}) as {
    opportunity?: { contracting_entity_name?: unknown };
  };
  const name = details.opportunity?.contracting_entity_name;
  return typeof name === 'string' && name.trim() !== '' ? name : null;
}

/**
 * What the customer's page shows (no account needed): the quote's header and total, the
 * document they are asked to accept with its SHA-256, and whether the link still takes an
 * acceptance. A dead link still names the quote, so the customer knows whom to ask.
 */
export async function viewAcceptanceLink(
  db: Database,
  token: string,
  now = appNow(),
): Promise<PublicAcceptanceView> {
  const { found, accepted, state } = await openAcceptanceLink(db, token, now);
  const { quote, link } = found;
  const entity = contractingEntityOf(found);
  const isThisLinks = accepted !== null && accepted.acceptance.linkId === link.id;
  return {
    state,
    refusal: state === 'active' ? null : ACCEPTANCE_LINK_REFUSALS[state],
    vendor: entity ?? DEFAULT_VENDOR,
    quote: {
      quote_number: quote.quoteNumber,
      quote_name: quote.quoteName,
      customer: customerOf(quote),
      contracting_entity: entity,
      currency_code: quote.currencyCode,
      total: formatCurrency(quote.totalAmountMinor, quote.currencyCode),
      version: link.quoteVersion,
    },
    document: { file_name: found.documentFileName, sha256: found.documentSha256 },
    recipient_name: link.recipientName,
    expires_at: link.expiresAt.toISOString(),
    acceptance:
      isThisLinks && accepted
        ? acceptanceRecordOf(accepted.acceptance, accepted.documentFileName)
        : null,
  };
}

/**
 * The exact PDF the link was sent with, for an open link or the one it was accepted through;
 * a dead link no longer hands out the quote.
 */
export async function readAcceptanceDocument(
  db: Database,
  token: string,
  now = appNow(),
): Promise<FileAnswer> {
  const { found, state } = await openAcceptanceLink(db, token, now);
  if (state !== 'active' && state !== 'accepted') throw linkRefusal(state);
  const document = await readDocumentContent(db, found.link.documentId);
  if (!document) throw new AppError('NOT_FOUND', ACCEPTANCE_LINK_NOT_VALID);
  return {
    bytes: document.content,
    fileName: document.fileName,
    contentType: 'application/pdf',
    disposition: 'inline',
  };
}
