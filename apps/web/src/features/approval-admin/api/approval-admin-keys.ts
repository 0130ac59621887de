import type { QueryKey } from '@tanstack/react-query';
import { useOptimisticListMutation, withoutRow } from '@/components/admin/use-optimistic-list.ts';
import { useRowSaveMutation } from '@/components/admin/use-row-save.ts';
import { apiPost } from '@/lib/api-client.ts';

/** Query keys of the approval admin; saving a group or rule refreshes both (rule counts). */
export const approvalAdminKeys = {
  all: ['approval-admin'] as const,
  groups: ['approval-admin', 'groups'] as const,
  rules: ['approval-admin', 'rules'] as const,
  memberOptions: ['approval-admin', 'member-options'] as const,
  workflows: ['approval-admin', 'workflows'] as const,
  partnerExceptions: ['approval-admin', 'partner-exceptions'] as const,
  partnerOptions: (search: string) => ['approval-admin', 'partner-options', search] as const,
};

export const BASE = '/api/dx/approval-admin';

export interface Deleted {
  id: string;
  is_deleted: true;
}

interface Row {
  id: string;
  version: number;
}

const idOf = (row: Row) => row.id;

/**
 * A save of one row of an approval admin list (`field` of the list the server answers), shown
 * at once and taken back if refused; every list of the admin reloads after (rules show their
 * groups' names, groups count their rules, workflows name their groups).
 */
export function useRowSave<K extends string, TRow extends Row, TInput>(options: {
  listKey: QueryKey;
  field: K;
  path: string;
}) {
  return useRowSaveMutation<Record<K, TRow[]>, TRow, TInput>({
    listKey: options.listKey,
    save: (input) => apiPost<TRow>(`${BASE}/${options.path}`, input),
    rowsOf: (list) => list[options.field],
    withRows: (list, rows) => ({ ...list, [options.field]: rows }),
    idOf,
    alsoInvalidates: [approvalAdminKeys.all],
  });
}

/** A removal of one row (at the version the admin saw), gone at once, back if refused. */
export function useRowDelete<K extends string, TRow extends Row>(options: {
  listKey: QueryKey;
  field: K;
  path: string;
}) {
  return useOptimisticListMutation<Record<K, TRow[]>, TRow, Deleted>({
    listKey: options.listKey,
    mutationFn: (row) =>
      apiPost<Deleted>(`${BASE}/${options.path}`, { id: row.id, version: row.version }),
    patch: (list, row) => ({
      ...list,
      [options.field]: withoutRow(list[options.field], row.id, idOf),
    }),
    alsoInvalidates: [approvalAdminKeys.all],
  });
}
