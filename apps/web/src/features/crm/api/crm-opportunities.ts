import type { ZSaveOpportunityBody } from '@bastion/domain/crm/schemas';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost } from '@/lib/api-client.ts';
import {
  recordKeys,
  usePostQuery,
  useRecordQuery,
  useRefreshAfterChange,
} from '@/lib/api-query.ts';
import { crmConnectionStatusQuery } from './crm-connection.ts';
import type { CrmRecordPage } from './crm-accounts.ts';

/* The built-in CRM's opportunities, as its admins edit them (POST /api/sfdc/opportunities/*). */

export interface CrmTeamMember {
  email: string;
  name: string;
  role: string;
}

export interface CrmOpportunity {
  id: string;
  name: string;
  account_id: string;
  account_name: string;
  partner_account_id: string | null;
  partner_name: string | null;
  partner_contact_id: string | null;
  partner_contact_name: string | null;
  distributor_account_id: string | null;
  distributor_name: string | null;
  region: string;
  deal_type: string;
  stage: string;
  currency_code: string;
  amount_minor: number;
  /** The amount as a decimal string, e.g. "12500.00". */
  amount: string;
  close_date: string | null;
  contract_start_date: string | null;
  payment_term_days: number | null;
  payment_term_name: string | null;
  partner_payment_term_days: number | null;
  partner_payment_term_name: string | null;
  sla: string;
  is_registered_deal: boolean;
  deal_reg: string;
  is_public_sector: boolean;
  products_evaluated: string;
  owner_email: string;
  owner_name: string;
  csm_name: string;
  csm_email: string;
  cam_name: string;
  cam_email: string;
  team: CrmTeamMember[];
  quote_number: string | null;
  quote_status: string | null;
  created_on: string;
  created_by: string;
  modified_on: string;
  modified_by: string;
  /** When an admin removed it from lists; null while it is live. */
  removed_at: string | null;
}

export interface CrmOpportunitySummary {
  id: string;
  name: string;
  account_name: string;
  region: string;
  deal_type: string;
  stage: string;
  currency_code: string;
  amount_minor: number;
  close_date: string | null;
  owner_name: string;
  modified_on: string;
  modified_by: string;
  removed_at: string | null;
}

export type CrmOpportunityStatus = 'all' | 'live' | 'removed';

export interface CrmOpportunityListRequest {
  search: string;
  status: CrmOpportunityStatus;
  page: number;
  page_size: number;
}

/** What the opportunity form sends: no id creates an opportunity. */
export type CrmOpportunityInput = z.input<typeof ZSaveOpportunityBody>;

export const crmOpportunityKeys = recordKeys<CrmOpportunityListRequest>('crm', 'opportunities');

export const useCrmOpportunities = (request: CrmOpportunityListRequest) =>
  usePostQuery<CrmRecordPage<CrmOpportunitySummary>>(
    crmOpportunityKeys.list(request),
    '/api/sfdc/opportunities/list',
    request,
    { keepsPrevious: true },
  );

/** One opportunity with its team; nothing is fetched while id is null. */
export const useCrmOpportunity = (id: string | null) =>
  useRecordQuery<CrmOpportunity>(crmOpportunityKeys.one, '/api/sfdc/opportunities/get', 'id', id);

/**
 * After a change: the record as saved, the admin lists, the connection card's count, and the
 * quotes feature's grids and create-quote page, which read the same tables.
 */
const useRefreshAfterOpportunityChange = () =>
  useRefreshAfterChange(
    (opportunity: CrmOpportunity) => crmOpportunityKeys.one(opportunity.id),
    (opportunity) => [
      crmOpportunityKeys.all,
      crmConnectionStatusQuery.queryKey,
      ['grid'],
      ['opportunity-for-quote', opportunity?.id],
    ],
  );

export function useSaveCrmOpportunity() {
  const refresh = useRefreshAfterOpportunityChange();
  return useMutation({
    mutationFn: (input: CrmOpportunityInput) =>
      apiPost<CrmOpportunity>('/api/sfdc/opportunities/save', input),
    onSuccess: refresh,
  });
}

/** Removes (soft) or restores an opportunity. */
export function useSetCrmOpportunityRemoved() {
  const refresh = useRefreshAfterOpportunityChange();
  return useMutation({
    mutationFn: ({ id, isRemoved }: { id: string; isRemoved: boolean }) =>
      apiPost<CrmOpportunity>(
        isRemoved ? '/api/sfdc/opportunities/remove' : '/api/sfdc/opportunities/restore',
        { id },
      ),
    onSuccess: (opportunity) => refresh(opportunity),
  });
}
