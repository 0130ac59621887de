import { useQuery } from '@tanstack/react-query';
import { useOptimisticListMutation, withoutRow } from '@/components/admin/use-optimistic-list.ts';
import { useRowSaveMutation } from '@/components/admin/use-row-save.ts';
import { apiPost } from '@/lib/api-client.ts';
import { approvalAdminKeys, BASE, LIST_PATHS, type ListName } from './approval-admin-keys.ts';
import type { ApprovalGroup, ApprovalGroupInput } from './groups.ts';
import type { PartnerException, PartnerExceptionInput } from './partner-exceptions.ts';
import type { ApprovalRule, ApprovalRuleInput } from './rules.ts';
import type { WorkflowTemplate, WorkflowTemplateInput } from './workflows.ts';

/* The list, save and delete of every approval admin list, one declaration for all four. */

/** Each list's row, and what a save of one sends. */
interface ApprovalAdminLists extends Record<ListName, { row: unknown; input: unknown }> {
  groups: { row: ApprovalGroup; input: ApprovalGroupInput };
  rules: { row: ApprovalRule; input: ApprovalRuleInput };
  workflows: { row: WorkflowTemplate; input: WorkflowTemplateInput };
  partner_exceptions: { row: PartnerException; input: PartnerExceptionInput };
}
type RowOf<K extends ListName> = ApprovalAdminLists[K]['row'];
/** The list as the server answers it: `{ groups: [...] }`. */
type ListOf<K extends ListName> = { [F in K]: RowOf<F>[] };

export interface Deleted {
  id: string;
  is_deleted: true;
}

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
  return useRowSaveMutation<ListOf<K>, RowOf<K>, ApprovalAdminLists[K]['input']>({
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
