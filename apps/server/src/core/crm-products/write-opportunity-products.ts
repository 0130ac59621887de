import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@bastion/db/client';
import { opportunityProductsOf } from '@bastion/domain/crm/opportunity-products';
import { CrmUnavailableError, type CrmAdapter } from '../../integrations/crm/crm-adapter.ts';
import { UnknownOpportunityError } from '../../integrations/crm/embedded-adapter.repository.ts';
import { snapshotQuote } from '../revisions/take-revision.ts';
import {
  claimProductWrite,
  findQuoteRow,
  listOwedOpportunityIds,
  recordProductWriteFailed,
  recordProductsWritten,
} from './product-writes.repository.ts';

/*
 * Issue 37 (part 6, docs/decisions/044): writes the primary quote's lines to its opportunity as
 * products, through the CRM adapter, which sends only what differs.
 */

export interface ProductWriteDeps {
  db: Database;
  crm: CrmAdapter;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  now?: () => Date;
}

/** A writer holds an opportunity at most this long; a crashed one's claim runs out. */
const CLAIM_MS = 2 * 60_000;
/** Rounds for changes that land while a write runs; more are left to the next change or sync. */
const ROUNDS = 3;

const UNEXPECTED = 'The write failed unexpectedly; the server log has the details.';

class NotPricedError extends Error {}

/**
 * Writes what the opportunity is owed, if anything and if no other writer holds it. Never
 * throws: a failure is recorded on the opportunity's row (the CRM admin page lists it).
 */
export async function writeOwedProducts(
  deps: ProductWriteDeps,
  opportunityId: string,
): Promise<void> {
  const now = deps.now ?? (() => new Date());
  for (let round = 0; round < ROUNDS; round += 1) {
    const at = now();
    let claimed;
    try {
      claimed = await claimProductWrite(
        deps.db,
        opportunityId,
        at,
        new Date(at.getTime() + CLAIM_MS),
      );
    } catch (error) {
      deps.log.error({ err: error, opportunityId }, 'opportunity products not claimed');
      return;
    }
    if (!claimed) return;
    try {
      const quote = await findQuoteRow(deps.db, claimed.quoteId);
      if (!quote) throw new NotPricedError('The primary quote no longer exists.');
      const { snapshot } = await snapshotQuote(deps.db, quote);
      const outcome = opportunityProductsOf(
        { id: quote.id, quote_number: quote.quoteNumber },
        snapshot,
      );
      if (!outcome.ok) throw new NotPricedError(outcome.message);
      await deps.crm.writeOpportunityProducts(opportunityId, {
        currencyCode: quote.currencyCode,
        products: outcome.products,
      });
      const isWritten = await recordProductsWritten(
        deps.db,
        opportunityId,
        claimed,
        outcome.products.length,
        now(),
      );
      if (isWritten) return;
    } catch (error) {
      const isExplained =
        error instanceof CrmUnavailableError ||
        error instanceof NotPricedError ||
        error instanceof UnknownOpportunityError;
      deps.log.warn({ err: error, opportunityId }, 'opportunity products not written to the CRM');
      await recordProductWriteFailed(
        deps.db,
        opportunityId,
        isExplained ? error.message : UNEXPECTED,
        now(),
      ).catch((failure: unknown) =>
        deps.log.error({ err: failure, opportunityId }, 'product write failure not recorded'),
      );
      return;
    }
  }
}

/** Every opportunity still owed its products, one after another (a CRM sync ends with this). */
export async function writeAllOwedProducts(deps: ProductWriteDeps): Promise<void> {
  for (const opportunityId of await listOwedOpportunityIds(deps.db)) {
    await writeOwedProducts(deps, opportunityId);
  }
}
