import { buildOptionsDocument } from '@bastion/domain/deal-options/options-document';
import { record, text } from '@bastion/domain/documents/document-values';
import type { QuoteDocumentFormat } from '@bastion/domain/documents/schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { appNow } from '../../lib/clock.ts';
import { listOpportunityQuotes } from '../../core/quotes/primary-quote.repository.ts';
import type { QuoteRow } from '../../core/quotes/quote-writes.repository.ts';
import {
  findVisibleQuote,
  requireVisibleQuote,
  viewerOf,
} from '../../core/quotes/visibility.repository.ts';
import { snapshotQuote } from '../../core/revisions/take-revision.ts';
import { findOpportunityName } from './documents.repository.ts';
import { DOCX_FORBIDDEN_MESSAGE } from './generate-quote-document.ts';
import { renderQuoteDocx } from './render-quote-docx.ts';
import { renderQuotePdf } from './render-quote-pdf.ts';

/*
 * Issue 37 (part 2, decision 043): the options of a quote's deal in one document, for the
 * customer to choose from. Its options are the deal's quotes named as options (Good, Better,
 * Best…) that the caller sees and that are not archived, in the order they were made; each is
 * shown as it stands. Made on request and not stored: the quotations themselves are the offers.
 */

export const TOO_FEW_OPTIONS_MESSAGE =
  'Name at least two quotes of this deal as options (Good, Better, Best…) to present them together.';

export async function generateOptionsDocument(
  deps: { db: Database },
  caller: AuthContext,
  input: { quoteId: string; format: QuoteDocumentFormat },
): Promise<{ bytes: Buffer; fileName: string }> {
  const { db } = deps;
  const quote = await requireVisibleQuote(db, caller, input.quoteId);
  if (input.format === 'docx' && !caller.permissions.can_download_docx) {
    throw new AppError('FORBIDDEN', DOCX_FORBIDDEN_MESSAGE);
  }
  if (quote.opportunityId === null) {
    throw new AppError('CONFLICT', 'This quote has no opportunity, so it has no options.');
  }
  const viewer = viewerOf(caller);
  const options: QuoteRow[] = [];
  for (const sibling of await listOpportunityQuotes(db, quote.opportunityId)) {
    if (sibling.optionLabel === null || sibling.statusId === 'ARCHIVED') continue;
    if (sibling.id === quote.id || (await findVisibleQuote(db, viewer, sibling.id))) {
      options.push(sibling);
    }
  }
  if (options.length < 2) throw new AppError('CONFLICT', TOO_FEW_OPTIONS_MESSAGE);

  const sides = [];
  for (const option of options) {
    const { snapshot } = await snapshotQuote(db, option);
    sides.push({
      label: `${option.optionLabel ?? option.quoteNumber} (${option.quoteNumber})`,
      quote_number: option.quoteNumber,
      quote_name: option.quoteName,
      snapshot,
    });
  }
  const opportunity = record(record(quote.details).opportunity);
  const document = buildOptionsDocument({
    issuer: text(opportunity.contracting_entity_name) ?? 'Bastion Security',
    customer: quote.accountName,
    opportunity_name: (await findOpportunityName(db, quote.opportunityId)) ?? quote.quoteName,
    options: sides,
  });
  const bytes =
    input.format === 'pdf'
      ? await renderQuotePdf(document, appNow())
      : await renderQuoteDocx(document);
  return { bytes, fileName: `Options_${quote.quoteNumber}.${input.format}` };
}
