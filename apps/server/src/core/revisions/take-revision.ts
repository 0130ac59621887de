import { contractYearsOf } from '@bastion/domain/documents/quote-document';
import type { RevisionReason } from '@bastion/domain/revisions/api';
import { revisionSnapshotOf, type RevisionSnapshot } from '@bastion/domain/revisions/snapshot';
import { CUSTOM_CLAUSE_TITLE } from '@bastion/domain/terms/quote-terms';
import type { Database } from '@bastion/db/client';
import type { QuoteRow } from '@bastion/db/schema/quotes';
import type { QuoteRevisionRow, RevisionContents } from '@bastion/db/schema/quote-revisions';
import { AppError } from '../../lib/app-error.ts';
import { readTogether } from '../../lib/db/read-together.ts';
import { STALE_QUOTE_MESSAGE } from '../quotes/quote-messages.ts';
import { priceStoredLines, storedQuantities } from '../pricing/stored-line-pricing.ts';
import { readQuoteContents } from '../quotes/quote-contents.repository.ts';
import { findLatestSubmission } from '../approvals/latest-submission.repository.ts';
import { listSavedTerms } from '../terms/saved-quote-terms.repository.ts';
import {
  findRevisionAtVersion,
  insertRevision,
  listNamedLines,
  lockQuote,
} from './revisions.repository.ts';

/*
 * Issue 37 (docs/decisions/039): taking a revision of a quote, by hand or when it is submitted,
 * documented or sent. A revision is taken of the quote as it is when the revision is written (the
 * quote row held meanwhile), so its version and its snapshot always agree.
 */

export interface RevisionRequest {
  name: string;
  reason: RevisionReason;
  /** Null: a customer through a link. */
  actorUserId: string | null;
}

const NO_SUCH_QUOTE = 'There is no such quote, or it is not yours to see.';

/** What the quote says now, as a snapshot, and what restoring it would write back. */
export async function snapshotQuote(
  db: Database,
  quote: QuoteRow,
): Promise<{ snapshot: RevisionSnapshot; contents: RevisionContents }> {
  const years = contractYearsOf(quote.quoteType, quote.contractLength);
  // Inside the revision's transaction: one connection, one query at a time.
  const [named, terms, approval, stored] = await readTogether(db, [
    () => listNamedLines(db, quote.id),
    () => listSavedTerms(db, quote.id),
    () => findLatestSubmission(db, quote.id),
    () => readQuoteContents(db, quote.id),
  ]);
  const lines = named.map(({ line }) => line);
  const outcome =
    quote.quoteType === 'LEGACY' || lines.length === 0
      ? null
      : await priceStoredLines(db, quote, lines, years);
  const snapshot = revisionSnapshotOf({
    quote: {
      quote_name: quote.quoteName,
      quote_type: quote.quoteType,
      deal_type: quote.dealType,
      sales_channel: quote.salesChannel,
      partner_type: quote.partnerType,
      contract_length: quote.contractLength,
      currency_code: quote.currencyCode,
      price_date: quote.priceDate,
      status_id: quote.statusId,
    },
    details: quote.details,
    lines: named.map(({ line, name }) => ({
      line_id: line.id,
      sku: line.sku,
      name,
      parent_line_id: line.parentLineId,
      quantities: storedQuantities(line, years),
      manual_discount_percent: line.manualDiscountPercent,
    })),
    pricing:
      outcome === null
        ? null
        : outcome.ok
          ? { ok: true, result: outcome.result }
          : { ok: false, messages: outcome.errors.map((e) => e.message) },
    terms: terms
      .filter(({ term }) => !term.isRemoved)
      .map(({ term, savedTitle }) => ({
        clause_id: term.clauseId,
        title:
          term.clauseId === null
            ? term.customTitle?.trim() || CUSTOM_CLAUSE_TITLE
            : (savedTitle ?? 'Clause'),
        text: term.renderedText,
      })),
    approval: approval
      ? {
          submission_number: approval.submission.submissionNumber,
          state: approval.submission.state,
          steps: approval.steps.map(({ step, decidedBy }) => ({
            stage_name: step.stageName,
            group_name: step.groupName,
            state: step.state,
            decided_by: step.decidedBy === null ? null : decidedBy,
            decided_at: step.decidedAt?.toISOString() ?? null,
          })),
        }
      : null,
  });
  const termSet = stored.termSets[0];
  return {
    snapshot,
    contents: {
      header: {
        quoteName: quote.quoteName,
        dealType: quote.dealType,
        contractLength: quote.contractLength,
        partnerType: quote.partnerType,
        details: quote.details,
        secureAccess: quote.secureAccess ?? null,
      },
      lines: stored.lines,
      shipping: stored.shipping,
      terms: stored.terms,
      termSet: termSet
        ? { hasCustomClause: termSet.hasCustomClause, clauseCount: termSet.clauseCount }
        : null,
    },
  };
}

async function takeLocked(
  tx: Database,
  quote: QuoteRow,
  request: RevisionRequest,
  now: Date,
): Promise<QuoteRevisionRow> {
  const { snapshot, contents } = await snapshotQuote(tx, quote);
  return insertRevision(tx, {
    quoteId: quote.id,
    name: request.name,
    reason: request.reason,
    quoteVersion: quote.version,
    statusId: quote.statusId,
    currencyCode: quote.currencyCode,
    netMinor: snapshot.totals?.net_minor ?? null,
    snapshot,
    contents,
    createdBy: request.actorUserId,
    createdAt: now,
  });
}

/**
 * A new revision of the quote as it is now; with `expectedVersion`, only if the quote is still
 * at that version (409 otherwise, and nothing is taken).
 */
export async function takeRevision(
  db: Database,
  quoteId: string,
  request: RevisionRequest & { expectedVersion?: number },
  now: Date,
): Promise<QuoteRevisionRow> {
  return db.transaction(async (tx) => {
    const quote = await lockQuote(tx, quoteId);
    if (!quote) throw new AppError('NOT_FOUND', NO_SUCH_QUOTE);
    if (request.expectedVersion !== undefined && quote.version !== request.expectedVersion) {
      throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);
    }
    return takeLocked(tx, quote, request, now);
  });
}

/**
 * The revision of the quote's current version: the one already taken of it, else a new one. A
 * document names it; sending the quote to the customer keeps it.
 */
export async function revisionOfCurrentVersion(
  db: Database,
  quoteId: string,
  request: RevisionRequest,
  now: Date,
): Promise<QuoteRevisionRow> {
  return db.transaction(async (tx) => {
    const quote = await lockQuote(tx, quoteId);
    if (!quote) throw new AppError('NOT_FOUND', NO_SUCH_QUOTE);
    return (
      (await findRevisionAtVersion(tx, quote.id, quote.version)) ??
      takeLocked(tx, quote, request, now)
    );
  });
}
