import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import { configurationKey } from './configure.ts';
import { quoteQueryKey, type QuoteView } from './quotes.ts';

export interface ShippingOption {
  value: string;
  label: string;
}

export interface QuoteShipping {
  quote: QuoteView;
  years: number;
  is_read_only: boolean;
  needs_configuration: boolean;
  needs_realignment: boolean;
  products: {
    line_id: string;
    sku: string;
    name: string;
    quantities: number[];
    manual_shipping_quantities: (number | null)[];
    needs_realignment: boolean;
  }[];
  lines: {
    id: string;
    line_id: string;
    region: string;
    incoterm: string;
    quantity: number | null;
    years: number[] | null;
  }[];
  regions: ShippingOption[];
  incoterms: ShippingOption[];
  errors: Record<string, string>;
}

export interface ShippingPayload {
  products: { line_id: string; manual_shipping_quantities: (number | null)[] }[];
  lines: {
    line_id: string;
    region?: string;
    incoterm?: string;
    quantity?: number | null;
    years?: (number | null)[];
  }[];
}

export const shippingKey = (id: string) => ['quote-shipping', id] as const;

export function useQuoteShipping(id: string) {
  return useQuery({
    queryKey: shippingKey(id),
    queryFn: ({ signal }) => apiPost<QuoteShipping>('/api/dx/quote-shipping', { id }, { signal }),
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

export function useSaveShipping(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShippingPayload & { version: number; advance: boolean }) =>
      apiPost<QuoteShipping>('/api/dx/save-quote-shipping', { id, ...input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(shippingKey(id), saved);
      queryClient.setQueryData(quoteQueryKey(id), saved.quote);
      void queryClient.invalidateQueries({ queryKey: configurationKey(id) });
      void queryClient.invalidateQueries({ queryKey: ['grid'] });
    },
  });
}
