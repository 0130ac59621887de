import type { QuoteDocumentInput } from '@bastion/domain/documents/quote-document';
import { contractYearsOf } from '@bastion/domain/documents/quote-document';
import { CUSTOM_CLAUSE_TITLE } from '@bastion/domain/terms/quote-terms';
import type { Database } from '@bastion/db/client';
import type { QuoteRow } from '@bastion/db/schema/quotes';
import { readRenewalOverview } from '../../core/renewals/renewal-overview.repository.ts';
import { listSavedTerms } from '../../core/terms/saved-quote-terms.repository.ts';
import { findLatestSubmission } from '../../core/approvals/latest-submission.repository.ts';
import {
  priceStoredLines,
  storedManualShippingQuantities,
  storedQuantities,
} from '../../core/pricing/stored-line-pricing.ts';
import {
  listDocumentComments,
  listDocumentLines,
  listDocumentShipping,
} from './documents.repository.ts';

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * What a quote's document is built from, read from the database: the quote as stored, its lines
 * priced as the summary prices them, its shipping, its saved terms in order, its comments (never
 * its notes) and its latest approval submission.
 */
export async function gatherQuoteDocument(
  db: Database,
  quote: QuoteRow,
  /** The quote revision the document is made from (issue 37). */
  revision: number,
): Promise<QuoteDocumentInput> {
  const years = contractYearsOf(quote.quoteType, quote.contractLength);
  const isLegacy = quote.quoteType === 'LEGACY';
  const [lines, shipping, terms, comments, approval, renewal] = await Promise.all([
    listDocumentLines(db, quote.id),
    isLegacy ? [] : listDocumentShipping(db, quote.id),
    listSavedTerms(db, quote.id),
    listDocumentComments(db, quote.id),
    findLatestSubmission(db, quote.id),
    readRenewalOverview(db, quote.renewal),
  ]);
  let pricing: QuoteDocumentInput['pricing'] = null;
  if (!isLegacy && lines.length > 0) {
    const outcome = await priceStoredLines(
      db,
      quote,
      lines.map((row) => row.line),
      years,
    );
    pricing = outcome.ok
      ? { ok: true, result: outcome.result }
      : { ok: false, messages: outcome.errors.map((e) => e.message) };
  }
  const isEla = quote.quoteType === 'ELA';
  return {
    quote: {
      quote_number: quote.quoteNumber,
      quote_name: quote.quoteName,
      version: quote.version,
      revision,
      status_id: quote.statusId,
      quote_type: quote.quoteType,
      deal_type: quote.dealType,
      sales_channel: quote.salesChannel,
      contract_length: quote.contractLength,
      currency_code: quote.currencyCode,
      price_date: quote.priceDate,
      created_at: epochSeconds(quote.createdAt),
      opportunity_id: quote.opportunityId,
      account_name: quote.accountName,
    },
    details: quote.details,
    lines: lines.map((row) => {
      const l = row.line;
      return {
        line_id: l.id,
        sku: l.sku,
        name: row.name,
        kind: row.kind,
        family:
          row.familyName === null
            ? null
            : { name: row.familyName, sort_order: row.familyOrder ?? 0 },
        parent_line_id: l.parentLineId,
        quantities: storedQuantities(l, years),
        manual_shipping_quantities: storedManualShippingQuantities(l, years),
        is_shippable: row.isShippable,
      };
    }),
    renewal,
    pricing,
    shipping: shipping.map(({ line, regionLabel }) => ({
      line_id: line.quoteLineId,
      region: regionLabel ?? line.region,
      incoterm: line.incoterm,
      quantities: isEla
        ? [line.year1, line.year2, line.year3, line.year4, line.year5].slice(0, years)
        : [line.quantity],
    })),
    terms: terms
      .filter(({ term }) => !term.isRemoved)
      .map(({ term, savedTitle }) => ({
        title:
          term.clauseId === null
            ? term.customTitle?.trim() || CUSTOM_CLAUSE_TITLE
            : (savedTitle ?? 'Clause'),
        text: term.renderedText,
      })),
    comments: comments.map((c) => ({
      kind: c.kind,
      author: c.author ?? 'a former user',
      created_at: epochSeconds(c.createdAt),
      body: c.body,
    })),
    approval: approval
      ? {
          submission_number: approval.submission.submissionNumber,
          state: approval.submission.state,
          submitted_at: epochSeconds(approval.submission.submittedAt),
          closed_at: approval.submission.closedAt
            ? epochSeconds(approval.submission.closedAt)
            : null,
          steps: approval.steps.map(({ step: s }) => ({
            stage: s.stage,
            stage_name: s.stageName,
            group_name: s.groupName,
            state: s.state,
            decided_at: s.decidedAt ? epochSeconds(s.decidedAt) : null,
          })),
        }
      : null,
  };
}
