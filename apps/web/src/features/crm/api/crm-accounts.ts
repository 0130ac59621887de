import type {
  CrmAccountKind,
  ZSaveAccountBody,
  ZSaveContactBody,
} from '@bastion/domain/crm/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost } from '@/lib/api-client.ts';

/*
 * The built-in CRM's accounts and their contacts, as its admins edit them
 * (POST /api/sfdc/accounts/*, /api/sfdc/contacts/*).
 */

export type { CrmAccountKind };

export interface CrmContact {
  id: string;
  account_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  title: string;
}

export interface CrmAccount {
  id: string;
  name: string;
  kind: CrmAccountKind;
  region: string;
  /** ISO 3166 alpha-2, or ''. */
  country: string;
  billing_street: string;
  billing_city: string;
  billing_state: string;
  billing_postal_code: string;
  billing_country: string;
  shipping_street: string;
  shipping_city: string;
  shipping_state: string;
  shipping_postal_code: string;
  shipping_country: string;
  payment_term_days: number | null;
  payment_term_name: string | null;
  partner_type: string | null;
  is_public_sector: boolean;
  updated_at: string;
  contacts: CrmContact[];
}

export interface CrmAccountSummary {
  id: string;
  name: string;
  kind: CrmAccountKind;
  region: string;
  country: string;
  partner_type: string | null;
  contact_count: number;
  updated_at: string;
}

export interface CrmAccountListRequest {
  search: string;
  kind: CrmAccountKind | null;
  page: number;
  page_size: number;
}

export interface CrmRecordPage<T> {
  rows: T[];
  total: number;
  page: number;
  page_size: number;
}

/** What the account form sends: no id creates an account. */
export type CrmAccountInput = z.input<typeof ZSaveAccountBody>;

/** What the contact form sends: no id adds a contact. */
export type CrmContactInput = z.input<typeof ZSaveContactBody>;

export const crmAccountKeys = {
  all: ['crm', 'accounts'] as const,
  list: (request: CrmAccountListRequest) => ['crm', 'accounts', 'list', request] as const,
  one: (id: string) => ['crm', 'accounts', 'one', id] as const,
};

/** One page of accounts; the previous page stays on screen while the next loads. */
export function useCrmAccounts(
  request: CrmAccountListRequest,
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: crmAccountKeys.list(request),
    queryFn: ({ signal }) =>
      apiPost<CrmRecordPage<CrmAccountSummary>>('/api/sfdc/accounts/list', request, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** One account with its contacts; nothing is fetched while id is null. */
export function useCrmAccount(id: string | null) {
  return useQuery({
    queryKey: crmAccountKeys.one(id ?? ''),
    queryFn: ({ signal }) => apiPost<CrmAccount>('/api/sfdc/accounts/get', { id }, { signal }),
    enabled: id !== null,
  });
}

/**
 * Account names show in the opportunity lists and the quote grids too: a change refreshes them.
 * The grids are the quotes feature's; they share the ['grid'] key.
 */
function useRefreshAfterAccountChange() {
  const queryClient = useQueryClient();
  return (account?: CrmAccount) => {
    if (account) queryClient.setQueryData(crmAccountKeys.one(account.id), account);
    void queryClient.invalidateQueries({ queryKey: crmAccountKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['crm', 'opportunities'] });
    void queryClient.invalidateQueries({ queryKey: ['grid'] });
  };
}

export function useSaveCrmAccount() {
  const refresh = useRefreshAfterAccountChange();
  return useMutation({
    mutationFn: (input: CrmAccountInput) => apiPost<CrmAccount>('/api/sfdc/accounts/save', input),
    onSuccess: (account) => refresh(account),
  });
}

export function useSaveCrmContact() {
  const refresh = useRefreshAfterAccountChange();
  return useMutation({
    mutationFn: (input: CrmContactInput) => apiPost<CrmContact>('/api/sfdc/contacts/save', input),
    onSuccess: () => refresh(),
  });
}

export function useDeleteCrmContact() {
  const refresh = useRefreshAfterAccountChange();
  return useMutation({
    mutationFn: (id: string) =>
      apiPost<{ id: string; account_id: string; is_deleted: true }>('/api/sfdc/contacts/delete', {
        id,
      }),
    onSuccess: () => refresh(),
  });
}
