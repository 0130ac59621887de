import type { AnswerData } from '@bastion/domain/api/envelope';
import type {
  ZDeleted,
  ZGroup,
  ZPartnerException,
  ZRule,
  ZWorkflow,
} from '@bastion/domain/approval-admin/api';
import type {
  ZSaveGroupBody,
  ZSavePartnerExceptionBody,
  ZSaveRuleBody,
  ZSaveWorkflowBody,
} from '@bastion/domain/approval-admin/schemas';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { useOptimisticListMutation, withoutRow } from '@/components/admin/use-optimistic-list.ts';
import { useRowSaveMutation } from '@/components/admin/use-row-save.ts';
import { apiPost } from '@/lib/api-client.ts';
import { approvalAdminKeys, BASE, LIST_PATHS, type ListName } from './approval-admin-keys.ts';

/* The list, save and delete of every approval admin list, one declaration for all four. */

/** Each list's row (the server answers `{ groups: [...] }`), and what a save of one sends. */
type Rows = Record<'groups', z.infer<typeof ZGroup>> &
  Record<'rules', z.infer<typeof ZRule>> &
  Record<'workflows', z.infer<typeof ZWorkflow>> &
  Record<'partner_exceptions', z.infer<typeof ZPartnerException>>;
type SaveBodies = Record<'groups', z.input<typeof ZSaveGroupBody>> &
  Record<'rules', z.input<typeof ZSaveRuleBody>> &
  Record<'workflows', z.input<typeof ZSaveWorkflowBody>> &
  Record<'partner_exceptions', z.input<typeof ZSavePartnerExceptionBody>>;
type RowOf<K extends ListName> = Rows[K];
/** The list as the server answers it: `{ groups: [...] }`. */
type ListOf<K extends ListName> = { [F in K]: RowOf<F>[] };

export type Deleted = AnswerData<typeof ZDeleted>;

const idOf = (row: { id: string }) => row.id;
const pathOf = (name: ListName, action: 'list' | 'save' | 'delete') =>
  `${BASE}/${LIST_PATHS[name]}/${action}`;

export function useAdminList<K extends ListName>(name: K) {
  return useQuery({
    queryKey: approvalAdminKeys.list(name),
    queryFn: ({ signal }) => apiPost<ListOf<K>>(pathOf(name, 'list'), {}, { signal }),
  });
}

/**
 * A save of one row of an approval admin list, shown at once and taken back if refused; every
 * list of the admin reloads after (rules show their groups' names, groups count their rules,
 * workflows name their groups).
 */
export function useRowSave<K extends ListName>(name: K) {
  return useRowSaveMutation<ListOf<K>, RowOf<K>, SaveBodies[K]>({
    listKey: approvalAdminKeys.list(name),
    save: (input) => apiPost<RowOf<K>>(pathOf(name, 'save'), input),
    rowsOf: (list) => list[name],
    withRows: (list, rows) => ({ ...list, [name]: rows }),
    idOf,
    alsoInvalidates: [approvalAdminKeys.all],
  });
}

/** A removal of one row (at the version the admin saw), gone at once, back if refused. */
export function useRowDelete<K extends ListName>(name: K) {
  return useOptimisticListMutation<ListOf<K>, RowOf<K>, Deleted>({
    listKey: approvalAdminKeys.list(name),
    mutationFn: (row) =>
      apiPost<Deleted>(pathOf(name, 'delete'), { id: row.id, version: row.version }),
    patch: (list, row) => ({ ...list, [name]: withoutRow(list[name], row.id, idOf) }),
    alsoInvalidates: [approvalAdminKeys.all],
  });
}
