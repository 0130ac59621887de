import type {
  CrmAccount,
  CrmContact,
  CrmLineItem,
  CrmOpportunity,
  CrmTeamMember,
} from '../../lib/db/rows.ts';
import type { OpportunityProduct } from '@bastion/domain/crm/opportunity-products';

export type { CrmAccount, CrmContact, CrmLineItem, CrmOpportunity, CrmTeamMember };

/** An opportunity with everything a quote takes from it, as the CRM has it now. */
export interface CrmOpportunitySnapshot {
  opportunity: CrmOpportunity;
  /** The customer account, the partner and the distributor (when there are ones). */
  accounts: CrmAccount[];
  /** Contacts of those accounts (the partner contact among them). */
  contacts: CrmContact[];
  team: CrmTeamMember[];
  lineItems: CrmLineItem[];
}

/** What Bastion writes back to the opportunity when its quote moves. */
export interface QuoteWriteBack {
  quoteNumber: string;
  status: string;
  amountMinor: number;
  currencyCode: string;
  /** The opportunity's new stage, when the quote's move closes it ('Closed Won' on completion). */
  stage?: string;
}

/** What writing an opportunity's products changed: all zero when the CRM already held them. */
export interface ProductWriteOutcome {
  created: number;
  updated: number;
  removed: number;
}

/**
 * The boundary to the customer-relationship system (docs/decisions/008). Bastion reads and
 * scopes opportunities from its own tables; an adapter fills them (sync), refreshes one before a
 * quote is made from it, and writes quote progress back.
 */
export interface CrmAdapter {
  readonly kind: 'embedded' | 'salesforce';
  /** Throws CrmUnavailableError when the CRM cannot be reached or refuses the credentials. */
  ping(): Promise<void>;
  /** Opportunities changed since `since` (all of them when null), for the local copy. */
  fetchChangedOpportunities(since: Date | null): Promise<CrmOpportunitySnapshot[]>;
  /**
   * Ids of opportunities deleted in the CRM since `since` (all it still remembers when null), so
   * the copy can take them out of lists.
   */
  fetchRemovedOpportunityIds(since: Date | null): Promise<string[]>;
  /** One opportunity as the CRM has it now; null when the CRM does not know the id. */
  getOpportunity(id: string): Promise<CrmOpportunitySnapshot | null>;
  /** Whether the opportunity has product lines entered by hand in the CRM. */
  hasManualProductLines(id: string): Promise<boolean>;
  writeBackQuote(opportunityId: string, quote: QuoteWriteBack): Promise<void>;
  /**
   * Makes the opportunity's products that Bastion wrote exactly `products` (the primary quote's
   * lines, docs/decisions/044), touching nothing when they already are and never a product typed
   * in the CRM. Throws CrmUnavailableError when the CRM refuses, saying why.
   */
  writeOpportunityProducts(
    opportunityId: string,
    write: { currencyCode: string; products: readonly OpportunityProduct[] },
  ): Promise<ProductWriteOutcome>;
}

/** The CRM did not answer, or refused: the caller reports it and changes nothing. */
export class CrmUnavailableError extends Error {
  override readonly name = 'CrmUnavailableError';
}
