import type {
  ExchangeRateAdded,
  ExchangeRateInput,
  ExchangeRateList,
  ExchangeRatesImported,
  RateCsvFile,
} from '@bastion/domain/exchange-rates/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import { usePostQuery } from '@/lib/api-query.ts';

/* Exchange rates with their history (POST /api/dx/exchange-rates/*, issue 35). */

export type { CurrencyRates, ExchangeRateEntry } from '@bastion/domain/exchange-rates/schemas';
export type { ExchangeRateAdded, ExchangeRateList, ExchangeRatesImported };

const BASE = '/api/dx/exchange-rates';

export const exchangeRateKeys = { list: ['exchange-rates', 'list'] as const };

/** Every currency, the rate in effect today and its latest rates. */
export const useExchangeRates = () =>
  usePostQuery<ExchangeRateList>(exchangeRateKeys.list, `${BASE}/list`, {});

/** After a change the list reloads: the rates in effect may have moved. */
function useReloadRates() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: exchangeRateKeys.list });
}

export function useAddExchangeRate() {
  const reload = useReloadRates();
  return useMutation({
    mutationFn: (rate: ExchangeRateInput) => apiPost<ExchangeRateAdded>(`${BASE}/add`, rate),
    onSuccess: reload,
  });
}

export function useImportExchangeRates() {
  const reload = useReloadRates();
  return useMutation({
    mutationFn: (csv: string) => apiPost<ExchangeRatesImported>(`${BASE}/import`, { csv }),
    onSuccess: reload,
  });
}

/** The whole history as CSV text. */
export function useExportExchangeRates() {
  return useMutation({ mutationFn: () => apiPost<RateCsvFile>(`${BASE}/export`, {}) });
}
