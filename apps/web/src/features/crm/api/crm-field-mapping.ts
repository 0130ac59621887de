import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';

export interface CrmFieldMapping {
  /** A heading to group the list under. */
  section: string;
  crm_fields: string[];
  quote_fields: string[];
  /** read: CRM → quote; write_back: quote → CRM. */
  direction: 'read' | 'write_back';
  rule: string;
}

export interface CrmFieldMappingList {
  adapter: 'embedded' | 'salesforce';
  mappings: CrmFieldMapping[];
}

export function useCrmFieldMapping() {
  return useQuery({
    queryKey: ['crm', 'field-mapping'],
    queryFn: ({ signal }) => apiGet<CrmFieldMappingList>('/api/sfdc/field-mapping', { signal }),
    // The mapping changes only with a new release or another CRM.
    staleTime: 10 * 60_000,
  });
}
