import type { AnswerData } from '@bastion/domain/api/envelope';
import type { ZFieldMappingResponse } from '@bastion/domain/crm/api';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';

export type CrmFieldMappingList = AnswerData<typeof ZFieldMappingResponse>;
export type CrmFieldMapping = CrmFieldMappingList['mappings'][number];

export function useCrmFieldMapping() {
  return useQuery({
    queryKey: ['crm', 'field-mapping'],
    queryFn: ({ signal }) => apiGet<CrmFieldMappingList>('/api/sfdc/field-mapping', { signal }),
    // The mapping changes only with a new release or another CRM.
    staleTime: 10 * 60_000,
  });
}
