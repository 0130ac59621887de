import { searchKindsFor } from '@bastion/domain/search/kinds';
import {
  accountResult,
  groupSearchResults,
  opportunityResult,
  quoteResult,
  skuResult,
  userResult,
} from '@bastion/domain/search/results';
import type { SearchKind, SearchResult, SearchResults } from '@bastion/domain/search/schemas';
import { searchTermsOf } from '@bastion/domain/search/terms';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { viewerOf } from '../../core/quotes/visibility.repository.ts';
import {
  searchAccounts,
  searchOpportunities,
  searchQuotes,
  searchSkus,
  searchUsers,
} from './search.repository.ts';

/**
 * POST /api/dx/search: the top navigation's search (issue 19). Looks through the kinds the caller
 * may open (domain searchKindsFor), each within the caller's scope as the grids show it, and
 * answers the groups that found something.
 */
export async function searchRecords(
  db: Database,
  caller: AuthContext,
  request: { query: string; limit_per_kind: number },
): Promise<SearchResults> {
  const viewer = viewerOf(caller);
  const terms = searchTermsOf(request.query, request.limit_per_kind);
  const search: Record<SearchKind, () => Promise<SearchResult[]>> = {
    quote: async () => (await searchQuotes(db, viewer, terms)).map(quoteResult),
    opportunity: async () => (await searchOpportunities(db, viewer, terms)).map(opportunityResult),
    account: async () => (await searchAccounts(db, viewer, terms)).map(accountResult),
    sku: async () => (await searchSkus(db, terms)).map(skuResult),
    user: async () => (await searchUsers(db, terms)).map(userResult),
  };
  const kinds = searchKindsFor(caller.permissions);
  // Each kind reads on its own connection of the pool, at the same time.
  const found = await Promise.all(kinds.map(async (kind) => [kind, await search[kind]()] as const));
  return { query: request.query, groups: groupSearchResults(Object.fromEntries(found)) };
}
