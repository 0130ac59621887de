import { approvalFact } from '@bastion/domain/approvals/facts';
import { isRoleValue } from '@bastion/domain/permissions/roles';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import type { SaveGroupInput } from '@bastion/domain/approval-admin/api';
import { invalidField, requireAllStored } from './approval-admin-errors.ts';
import {
  findGroup,
  findGroupNamed,
  findUsers,
  insertGroup,
  updateGroupAtVersion,
  type GroupFields,
} from './approval-admin.repository.ts';
import { getApprovalGroup } from './list-groups.ts';
import { saveNamedAtVersion } from './save-at-version.ts';

/** The regions a group may cover: those the region fact knows (decision 013). */
export const GROUP_REGIONS: readonly string[] = approvalFact('region')?.values ?? [];

const unique = (values: readonly string[]) => [...new Set(values)];

/**
 * Creates an approval group (no id) or changes one, members included. A group that is not
 * global covers the regions it lists; every group has at least one member.
 */
export async function saveApprovalGroup(
  db: Database,
  caller: AuthContext,
  input: SaveGroupInput,
  now = new Date(),
) {
  const { fields, members } = groupOf(input);
  const id = await saveNamedAtVersion(db, input, 'approval group', fields.name, (tx) => ({
    checkReferences: async () =>
      requireAllStored(
        members.userIds,
        await findUsers(tx, members.userIds),
        'user_ids',
        'A member user no longer exists; reload the user list.',
      ),
    findNamed: () => findGroupNamed(tx, fields.name, input.id),
    insert: () => insertGroup(tx, fields, members, caller.userId, now),
    find: async (id) => (await findGroup(tx, id))?.group,
    update: (id, expectedVersion) =>
      updateGroupAtVersion(tx, { id, expectedVersion, fields, members }, caller.userId, now),
  }));
  return { ...(await getApprovalGroup(db, id)), isCreated: input.id === undefined };
}

/** What the form asks for, checked on its own: known roles and regions, at least one member. */
function groupOf(input: SaveGroupInput) {
  const roles = unique(input.roles.map((r) => r.toUpperCase()));
  const unknownRole = roles.find((r) => !isRoleValue(r));
  if (unknownRole !== undefined) throw invalidField('roles', `'${unknownRole}' is not a role.`);
  const userIds = unique(input.user_ids);
  if (userIds.length + roles.length === 0) {
    throw invalidField('members', 'Add at least one member: a user or a role.');
  }
  const chosenRegions = input.is_global ? [] : unique(input.regions);
  const unknownRegion = chosenRegions.find((r) => !GROUP_REGIONS.includes(r));
  if (unknownRegion !== undefined) {
    throw invalidField(
      'regions',
      `'${unknownRegion}' is not a region; choose from ${GROUP_REGIONS.join(', ')}.`,
    );
  }
  // Kept in the regions' own order, however they were picked.
  const regions = GROUP_REGIONS.filter((r) => chosenRegions.includes(r));
  if (!input.is_global && regions.length === 0) {
    throw invalidField('regions', 'Choose the regions the group covers, or make it global.');
  }
  const fields: GroupFields = {
    name: input.name,
    description: input.description,
    isGlobal: input.is_global,
    regions,
    isActive: input.is_active,
  };
  return { fields, members: { userIds, roles } };
}
