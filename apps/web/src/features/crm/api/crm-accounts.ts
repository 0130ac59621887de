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
  /** Issue 35: the customer segment price books match on. */
  segment: string;
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
      apiPost<{ id: string; account_id: string; is_deleted: true }>('/api/sfdc/contacts/delete', {
        id,
      }),
    onSuccess: () => refresh(),
  });
}
