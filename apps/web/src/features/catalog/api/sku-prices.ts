import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import { usePostMutation, useRecordQuery, useRefreshAfterChange } from '@/lib/api-query.ts';
import type { CsvFile } from './csv-files.ts';

/* List prices: history, scheduled changes, CSV export and import (/api/admin/catalog/prices/*). */

export type PriceStatus = 'in_effect' | 'scheduled' | 'past';

export interface PriceRow {
  id: string;
  currency_code: string;
  unit_price_minor: number;
  effective_from: string;
  effective_to: string | null;
  status: PriceStatus;
  created_by_email: string | null;
  created_at: string;
}

export interface PriceHistory {
  sku: string;
  name: string;
  is_active: boolean;
  today: string;
  currency_codes: string[];
  /** Newest first. */
  rows: PriceRow[];
}

export interface PriceChangeInput {
  sku: string;
  currency_code: string;
  /** Decimal text, like "1234.50". */
  unit_price: string;
  effective_from: string;
}

export interface PriceChangeResult {
  currency_code: string;
  unit_price_minor: number;
  effective_from: string;
  /** True when a price starting that same day was replaced. */
  is_replacement: boolean;
}

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
  return usePostMutation<PriceChangeInput, PriceHistory & { change: PriceChangeResult }>(
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
      apiPost<{ imported: number }>('/api/admin/catalog/prices/import', { csv }),
    onSuccess: () => refresh(),
  });
}
