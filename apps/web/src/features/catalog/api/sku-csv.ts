import type { AnswerData } from '@bastion/domain/api/envelope';
import type { ZImportSkusResponse } from '@bastion/domain/catalog/admin-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import { catalogSkuKeys } from './catalog-skus.ts';
import type { CsvFile } from './csv-files.ts';

/* The SKUs as CSV, with their attributes (POST /api/admin/catalog/skus/export, skus/import). */

/** The SKU rows of the file (every one checked), and those it changed. */
export type SkuImportResult = AnswerData<typeof ZImportSkusResponse>;

/** Every SKU as CSV text. */
export function useExportSkus() {
  return useMutation({
    mutationFn: () => apiPost<CsvFile>('/api/admin/catalog/skus/export', {}),
  });
}

/** Imports SKU changes: the grid, the SKU panels and the hierarchy's counts reload. */
export function useImportSkus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) =>
      apiPost<SkuImportResult>('/api/admin/catalog/skus/import', { csv }),
    onSuccess: () => {
      for (const queryKey of [catalogSkuKeys.all, ['catalog', 'hierarchy']]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
