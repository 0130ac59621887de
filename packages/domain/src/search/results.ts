import { quoteStatusLabel } from '../quotes/status-display.ts';
import { quoteTargetPath, type QuoteRouteFields } from '../quotes/quote-route.ts';
import {
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  type SearchGroup,
  type SearchKind,
  type SearchResult,
} from './schemas.ts';

/*
 * What each kind of search result shows and which page it opens (issue 19). Every path is one the
 * user who was shown the result may open: the server lists a kind only to those.
 */

const segment = encodeURIComponent;
const joinParts = (...parts: (string | null | undefined)[]) =>
  parts.filter((part): part is string => Boolean(part?.trim())).join(' · ');

/** A quote opens where its state leads (spec §2 "Quote target by state"). */
export function quoteResult(
  quote: QuoteRouteFields & {
    id: string;
    quote_number: string;
    quote_name: string;
    account_name: string;
    partner_name: string;
  },
): SearchResult {
  return {
    kind: 'quote',
    id: quote.id,
    title: joinParts(quote.quote_number, quote.quote_name),
    subtitle: joinParts(
      quote.account_name,
      quote.partner_name ? `via ${quote.partner_name}` : null,
      quoteStatusLabel(quote.status_id),
    ),
    path: quoteTargetPath(quote),
  };
}

/** An opportunity opens the grid of its quotes, where a new one can also be made. */
export const opportunityQuotesPath = (opportunityId: string) =>
  `/cpq/grid/quotes/${segment(opportunityId)}/ref`;

export function opportunityResult(opportunity: {
  id: string;
  name: string;
  account_name: string;
  region: string;
}): SearchResult {
  return {
    kind: 'opportunity',
    id: opportunity.id,
    title: opportunity.name,
    subtitle: joinParts(opportunity.account_name, opportunity.region, opportunity.id),
    path: opportunityQuotesPath(opportunity.id),
  };
}

/** An account opens the quotes grid searching for its name (the grid searches account names). */
export const accountQuotesPath = (accountName: string) =>
  `/cpq/grid/quotes/ref?q=${encodeURIComponent(accountName)}`;

export function accountResult(account: { id: string; name: string; region: string }): SearchResult {
  return {
    kind: 'account',
    id: account.id,
    title: account.name,
    subtitle: joinParts('Account', account.region),
    path: accountQuotesPath(account.name),
  };
}

/** A SKU opens the product catalogue, naming the SKU. */
export const skuCatalogPath = (sku: string) =>
  `/commcat/grid/catalog/ref?sku=${encodeURIComponent(sku)}`;

export function skuResult(sku: { sku: string; name: string }): SearchResult {
  return {
    kind: 'sku',
    id: sku.sku,
    title: sku.sku,
    subtitle: sku.name,
    path: skuCatalogPath(sku.sku),
  };
}

/** A user opens their detail page (user administrators). */
export const userDetailPath = (email: string) => `/cpq/user-detail/${segment(email)}/ref`;

export function userResult(user: {
  email: string;
  first_name: string;
  last_name: string;
  is_disabled: boolean;
}): SearchResult {
  const name = [user.first_name, user.last_name]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return {
    kind: 'user',
    id: user.email,
    title: name || user.email,
    subtitle: joinParts(name ? user.email : null, user.is_disabled ? 'Disabled' : null),
    path: userDetailPath(user.email),
  };
}

/** The kinds that found something, in the order of SEARCH_KINDS, each with its heading. */
export function groupSearchResults(
  found: Partial<Record<SearchKind, readonly SearchResult[]>>,
): SearchGroup[] {
  return SEARCH_KINDS.flatMap((kind) => {
    const results = found[kind] ?? [];
    return results.length === 0
      ? []
      : [{ kind, label: SEARCH_KIND_LABELS[kind], results: [...results] }];
  });
}

/**
 * The result highlighted after a key in the results list: ArrowDown and ArrowUp move through all
 * results (the groups read as one list) and wrap; Home and End jump. -1 is none highlighted.
 */
export function moveSearchHighlight(current: number, key: string, count: number): number {
  if (count <= 0) return -1;
  switch (key) {
    case 'ArrowDown':
      return current < 0 || current >= count - 1 ? 0 : current + 1;
    case 'ArrowUp':
      return current <= 0 ? count - 1 : current - 1;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return Math.min(current, count - 1);
  }
}
