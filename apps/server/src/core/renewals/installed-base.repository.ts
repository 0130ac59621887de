import { asc, eq, inArray, sql } from 'drizzle-orm';
import { multiplyRatio } from '@bastion/domain/pricing/decimal';
import { priceQuote } from '@bastion/domain/pricing/engine';
import type { LineResult } from '@bastion/domain/pricing/model';
import { parseContractStartDate } from '@bastion/domain/quotes/contract-dates';
import { addDays, addMonths, dayNumber } from '@bastion/domain/renewals/proration';
import type { Database } from '@bastion/db/client';
import { skus } from '@bastion/db/schema/catalog';
import {
  contractNumberSequence,
  contracts,
  entitlements,
  quoteLines,
  type QuoteRow,
} from '@bastion/db/schema/quotes';
import { AppError } from '../../lib/app-error.ts';
import { todayIso } from './contracts.repository.ts';
import { loadPricingInput } from '../pricing/pricing-inputs.repository.ts';
import { storedPricingLines } from '../pricing/stored-line-pricing.ts';

/**
 * A quote that reaches ACCEPTED or COMPLETED becomes part of the installed base (issue 18,
 * docs/decisions/024): each priced line, per contract year, becomes an entitlement, on a new
 * contract (a normal or renewal quote), on the contract co-termed onto, or on the contract
 * trued up. Called inside the transaction that moves the quote, so both happen or neither.
 */

type NewEntitlement = Omit<typeof entitlements.$inferInsert, 'contractId' | 'id' | 'createdAt'>;

const isIsoDate = (text: unknown): text is string =>
  typeof text === 'string' && dayNumber(text) !== null;

const objectAt = (value: unknown, key: string): Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return {};
  const inner = (value as Record<string, unknown>)[key];
  return typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : {};
};

const textAt = (value: Record<string, unknown>, key: string) => {
  const found = value[key];
  return typeof found === 'string' ? found.trim() : '';
};

/** C-2026-000123: the year it is made and the next value of one shared sequence. */
export async function nextContractNumber(db: Database, now: Date): Promise<string> {
  const result = await db.execute<{ n: string | number }>(
    sql`select nextval(${`"${contractNumberSequence.seqName}"`}::regclass) as n`,
  );
  const value = (result as { rows: { n: string | number }[] }).rows[0]?.n;
  if (value === undefined) throw new Error('the contract number sequence answered nothing');
  return `C-${now.getUTCFullYear()}-${String(value).padStart(6, '0')}`;
}

/**
 * The first day of the quote's contract: a renewal's new term; else the start date of the header
 * form or the opportunity (stored ISO, or DD-MMM-YYYY as the opportunity shows it); else today.
 */
export function contractStartOf(quote: QuoteRow, now: Date): string {
  if (quote.renewal?.kind === 'RENEWAL' && isIsoDate(quote.renewal.term_start)) {
    return quote.renewal.term_start;
  }
  const header = objectAt(quote.details, 'header');
  const opportunity = objectAt(quote.details, 'opportunity');
  const candidates = [
    textAt(header, 'contract_start_date').slice(0, 10),
    textAt(opportunity, 'contract_start_date_iso').slice(0, 10),
    parseContractStartDate(textAt(opportunity, 'contract_start_date')) ?? '',
  ];
  return candidates.find(isIsoDate) ?? todayIso(now);
}

/** Year n of the contract (1-based), cut at the contract's end. */
function contractYear(start: string, contractEnd: string, year: number) {
  const from = addMonths(start, 12 * (year - 1));
  const to = addDays(addMonths(start, 12 * year), -1);
  return { start: from, end: to < contractEnd ? to : contractEnd };
}

/** The net price of one unit: per 12 months for ANNUAL, per unit for ONE_TIME. */
function unitNetOf(
  line: LineResult,
  billing: 'ONE_TIME' | 'ANNUAL',
  net: number,
  quantity: number,
  months: number,
): number {
  const proration = line.proration;
  const fullTerm = proration?.segments[0]?.full_term_minor;
  if (proration && fullTerm !== undefined && billing === 'ANNUAL') {
    // The annual price of one unit with the line's net/list ratio applied.
    const denominator = proration.amount_minor * quantity;
    return denominator > 0 ? multiplyRatio(net, fullTerm, denominator) : 0;
  }
  if (billing === 'ANNUAL') {
    const denominator = quantity * months;
    return denominator > 0 ? multiplyRatio(net, 12, denominator) : 0;
  }
  return multiplyRatio(net, 1, quantity);
}

/** The entitlements a quote's priced lines make (none for a LEGACY quote or one without lines). */
async function entitlementsOf(tx: Database, quote: QuoteRow, now: Date): Promise<NewEntitlement[]> {
  if (quote.quoteType === 'LEGACY') return [];
  const lines = await tx
    .select()
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, quote.id))
    .orderBy(asc(quoteLines.position));
  if (lines.length === 0) return [];

  const years = quote.quoteType === 'ELA' ? Math.min(5, Math.ceil(quote.contractLength / 12)) : 1;
  const input = await loadPricingInput(tx, quote, storedPricingLines(lines, years));
  // Priced as priceStoredLines does, except that a SKU withdrawn from sale since the quote was
  // approved is still what the customer bought: it must not block the acceptance.
  const catalog = Object.fromEntries(
    Object.entries(input.catalog).map(([code, sku]) => [code, { ...sku, active: true }]),
  );
  const outcome = priceQuote({ ...input, catalog });
  if (!outcome.ok) {
    const reasons = outcome.errors.map((e) => e.message).join(' ');
    throw new AppError(
      'CONFLICT',
      `The quote could not be priced to record what the customer owns: ${reasons}`,
    );
  }
  const codes = [...new Set(lines.map((l) => l.sku))];
  const billingRows = await tx
    .select({ sku: skus.sku, billing: skus.billing })
    .from(skus)
    .where(inArray(skus.sku, codes));
  const billingOf = new Map(billingRows.map((r) => [r.sku, r.billing]));
  const storedLine = new Map(lines.map((l) => [l.id, l]));

  const start = contractStartOf(quote, now);
  const contractEnd = addDays(addMonths(start, quote.contractLength), -1);
  const made: NewEntitlement[] = [];
  for (const priced of outcome.result.lines) {
    const stored = storedLine.get(priced.line_id);
    const billing = billingOf.get(priced.sku);
    if (priced.is_bundle || !stored || !billing) continue;
    for (const year of priced.years) {
      if (year.quantity <= 0) continue;
      const period =
        stored.periodStart && stored.periodEnd
          ? { start: stored.periodStart, end: stored.periodEnd }
          : quote.quoteType === 'ELA'
            ? contractYear(start, contractEnd, year.year)
            : { start, end: contractEnd };
      if (period.end < period.start) continue;
      made.push({
        accountId: quote.accountId,
        sku: priced.sku,
        quantity: year.quantity,
        startDate: period.start,
        endDate: period.end,
        unitNetMinor: Math.max(
          0,
          unitNetOf(priced, billing, year.net_minor, year.quantity, year.months),
        ),
        currencyCode: quote.currencyCode,
        sourceQuoteId: quote.id,
        sourceLineId: stored.id,
      });
    }
  }
  return made;
}

const earliest = (dates: string[]) => dates.reduce((a, b) => (b < a ? b : a));
const latest = (dates: string[]) => dates.reduce((a, b) => (b > a ? b : a));

/** A contract the quote adds onto, held for this transaction; 409 when it is gone. */
async function heldContract(tx: Database, id: string | null | undefined) {
  const [row] = id
    ? await tx.select().from(contracts).where(eq(contracts.id, id)).for('update')
    : [];
  if (!row) {
    throw new AppError(
      'CONFLICT',
      'The contract this quote adds onto no longer exists, so what the customer owns cannot be recorded.',
    );
  }
  return row;
}

/**
 * Records what the customer owns once `quote` is accepted or completed. Does nothing when the
 * quote already did (accepted, then completed) or makes no entitlement. `actorUserId` is who
 * moved the quote; null (a customer accepting through a link) names the quote's owner.
 */
export async function recordInstalledBase(
  tx: Database,
  quote: QuoteRow,
  now: Date,
  actorUserId: string | null = null,
): Promise<void> {
  const [already] = await tx
    .select({ id: entitlements.id })
    .from(entitlements)
    .where(eq(entitlements.sourceQuoteId, quote.id))
    .limit(1);
  if (already) return;
  const made = await entitlementsOf(tx, quote, now);
  if (made.length === 0) return;
  const start = earliest(made.map((e) => e.startDate));
  const end = latest(made.map((e) => e.endDate));

  const kind = quote.renewal?.kind;
  if (kind === 'COTERM' || kind === 'TRUE_UP') {
    const targetId = kind === 'COTERM' ? quote.renewal?.contract_ids[0] : quote.contractId;
    const target = await heldContract(tx, targetId);
    await tx.insert(entitlements).values(made.map((e) => ({ ...e, contractId: target.id })));
    await tx
      .update(contracts)
      .set({
        startDate: start < target.startDate ? start : target.startDate,
        endDate: end > target.endDate ? end : target.endDate,
        updatedAt: now,
      })
      .where(eq(contracts.id, target.id));
    const merged = kind === 'COTERM' ? (quote.renewal?.contract_ids.slice(1) ?? []) : [];
    if (merged.length > 0) {
      await tx
        .update(contracts)
        .set({ renewedAt: now, renewedIntoContractId: target.id, updatedAt: now })
        .where(inArray(contracts.id, merged));
    }
    return;
  }

  const opportunity = objectAt(quote.details, 'opportunity');
  const [created] = await tx
    .insert(contracts)
    .values({
      contractNumber: await nextContractNumber(tx, now),
      accountId: quote.accountId,
      accountName: quote.accountName,
      region: quote.region,
      opportunityId: quote.opportunityId,
      currencyCode: quote.currencyCode,
      startDate: start,
      endDate: end,
      csmName: textAt(opportunity, 'csm_name'),
      csmEmail: textAt(opportunity, 'csm_email'),
      camName: textAt(opportunity, 'cam_name'),
      camEmail: textAt(opportunity, 'cam_email'),
      origin: 'QUOTE',
      sourceQuoteId: quote.id,
      createdBy: actorUserId ?? quote.ownerUserId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: contracts.id });
  if (!created) throw new Error('contract insert returned nothing');
  await tx.insert(entitlements).values(made.map((e) => ({ ...e, contractId: created.id })));

  if (kind === 'RENEWAL' && quote.contractId) {
    await tx
      .update(contracts)
      .set({
        renewedAt: now,
        renewedIntoContractId: created.id,
        renewalQuoteId: quote.id,
        updatedAt: now,
      })
      .where(eq(contracts.id, quote.contractId));
  }
}
