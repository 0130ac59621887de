import type { PermissionFlags } from './flags.ts';
import type { RoleEntry } from './roles.ts';

/**
 * Which opportunities and quotes a user sees (docs/decisions/009): everything for the deal desk,
 * root admins and finance; otherwise those of their REGION and ACCOUNT assignments and their own.
 */
export type VisibilityScope =
  { kind: 'all' } | { kind: 'assigned'; regions: string[]; accountIds: string[] };

const REGION_ALIASES: Readonly<Record<string, string>> = {
  EMEA: 'EMEA',
  NA: 'North America',
  NORTHAMERICA: 'North America',
  NORAM: 'North America',
  AMER: 'Americas',
  AMERICAS: 'Americas',
  LATAM: 'LATAM',
  LATINAMERICA: 'LATAM',
  APJ: 'APJ',
  APAC: 'APJ',
};

/** The region as opportunities spell it ('NA' → 'North America'); unknown text is kept. */
export function canonicalRegion(value: string): string {
  const key = value.toUpperCase().replace(/[^A-Z]/g, '');
  return REGION_ALIASES[key] ?? value.trim();
}

export function visibilityScopeOf(
  roles: readonly RoleEntry[],
  flags: Pick<PermissionFlags, 'is_root_admin' | 'is_deal_desk_user' | 'is_finance'>,
): VisibilityScope {
  if (flags.is_root_admin || flags.is_deal_desk_user || flags.is_finance) return { kind: 'all' };
  const regions = new Set<string>();
  const accountIds = new Set<string>();
  for (const role of roles) {
    for (const value of role.assignment_value) {
      if (role.assignment === 'REGION') regions.add(canonicalRegion(value));
      if (role.assignment === 'ACCOUNT') accountIds.add(value.trim());
    }
  }
  return { kind: 'assigned', regions: [...regions], accountIds: [...accountIds] };
}
