import type { PermissionFlags } from '../permissions/flags.ts';
import { SEARCH_KINDS, type SearchKind } from './schemas.ts';

/**
 * Which kinds of record a user's search looks through: only those whose pages they may open
 * (issue 19: the search never lists what the user could not open). Quotes, opportunities and
 * accounts open the quote grids (can_see_quotes); SKUs the product catalogue (catalogue roles);
 * users the user administration pages.
 */
const MAY_SEARCH = {
  quote: (f) => f.can_see_quotes,
  opportunity: (f) => f.can_see_quotes,
  account: (f) => f.can_see_quotes,
  sku: (f) => f.has_catalog_role || f.is_root_admin,
  user: (f) => f.is_user_admin || f.is_root_admin,
} as const satisfies Record<SearchKind, (flags: SearchFlags) => boolean>;

export type SearchFlags = Pick<
  PermissionFlags,
  'can_see_quotes' | 'has_catalog_role' | 'is_root_admin' | 'is_user_admin'
>;

export function searchKindsFor(flags: SearchFlags): SearchKind[] {
  return SEARCH_KINDS.filter((kind) => MAY_SEARCH[kind](flags));
}
