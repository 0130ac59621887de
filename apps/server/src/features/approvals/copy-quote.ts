import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CrmAdapter } from '../../integrations/crm/crm-adapter.ts';
import { priceStoredLines } from '../../core/pricing/stored-line-pricing.ts';
import { writeBackNewQuote } from '../../integrations/crm/write-back-new-quote.ts';
import { claimPrimaryIfNone } from '../../core/quotes/primary-quote.repository.ts';
import {
  industryOfAccount,
  refuseQuoteTypeNotOffered,
} from '../../core/quotes/ela-offer.repository.ts';
import {
  insertQuoteWithHistory,
  quoteActorOf,
  type QuoteRow,
} from '../../core/quotes/quote-writes.repository.ts';
import { lifecycleResultOf, requireApprovalQuote } from './approval-state.ts';
import type { LifecycleResult } from '@bastion/domain/approvals/api';
import {
  contentsFor,
  insertQuoteLineRecords,
  insertShippingLineRecords,
  insertTermRecords,
  insertTermSetRecord,
  readQuoteContents,
  type QuoteLineRecord,
} from '../../core/quotes/quote-contents.repository.ts';

export interface CopyDeps {
  db: Database;
  crm: CrmAdapter;
  log: { warn: (details: object, message: string) => void };
}

const MAX_NAME = 200;

/** The copy's net at its own price date (today); the source's total when it cannot be priced. */
async function totalOf(
  db: Database,
  source: QuoteRow,
  priceDate: string,
  lines: QuoteLineRecord[],
) {
  if (lines.length === 0) return 0;
  const years = source.quoteType === 'ELA' ? Math.min(5, Math.ceil(source.contractLength / 12)) : 1;
  const outcome = await priceStoredLines(db, { ...source, priceDate }, lines, years);
  return outcome.ok ? outcome.result.totals.net_minor : source.totalAmountMinor;
}

/**
 * Copies a quote (`can_copy`): a new INCOMPLETE quote of the caller's, with the same header,
 * products, shipping and terms, priced at today's prices, linked to its source; never its
 * approvals. Its terms must be saved again on the way to the summary (they name the old quote).
 */
export async function copyQuote(
  deps: CopyDeps,
  caller: AuthContext,
  input: { quoteId: string; quoteName?: string | undefined },
  now = new Date(),
): Promise<LifecycleResult> {
  const { db } = deps;
  if (!caller.permissions.can_copy) throw new AppError('FORBIDDEN', 'You may not copy quotes.');
  const source = await requireApprovalQuote(db, caller, input.quoteId);
  if (source.quoteType === 'LEGACY') {
    throw new AppError('CONFLICT', 'Legacy quotes are not copied: create a new quote instead.');
  }
  // A copy is a new quote: app setting remove_ela_healthcare applies to it as to creation.
  await refuseQuoteTypeNotOffered(db, {
    quoteType: source.quoteType,
    industry: await industryOfAccount(db, source.accountId),
  });
  const { lines, shipping, terms, termSets } = await readQuoteContents(db, source.id);
  const priceDate = now.toISOString().slice(0, 10);
  const name = (input.quoteName ?? `Copy of ${source.quoteName}`).slice(0, MAX_NAME);

  const copy = await insertQuoteWithHistory(
    db,
    {
      opportunityId: source.opportunityId,
      accountId: source.accountId,
      accountName: source.accountName,
      partnerName: source.partnerName,
      region: source.region,
      ownerUserId: caller.userId,
      createdBy: caller.userId,
      updatedBy: caller.userId,
      quoteName: name,
      quoteType: source.quoteType,
      dealType: source.dealType,
      statusId: 'INCOMPLETE',
      isCoterm: source.isCoterm,
      isRenewal: source.isRenewal,
      contractLength: source.contractLength,
      salesChannel: source.salesChannel,
      partnerType: source.partnerType,
      currencyCode: source.currencyCode,
      totalAmountMinor: await totalOf(db, source, priceDate, lines),
      priceDate,
      secureAccess: source.secureAccess,
      details: source.details,
      copiedFromQuoteId: source.id,
      // A renewal, co-term or true-up copy is about the same contracts (issue 18).
      contractId: source.contractId,
      renewal: source.renewal,
    },
    quoteActorOf(caller),
    now,
    async (tx, row) => {
      const copied = contentsFor(row.id, { lines, shipping, terms });
      await insertQuoteLineRecords(tx, copied.lines);
      await insertShippingLineRecords(tx, copied.shipping);
      await insertTermRecords(tx, copied.terms);
      const termSet = termSets[0];
      if (termSet) {
        await insertTermSetRecord(tx, {
          ...termSet,
          quoteId: row.id,
          savedAt: now,
          savedBy: caller.userId,
        });
      }
    },
    [{ field: 'copied_from', before: null, after: source.quoteNumber }],
  );

  if (copy.opportunityId && (await claimPrimaryIfNone(db, copy))) {
    await writeBackNewQuote(
      deps,
      copy.opportunityId,
      copy,
      'quote copy not written back to the CRM',
    );
  }
  return lifecycleResultOf(db, caller, copy);
}
