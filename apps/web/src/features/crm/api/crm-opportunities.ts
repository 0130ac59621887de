import type { AnswerData } from '@bastion/domain/api/envelope';
import type {
  ZListOpportunitiesBody,
  ZListOpportunitiesResponse,
  ZOpportunityResponse,
  ZOpportunitySummary,
} from '@bastion/domain/crm/api';
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

/* The built-in CRM's opportunities, as its admins edit them (POST /api/sfdc/opportunities/*). */

export type CrmOpportunity = AnswerData<typeof ZOpportunityResponse>;
export type CrmTeamMember = CrmOpportunity['team'][number];
export type CrmOpportunitySummary = z.infer<typeof ZOpportunitySummary>;
/** What the opportunity list asks for: the search, live or removed ones, and the page. */
export type CrmOpportunityListRequest = z.input<typeof ZListOpportunitiesBody>;
export type CrmOpportunityStatus = NonNullable<CrmOpportunityListRequest['status']>;

/** What the opportunity form sends: no id creates an opportunity. */
export type CrmOpportunityInput = z.input<typeof ZSaveOpportunityBody>;

export const crmOpportunityKeys = recordKeys<CrmOpportunityListRequest>('crm', 'opportunities');

export const useCrmOpportunities = (request: CrmOpportunityListRequest) =>
  usePostQuery<AnswerData<typeof ZListOpportunitiesResponse>>(
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
