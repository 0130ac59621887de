import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportContractsResult, ZImportContractsBody } from '@bastion/domain/renewals/schemas';
import type { z } from 'zod';
import { apiPost } from '@/lib/api-client.ts';

export type { ImportContractsResult } from '@bastion/domain/renewals/schemas';

/** The columns of a contract import, in the order the template lists them. */
export const IMPORT_CONTRACT_COLUMNS = [
  'contract_number',
  'account_id',
  'region',
  'opportunity_id',
  'currency_code',
  'contract_start',
  'contract_end',
  'sku',
  'quantity',
  'start_date',
  'end_date',
  'unit_net_price',
  'csm_name',
  'csm_email',
  'cam_name',
  'cam_email',
] as const;

/**
 * Checks (dry run) or imports contracts from CSV text. An import refreshes what shows contracts
 * and the installed base; the renewal configurators keep their unsaved edits.
 */
export function useImportContracts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof ZImportContractsBody>) =>
      apiPost<ImportContractsResult>('/api/dx/renewals/import-contracts', input),
    onSuccess: (result) => {
      if (result.dry_run) return;
      void queryClient.invalidateQueries({
        predicate: ({ queryKey }) =>
          typeof queryKey[0] === 'string' &&
          (queryKey[0].includes('contract') || queryKey[0].includes('installed-base')),
      });
    },
  });
}
