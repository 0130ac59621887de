import type { RoleGrant } from '@bastion/domain/accounts/user-admin-schemas';
import { CRM_REGIONS } from '@bastion/domain/crm/schemas';
import { canonicalRegion } from '@bastion/domain/permissions/visibility';
import type { RoleValue } from '@bastion/domain/permissions/roles';
import type { Database } from '@bastion/db/client';
import { invalidField } from './user-admin-errors.ts';
import { findAccountIds } from './users.repository.ts';

const KNOWN_REGIONS: ReadonlySet<string> = new Set(CRM_REGIONS);

/**
 * The roles as they are stored: REGION values in their canonical spelling and known, ACCOUNT
 * values naming CRM accounts, each value once. A 400 on the first value that is neither.
 */
export async function checkRoleGrants(
  db: Database,
  roles: readonly RoleGrant[],
): Promise<RoleGrant[]> {
  const checked: RoleGrant[] = [];
  const accountIds = new Set(
    await findAccountIds(
      db,
      roles.filter((r) => r.assignment === 'ACCOUNT').flatMap((r) => r.assignment_value),
    ),
  );
  for (const [index, role] of roles.entries()) {
    const path = `roles.${index}.assignment_value`;
    if (role.assignment === 'REGION') {
      const regions = role.assignment_value.map(canonicalRegion);
      const unknown = regions.find((region) => !KNOWN_REGIONS.has(region));
      if (unknown !== undefined) {
        throw invalidField(
          path,
          `There is no region "${unknown}" (${role.value}): choose from ${CRM_REGIONS.join(', ')}.`,
        );
      }
      checked.push({ ...role, assignment_value: [...new Set(regions)] });
      continue;
    }
    if (role.assignment === 'ACCOUNT') {
      const unknown = role.assignment_value.find((id) => !accountIds.has(id));
      if (unknown !== undefined) {
        throw invalidField(
          path,
          `There is no CRM account with the id "${unknown}" (${role.value}).`,
        );
      }
      checked.push({ ...role, assignment_value: [...new Set(role.assignment_value)] });
      continue;
    }
    checked.push({ ...role, assignment_value: [] });
  }
  return checked;
}

const sameValues = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\u0001') === [...b].sort().join('\u0001');

/** The roles added, removed, or whose assignment changed, from `before` to `after`. */
export function touchedRoles(
  before: readonly RoleGrant[],
  after: readonly RoleGrant[],
): RoleValue[] {
  const touched = new Set<RoleValue>();
  for (const role of after) {
    const old = before.find((r) => r.value === role.value);
    if (
      !old ||
      old.assignment !== role.assignment ||
      !sameValues(old.assignment_value, role.assignment_value)
    ) {
      touched.add(role.value);
    }
  }
  for (const role of before) {
    if (!after.some((r) => r.value === role.value)) touched.add(role.value);
  }
  return [...touched];
}
