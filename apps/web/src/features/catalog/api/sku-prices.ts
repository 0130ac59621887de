import type { AnswerData } from '@bastion/domain/api/envelope';
import type {
  ZChangePriceBody,
  ZChangePriceResponse,
  ZImportPricesResponse,
  ZPriceHistoryResponse,
} from '@bastion/domain/catalog/admin-api';
import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import { usePostMutation, useRecordQuery, useRefreshAfterChange } from '@/lib/api-query.ts';
import type { CsvFile } from './csv-files.ts';

/* List prices: history, scheduled changes, CSV export and import (/api/admin/catalog/prices/*). */

export type PriceHistory = AnswerData<typeof ZPriceHistoryResponse>;
export type PriceRow = PriceHistory['rows'][number];
export type PriceStatus = PriceRow['status'];
/** A new price: its amount as decimal text, like "1234.50". */
export type PriceChangeInput = z.input<typeof ZChangePriceBody>;
export type PriceChangeAnswer = AnswerData<typeof ZChangePriceResponse>;
export type PriceChangeResult = PriceChangeAnswer['change'];

export const priceKeys = {
  all: ['catalog', 'prices'] as const,
  history: (sku: string) => ['catalog', 'prices', 'history', sku] as const,
};

/** A SKU's price history; nothing is fetched while sku is null. */
export const usePriceHistory = (sku: string | null) =>
  useRecordQuery<PriceHistory>(priceKeys.history, '/api/admin/catalog/prices/history', 'sku', sku);

/** Prices show in the grid and the SKU panel too. */
const useRefreshAfterPriceChange = () =>
  useRefreshAfterChange(
    (history: PriceHistory) => priceKeys.history(history.sku),
    () => [priceKeys.all, ['catalog', 'skus']],
  );

export function useChangePrice() {
  const refresh = useRefreshAfterPriceChange();
  return usePostMutation<PriceChangeInput, PriceChangeAnswer>(
    '/api/admin/catalog/prices/change',
    refresh,
  );
}

export function useCancelScheduledPrice() {
  const refresh = useRefreshAfterPriceChange();
  return useMutation({
    mutationFn: (id: string) =>
      apiPost<PriceHistory>('/api/admin/catalog/prices/cancel-scheduled', { id }),
    onSuccess: (history) => refresh(history),
  });
}

/** The price list as CSV text: every row, or those in effect on a day. */
export function useExportPrices() {
  return useMutation({
    mutationFn: (on: string | null) => apiPost<CsvFile>('/api/admin/catalog/prices/export', { on }),
  });
}

export function useImportPrices() {
  const refresh = useRefreshAfterPriceChange();
  return useMutation({
    mutationFn: (csv: string) =>
      apiPost<AnswerData<typeof ZImportPricesResponse>>('/api/admin/catalog/prices/import', {
        csv,
      }),
    onSuccess: () => refresh(),
  });
}
