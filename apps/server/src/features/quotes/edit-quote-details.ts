import type { FormValues } from '@bastion/domain/forms/recipe';
import {
  fixedHeaderFieldsOf,
  fixedValueKeysOf,
  headerChangesOf,
  headerEditRecipe,
  headerValuesOf,
  withFixedValues,
} from '@bastion/domain/quotes/header-edit';
import { partnerTypeFor } from '@bastion/domain/quotes/sales-channel';
import { opensOnRenewalPage } from '@bastion/domain/renewals/renewal-draft';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { valueKeysOf } from '@bastion/domain/forms/form-run';
import { loadFormDefinition } from '../../core/forms/form-definitions.repository.ts';
import {
  EDITABLE_STATUSES,
  quoteActorOf,
  STALE_QUOTE_MESSAGE,
  writeQuoteAtVersion,
  type HistoryChange,
} from '../../core/quotes/quote-writes.repository.ts';
import { refreshQuoteSkuDiscounts } from '../../core/reports/report-rollups.repository.ts';
import { validateRecipeSubmission } from '../../core/forms/recipe-submission.ts';
import { priceStoredLines } from '../../core/pricing/stored-line-pricing.ts';
import { yearsOf } from './configure-lines.ts';
import { CREATE_QUOTE_FORM } from './create-quote.ts';
import { quoteView } from './get-quote.ts';
import { requireVisibleQuote } from '../../core/quotes/visibility.repository.ts';
import { listQuoteLines } from './quote-lines.repository.ts';
import type { QuoteRow } from './quotes.repository.ts';

export const DETAILS_NOT_EDITABLE_MESSAGE =
  'This quote is accepted, completed or archived: its details can no longer change.';
export const LEGACY_DETAILS_MESSAGE = 'Legacy quotes are read-only.';
export const RENEWAL_DEAL_TYPE_MESSAGE =
  'A renewal or true-up is quoted from its contract on the renewals desk: choose another deal type for this quote.';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

const fieldProblem = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { details: [{ path, message }] });

/**
 * Changes a quote's header after creation (issue 33): the create-quote recipe, its rules and
 * derivations, with the fields settled at creation kept as they are (domain quotes/header-edit).
 * A change of what prices the lines (partner type, contract length, deal type) prices them again
 * and stores the new total; the write voids a submission whose approvers judged otherwise, as
 * every content change does (core/quotes/quote-writes.repository.ts), and the history lists each field changed.
 */
export async function editQuoteDetails(
  db: Database,
  caller: AuthContext,
  input: { id: string; version: number; values: FormValues },
  now = new Date(),
) {
  const quote = await requireVisibleQuote(db, caller, input.id);
  if (quote.quoteType === 'LEGACY') throw new AppError('CONFLICT', LEGACY_DETAILS_MESSAGE);
  if (!EDITABLE_STATUSES.has(quote.statusId)) {
    throw new AppError('CONFLICT', DETAILS_NOT_EDITABLE_MESSAGE);
  }
  if (input.version !== quote.version) throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);

  const form = await loadFormDefinition(db, CREATE_QUOTE_FORM);
  const fixed = fixedHeaderFieldsOf({ opens_on_renewal_page: opensOnRenewalPage(quote) });
  const recipe = headerEditRecipe(form.recipe, fixed);
  const before = headerValuesOf(quoteView(quote));
  const values = {
    ...withFixedValues(input.values, before, fixedValueKeysOf(recipe, fixed)),
    opportunity_id: quote.opportunityId,
  };
  const payload = validateRecipeSubmission(recipe, values, {
    lookups: form.lookups,
    context: { is_deal_desk_user: caller.permissions.is_deal_desk_user },
  });

  const dealType = text(payload.deal_type) || quote.dealType;
  if (!opensOnRenewalPage(quote) && (dealType === 'R' || dealType === 'TU')) {
    throw fieldProblem('deal_type', RENEWAL_DEAL_TYPE_MESSAGE);
  }
  const contractLength = Number(text(payload.contract_length));
  if (!Number.isInteger(contractLength) || contractLength < 1 || contractLength > 60) {
    throw fieldProblem('contract_length', 'The contract length must be 1 to 60 months.');
  }
  const next: QuoteRow = {
    ...quote,
    quoteName: text(payload.quote_name),
    dealType,
    contractLength,
    // As creation derives it: a partner deal always has a partner type (the default if none).
    partnerType: partnerTypeFor(quote.salesChannel, text(payload.partner_type)),
  };

  // Keys the recipe does not know (kept from how the quote was made) stay as they were.
  const recipeKeys = new Set(recipe.rows.flat().flatMap(valueKeysOf));
  const kept: FormValues = Object.fromEntries(
    Object.entries(before).filter(([key]) => !recipeKeys.has(key)),
  );
  const header: FormValues = { ...kept, ...payload };
  const changes: HistoryChange[] = headerChangesOf(before, header);
  if (changes.length === 0) return quoteView(quote);

  const total = await repricedTotal(db, quote, next);
  if (total !== quote.totalAmountMinor) {
    changes.push({ field: 'total', before: quote.totalAmountMinor, after: total });
  }
  const written = await writeQuoteAtVersion(
    db,
    {
      quoteId: quote.id,
      expectedVersion: input.version,
      set: {
        quoteName: next.quoteName,
        dealType: next.dealType,
        contractLength: next.contractLength,
        partnerType: next.partnerType,
        totalAmountMinor: total,
        details: { ...record(quote.details), header },
      },
      changes,
      action: 'details_changed',
      ...quoteActorOf(caller),
      // Products, shipping and terms stay as they were: a voided submission sends the quote
      // back to its terms, the step before the summary, to be reviewed and submitted again.
      statusIfVoided: 'TNC',
    },
    now,
    // The discount report files quotes by deal type.
    (tx) => refreshQuoteSkuDiscounts(tx, quote.id),
  );
  if (!written) throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);
  return quoteView(written);
}

/**
 * The quote's net with the new header, its lines as stored. An ELA whose contract gets shorter
 * may not drop a year that still has quantities: that would change the order without a word.
 */
async function repricedTotal(db: Database, quote: QuoteRow, next: QuoteRow): Promise<number> {
  const unchanged =
    next.partnerType === quote.partnerType &&
    next.contractLength === quote.contractLength &&
    next.dealType === quote.dealType;
  if (unchanged) return quote.totalAmountMinor;
  const stored = await listQuoteLines(db, quote.id);
  if (stored.length === 0) return quote.totalAmountMinor;
  const years = yearsOf(next);
  const dropped = stored.filter(({ line }) =>
    [line.y1, line.y2, line.y3, line.y4, line.y5].slice(years).some((q) => q !== 0),
  );
  if (dropped.length > 0) {
    throw fieldProblem(
      'contract_length',
      `${dropped.map(({ line }) => line.sku).join(', ')} ${dropped.length === 1 ? 'has' : 'have'} quantities after year ${years}: set them to 0 on the configure page before shortening the contract to ${next.contractLength} months.`,
    );
  }
  const outcome = await priceStoredLines(
    db,
    next,
    stored.map(({ line }) => line),
    years,
  );
  if (!outcome.ok) {
    const problem = outcome.errors[0]?.message ?? 'the lines cannot be priced';
    throw new AppError(
      'VALIDATION_FAILED',
      `The quote cannot be priced with these details: ${problem}`,
    );
  }
  return outcome.result.totals.net_minor;
}
