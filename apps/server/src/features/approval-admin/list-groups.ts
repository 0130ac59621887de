import type { Database } from '@bastion/db/client';
import type { GroupView } from '@bastion/domain/approval-admin/api';
import { notFound } from './approval-admin-errors.ts';
import { findGroup, listGroups, listMembers, type GroupRow } from './approval-admin.repository.ts';
import { editedFieldsOf } from '../../lib/edited-fields.ts';

type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

function groupView(
  row: { group: GroupRow; ruleCount: number; editor: string | null },
  members: readonly MemberRow[],
): GroupView {
  const { group } = row;
  const own = members.filter((m) => m.groupId === group.id);
  const users = own.flatMap((m) =>
    m.userId === null
      ? []
      : [
          {
            id: m.userId,
            name: m.userName,
            email: m.userEmail ?? '',
            is_disabled: m.userIsDisabled ?? false,
          },
        ],
  );
  const roles = own.flatMap((m) => (m.role === null ? [] : [m.role]));
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    is_global: group.isGlobal,
    regions: group.isGlobal ? [] : group.regions,
    is_active: group.isActive,
    version: group.version,
    users,
    roles,
    member_count: users.length + roles.length,
    rule_count: row.ruleCount,
    ...editedFieldsOf(group, row.editor),
  };
}

/** Every approval group with its members and how many active rules require it. */
export async function listApprovalGroups(db: Database) {
  const [rows, members] = await Promise.all([listGroups(db), listMembers(db, null)]);
  return { groups: rows.map((row) => groupView(row, members)) };
}

export async function getApprovalGroup(db: Database, id: string): Promise<GroupView> {
  const row = await findGroup(db, id);
  if (!row) throw notFound('approval group');
  return groupView(row, await listMembers(db, [id]));
}
