import { createHash } from 'node:crypto';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { ApprovalFacts } from '@bastion/domain/approvals/facts';
import {
  approvalFingerprintSource,
  canonicalJson,
  type FingerprintInput,
} from '@bastion/domain/approvals/fingerprint';
import type { FactEvidence } from '@bastion/domain/approvals/re-approval';
import { canonicalRegion } from '@bastion/domain/permissions/visibility';
import { BP_PER_WHOLE, multiplyRatio } from '@bastion/domain/pricing/decimal';
import type { LineResult, PricingResult } from '@bastion/domain/pricing/model';
import { CUSTOM_CLAUSE_TITLE } from '@bastion/domain/terms/quote-terms';
import type { Database } from '@bastion/db/client';
import { partnerExceptions } from '@bastion/db/schema/approvals';
import { approvalSkus } from '@bastion/db/schema/catalog';
import { quoteLines, quotes } from '@bastion/db/schema/quotes';
import { AppError } from '../../lib/app-error.ts';
import { readTogether } from '../../lib/db/read-together.ts';
import { findTermSet, listSavedTerms } from '../terms/saved-quote-terms.repository.ts';
import { priceStoredLines } from '../pricing/stored-line-pricing.ts';
import type { QuoteRow } from '@bastion/db/schema/quotes';

/**
 * The approval facts of a quote and its fingerprint (docs/decisions/013), computed from what is
 * saved: the quote, its lines priced by the pricing engine at the quote's price date (as the
 * configure page and the summary price them), its saved terms, the approval SKUs and the
 * partner exceptions. Submitting, voiding, deciding and the admin's rule preview all read them
 * here, so they always agree.
 */

export interface LoadedApprovalFacts {
  quote: QuoteRow;
  /** What the rules read; a fact the quote does not have (no margin data…) is absent. */
  facts: ApprovalFacts;
  /** The quote's region as the groups name regions ('NA' → 'North America'). */
  region: string;
  /** SHA-256 (hex) of the fingerprint source: equal when nothing an approver judged changed. */
  fingerprint: string;
  fingerprintInput: FingerprintInput;
  /** What stands behind the yes/no facts, for smart re-approval (issue 37). */
  evidence: FactEvidence;
  /** Why the lines could not be priced (a price ended, a SKU retired…); empty when they were. */
  pricingErrors: string[];
  /** The quote's net in its currency as priced now; null when it could not be priced. */
  netMinor: number | null;
}

type Json = Record<string, unknown>;
const record = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
const numberOrNull = (value: unknown): number | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value.trim());
  return null;
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Basis points as a percentage with its two decimals: 1234 → 12.34. */
const percentOf = (bp: number) => bp / 100;

/**
 * A unit list price typed below the catalogue's (app setting price_adjustment) is a discount to
 * whoever approves: otherwise lowering the list price would get round every discount rule. The
 * cut joins the line's discounts and is measured from the catalogue list; a raised price stays an
 * adjustment, as before.
 */
function discountForApproval(line: LineResult): { base: number; discount: number } {
  const cut = Math.max(0, -line.adjustment_minor);
  return {
    base: line.list_minor + line.adjustment_minor + cut,
    discount: line.discount_minor + cut,
  };
}

function pricingFacts(result: PricingResult): ApprovalFacts {
  const { totals } = result;
  const priced = result.lines.filter((l) => !l.is_bundle);
  const sums = priced
    .map(discountForApproval)
    .reduce(
      (acc, line) => ({ base: acc.base + line.base, discount: acc.discount + line.discount }),
      { base: 0, discount: 0 },
    );
  const totalDiscountBp = sums.base > 0 ? multiplyRatio(sums.discount, BP_PER_WHOLE, sums.base) : 0;
  const deepestLineBp = Math.max(
    0,
    ...priced.map((line) => {
      if (line.adjustment_minor >= 0) return line.effective_discount_percent_bp;
      const { base, discount } = discountForApproval(line);
      return base > 0 ? multiplyRatio(discount, BP_PER_WHOLE, base) : 0;
    }),
  );
  // The seller discount (beyond standard volume and partner pricing): the rate typed, and a unit
  // list price typed below the catalogue's joins it, measured from what the line would have cost
  // at standard pricing.
  const deepestSellerBp = Math.max(
    0,
    ...priced.map((line) => {
      const cut = Math.max(0, -line.adjustment_minor);
      if (cut === 0) return line.seller_discount_percent_bp;
      const sellers = line.seller_discount_minor + cut;
      const base = line.net_minor + sellers;
      return base > 0 ? multiplyRatio(sellers, BP_PER_WHOLE, base) : 0;
    }),
  );
  // Issue 35: every line's seller discount (and typed cut) over the net at standard pricing.
  const beyond = priced.reduce(
    (acc, line) => {
      const sellers = line.seller_discount_minor + Math.max(0, -line.adjustment_minor);
      return { sellers: acc.sellers + sellers, standard: acc.standard + line.net_minor + sellers };
    },
    { sellers: 0, standard: 0 },
  );
  const beyondStandardBp =
    beyond.standard > 0 ? multiplyRatio(beyond.sellers, BP_PER_WHOLE, beyond.standard) : 0;
  // Only contract-priced lines renew something; a quote without one has no uplift to judge.
  const upliftsBp = result.lines.flatMap((l) =>
    l.contract_price ? [l.contract_price.uplift_bp] : [],
  );
  return {
    max_line_discount_percent: percentOf(deepestLineBp),
    max_seller_discount_percent: percentOf(deepestSellerBp),
    discount_beyond_standard_percent: percentOf(beyondStandardBp),
    total_discount_percent: percentOf(totalDiscountBp),
    net_total_usd: result.net_usd_minor / 100,
    ...(totals.margin_percent_bp === null
      ? {}
      : { margin_percent: percentOf(totals.margin_percent_bp) }),
    ...(upliftsBp.length === 0
      ? {}
      : { min_renewal_uplift_percent: percentOf(Math.min(...upliftsBp)) }),
  };
}

/**
 * Loads a quote's approval facts and fingerprint. `db` may be a transaction: the voiding check
 * runs inside the write it judges. 404 when there is no such quote. Facts are as of the quote's
 * price date (`_now` is kept for callers that pass the time of the request).
 */
export async function loadApprovalFacts(
  db: Database,
  quoteId: string,
  _now?: Date,
): Promise<LoadedApprovalFacts> {
  const [quote] = await db.select().from(quotes).where(eq(quotes.id, quoteId));
  if (!quote) throw new AppError('NOT_FOUND', 'There is no such quote.');
  return approvalFactsOf(db, quote);
}

/** The same, for a quote row already read (in the caller's transaction). */
export async function approvalFactsOf(db: Database, quote: QuoteRow): Promise<LoadedApprovalFacts> {
  const opportunity = record(record(quote.details).opportunity);
  const partnerAccountId =
    quote.salesChannel === 'DIRECT' ? null : textOrNull(opportunity.partner_account_id);
  const paymentTermDays = numberOrNull(opportunity.payment_term_days);

  const [lines, savedTerms, termSet, exception] = await readTogether(db, [
    () =>
      db
        .select()
        .from(quoteLines)
        .where(eq(quoteLines.quoteId, quote.id))
        .orderBy(asc(quoteLines.position)),
    () => listSavedTerms(db, quote.id),
    () => findTermSet(db, quote.id),
    () =>
      partnerAccountId === null
        ? Promise.resolve([])
        : db
            .select({ id: partnerExceptions.id })
            .from(partnerExceptions)
            .where(
              and(
                eq(partnerExceptions.partnerAccountId, partnerAccountId),
                eq(partnerExceptions.isActive, true),
                lte(partnerExceptions.validFrom, quote.priceDate),
                gte(partnerExceptions.validTo, quote.priceDate),
              ),
            )
            .limit(1),
  ]);

  const terms = savedTerms.filter(({ term }) => !term.isRemoved);
  const codes = [...new Set(lines.map((l) => l.sku))];
  const approvalSkuRows =
    codes.length === 0
      ? []
      : await db
          .select({ sku: approvalSkus.sku })
          .from(approvalSkus)
          .where(and(inArray(approvalSkus.sku, codes), eq(approvalSkus.isActive, true)));

  const quantitiesOf = (l: (typeof lines)[number]) => [l.y1, l.y2, l.y3, l.y4, l.y5];
  let result: PricingResult | null = null;
  const pricingErrors: string[] = [];
  if (quote.quoteType !== 'LEGACY' && lines.length > 0) {
    const years = quote.quoteType === 'ELA' ? Math.min(5, Math.ceil(quote.contractLength / 12)) : 1;
    const outcome = await priceStoredLines(db, quote, lines, years);
    if (outcome.ok) result = outcome.result;
    else pricingErrors.push(...outcome.errors.map((e) => e.message));
  }
  const netByLine = new Map(result?.lines.map((l) => [l.line_id, l.net_minor]) ?? []);

  const pricing: ApprovalFacts =
    result !== null
      ? pricingFacts(result)
      : lines.length === 0 && quote.quoteType !== 'LEGACY'
        ? {
            max_line_discount_percent: 0,
            max_seller_discount_percent: 0,
            discount_beyond_standard_percent: 0,
            total_discount_percent: 0,
            net_total_usd: 0,
          }
        : {};
  const region = canonicalRegion(quote.region);
  const facts: ApprovalFacts = {
    ...pricing,
    deal_type: quote.dealType,
    quote_type: quote.quoteType,
    region,
    sales_channel: quote.salesChannel,
    ...(quote.partnerType ? { partner_type: quote.partnerType } : {}),
    ...(paymentTermDays === null ? {} : { payment_term_days: paymentTermDays }),
    contract_length: quote.contractLength,
    has_approval_sku: approvalSkuRows.length > 0,
    has_custom_clause:
      termSet?.hasCustomClause ?? terms.some(({ term }) => term.source === 'CUSTOM'),
    has_partner_exception: exception.length > 0,
  };

  const fingerprintInput: FingerprintInput = {
    quote_type: quote.quoteType,
    deal_type: quote.dealType,
    contract_length: quote.contractLength,
    currency_code: quote.currencyCode,
    price_date: quote.priceDate,
    sales_channel: quote.salesChannel,
    partner_type: quote.partnerType,
    partner_account_id: partnerAccountId,
    payment_term_days: paymentTermDays,
    total_minor: quote.totalAmountMinor,
    lines: lines.map((l) => ({
      sku: l.sku,
      quantities: quantitiesOf(l),
      manual_discount_percent: l.manualDiscountPercent,
      net_minor: netByLine.get(l.id) ?? 0,
    })),
    terms: terms.map(({ term, savedTitle }) => ({
      clause_id: term.clauseId,
      title:
        term.clauseId === null
          ? term.customTitle?.trim() || CUSTOM_CLAUSE_TITLE
          : (savedTitle ?? ''),
      body: term.renderedText,
    })),
    secure_access: quote.secureAccess ?? null,
  };
  const fingerprint = sha256(approvalFingerprintSource(fingerprintInput));
  const customClauses = fingerprintInput.terms.filter((term) => term.clause_id === null);
  const evidence: FactEvidence = {
    ...(customClauses.length > 0
      ? { has_custom_clause: sha256(canonicalJson(customClauses)) }
      : {}),
    ...(approvalSkuRows.length > 0
      ? { has_approval_sku: [...new Set(approvalSkuRows.map((row) => row.sku))].sort().join(', ') }
      : {}),
    ...(exception[0] ? { has_partner_exception: exception[0].id } : {}),
  };

  return {
    quote,
    facts,
    region,
    fingerprint,
    fingerprintInput,
    evidence,
    pricingErrors,
    netMinor: result?.totals.net_minor ?? (lines.length === 0 ? 0 : null),
  };
}
