import { and, eq, gte, inArray, isNull, notInArray } from 'drizzle-orm';
import type { ContractDetail, ContractSummary } from '@bastion/domain/renewals/schemas';
import type { Database } from '@bastion/db/client';
import { contracts, quoteLines } from '@bastion/db/schema/quotes';
import {
  readContractDetails,
  readContractSummaries,
} from '../../core/renewals/contracts.repository.ts';
import { contractVisibleTo, type Viewer } from '../../core/quotes/visibility.repository.ts';

/** Queries of the renewal quotes (issue 18): the contracts they renew and the lines they start with. */

/** The contracts the viewer may see among `ids` (distinct), with their lines, in no set order. */
export async function readVisibleContractDetails(
  db: Database,
  viewer: Viewer,
  ids: readonly string[],
): Promise<ContractDetail[]> {
  return readContractDetails(
    db,
    and(inArray(contracts.id, [...new Set(ids)]), contractVisibleTo(viewer)),
  );
}

/**
 * The account's contracts the viewer may see that are neither lost nor renewed, ending on or
 * after `endingFrom`, other than `exceptIds`.
 */
export async function readOpenAccountContracts(
  db: Database,
  viewer: Viewer,
  filter: { accountId: string; endingFrom: string; exceptIds: readonly string[]; today: string },
): Promise<ContractSummary[]> {
  return readContractSummaries(
    db,
    and(
      eq(contracts.accountId, filter.accountId),
      contractVisibleTo(viewer),
      isNull(contracts.lostAt),
      isNull(contracts.renewedAt),
      gte(contracts.endDate, filter.endingFrom),
      filter.exceptIds.length > 0 ? notInArray(contracts.id, [...filter.exceptIds]) : undefined,
    ),
    filter.today,
  );
}

/** The first lines of a new quote (call it in the quote's transaction). */
export async function insertQuoteLineRows(
  tx: Database,
  rows: readonly (typeof quoteLines.$inferInsert)[],
) {
  if (rows.length === 0) return;
  await tx.insert(quoteLines).values([...rows]);
}

/**
 * Makes the quote the contract's renewal quote, only if the contract's renewal quote is still
 * `expected` (no one started another meanwhile): false otherwise.
 */
export async function claimContractRenewal(
  tx: Database,
  claim: { contractId: string; expected: string | null; quoteId: string; now: Date },
): Promise<boolean> {
  const claimed = await tx
    .update(contracts)
    .set({ renewalQuoteId: claim.quoteId, updatedAt: claim.now })
    .where(
      and(
        eq(contracts.id, claim.contractId),
        claim.expected === null
          ? isNull(contracts.renewalQuoteId)
          : eq(contracts.renewalQuoteId, claim.expected),
      ),
    )
    .returning({ id: contracts.id });
  return claimed.length > 0;
}

/** The quote becomes the contract's renewal quote if it has none yet. */
export async function setContractRenewalQuoteIfNone(
  tx: Database,
  contractId: string,
  quoteId: string,
) {
  await tx
    .update(contracts)
    .set({ renewalQuoteId: quoteId })
    .where(and(eq(contracts.id, contractId), isNull(contracts.renewalQuoteId)));
}
