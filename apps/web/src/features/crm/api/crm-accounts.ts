import type { AnswerData } from '@bastion/domain/api/envelope';
import type {
  ZAccountResponse,
  ZAccountSummary,
  ZContactResponse,
  ZDeleteContactResponse,
  ZListAccountsBody,
  ZListAccountsResponse,
} from '@bastion/domain/crm/api';
import type {
  CrmAccountKind,
  ZSaveAccountBody,
  ZSaveContactBody,
} from '@bastion/domain/crm/schemas';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost } from '@/lib/api-client.ts';
import {
  recordKeys,
  usePostMutation,
  usePostQuery,
  useRecordQuery,
  useRefreshAfterChange,
} from '@/lib/api-query.ts';

/*
 * The built-in CRM's accounts and their contacts, as its admins edit them
 * (POST /api/sfdc/accounts/*, /api/sfdc/contacts/*).
 */

export type { CrmAccountKind };

export type CrmContact = AnswerData<typeof ZContactResponse>;
export type CrmAccount = AnswerData<typeof ZAccountResponse>;
export type CrmAccountSummary = z.infer<typeof ZAccountSummary>;
/** What the account list asks for: the search, the kind and the page. */
export type CrmAccountListRequest = z.input<typeof ZListAccountsBody>;

/** A page of a CRM list (accounts, opportunities): its rows, the total, the page and its size. */
export type CrmRecordPage<T> = Omit<AnswerData<typeof ZListAccountsResponse>, 'rows'> & {
  rows: T[];
};

/** What the account form sends: no id creates an account. */
export type CrmAccountInput = z.input<typeof ZSaveAccountBody>;

/** What the contact form sends: no id adds a contact. */
export type CrmContactInput = z.input<typeof ZSaveContactBody>;

export const crmAccountKeys = recordKeys<CrmAccountListRequest>('crm', 'accounts');

/** One page of accounts; the previous page stays on screen while the next loads. */
export const useCrmAccounts = (
  request: CrmAccountListRequest,
  options: { enabled?: boolean } = {},
) =>
  usePostQuery<CrmRecordPage<CrmAccountSummary>>(
    crmAccountKeys.list(request),
    '/api/sfdc/accounts/list',
    request,
    { keepsPrevious: true, enabled: options.enabled ?? true },
  );

/** One account with its contacts; nothing is fetched while id is null. */
export const useCrmAccount = (id: string | null) =>
  useRecordQuery<CrmAccount>(crmAccountKeys.one, '/api/sfdc/accounts/get', 'id', id);

/**
 * Account names show in the opportunity lists and the quote grids too: a change refreshes them.
 * The grids are the quotes feature's; they share the ['grid'] key.
 */
const useRefreshAfterAccountChange = () =>
  useRefreshAfterChange(
    (account: CrmAccount) => crmAccountKeys.one(account.id),
    () => [crmAccountKeys.all, ['crm', 'opportunities'], ['grid']],
  );

export function useSaveCrmAccount() {
  const refresh = useRefreshAfterAccountChange();
  return usePostMutation<CrmAccountInput, CrmAccount>('/api/sfdc/accounts/save', refresh);
}

export function useSaveCrmContact() {
  const refresh = useRefreshAfterAccountChange();
  return usePostMutation<CrmContactInput, CrmContact>('/api/sfdc/contacts/save', () => refresh());
}

export function useDeleteCrmContact() {
  const refresh = useRefreshAfterAccountChange();
  return useMutation({
    mutationFn: (id: string) =>
      apiPost<AnswerData<typeof ZDeleteContactResponse>>('/api/sfdc/contacts/delete', { id }),
    onSuccess: () => refresh(),
  });
}
