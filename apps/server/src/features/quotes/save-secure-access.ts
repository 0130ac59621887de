import { secureAccessLines } from '@bastion/domain/quotes/secure-access-lines';
import {
  validateSecureAccess,
  type SecureAccessConfig,
} from '@bastion/domain/validation/secure-access';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { lineView, requireEditableQuote, yearsOf, type LineDraft } from './configure-lines.ts';
import { configurationOf } from './get-quote-configuration.ts';
import { findSkus, listQuoteLines } from './quote-lines.repository.ts';
import { refuseRenewalQuote } from './save-quote-configuration.ts';
import { writeQuoteLines } from './write-quote-lines.ts';

/**
 * Sizes the quote's secure access (spec §3, §5): the configuration is checked with the domain's
 * rules (the spec's messages, under `secure_access.<key>`), stored on the quote, and becomes the
 * quote's secure-access lines (decision 010), replacing the ones it had; other lines stay.
 */
export async function saveSecureAccess(
  db: Database,
  caller: AuthContext,
  input: { id: string; version: number; config: SecureAccessConfig },
  now = new Date(),
) {
  const quote = await requireEditableQuote(db, caller, input.id, input.version);
  // Its lines are written like the configure page's, which renewal quotes do not use.
  refuseRenewalQuote(quote);
  const quoteFacts = {
    quote_type: quote.quoteType,
    contract_length: quote.contractLength,
    deal_type: quote.dealType,
    is_renewal: quote.isRenewal,
    is_deal_desk_user: caller.permissions.is_deal_desk_user,
  };
  const errors = validateSecureAccess({ ...input.config, ...quoteFacts });
  const details = Object.entries(errors).map(([key, message]) => ({
    path: `secure_access.${key}`,
    message,
  }));
  if (details.length > 0) {
    throw new AppError('VALIDATION_FAILED', details[0]?.message ?? 'Check the sizing.', {
      details,
    });
  }

  const wanted = secureAccessLines(input.config, quoteFacts);
  const known = new Set(
    (
      await findSkus(
        db,
        wanted.map((l) => l.sku),
      )
    ).map((s) => s.sku),
  );
  const missing = wanted.filter((l) => !known.has(l.sku));
  if (missing.length > 0) {
    const message = `The catalogue has no secure-access SKU ${missing.map((l) => l.sku).join(', ')}; ask a catalogue administrator to add it.`;
    throw new AppError('VALIDATION_FAILED', message, {
      details: [{ path: 'secure_access', message }],
    });
  }

  const stored = await listQuoteLines(db, quote.id);
  const years = yearsOf(quote);
  const isSizedLine = (row: (typeof stored)[number]) =>
    row.pricingModel !== null && row.line.parentLineId === null;
  const kept: LineDraft[] = stored
    .filter((row) => !isSizedLine(row))
    .map((row) => {
      const view = lineView(row, years);
      return {
        id: view.id,
        key: view.id,
        sku: view.sku,
        quantities: view.quantities,
        manual_discount_percent: view.manual_discount_percent,
        adjusted_unit_list_minor: view.adjusted_unit_list_minor,
        ...(row.line.parentLineId ? { parent_key: row.line.parentLineId } : {}),
      };
    });
  // A sized SKU already on the quote keeps its line (and the discount given on it).
  const previous = new Map(stored.filter(isSizedLine).map((row) => [row.line.sku, row]));
  const sized: LineDraft[] = wanted.map((line) => {
    const before = previous.get(line.sku);
    return before
      ? {
          id: before.line.id,
          key: before.line.id,
          sku: line.sku,
          quantities: line.quantities,
          manual_discount_percent: lineView(before, years).manual_discount_percent,
          adjusted_unit_list_minor: before.line.adjustedUnitListMinor,
        }
      : { key: `sized-${line.sku}`, sku: line.sku, quantities: line.quantities };
  });

  const { quote: updated } = await writeQuoteLines(db, caller, quote, stored, [...kept, ...sized], {
    advance: false,
    action: 'secure_access_sized',
    now,
    secureAccess: { ...input.config },
  });
  return configurationOf(db, caller, updated);
}
