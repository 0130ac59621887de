import type { AnswerData } from '@bastion/domain/api/envelope';
import type { ZSaveShippingBody, ZShippingResponse } from '@bastion/domain/quotes/api/configure';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { configurationKey } from './configure.ts';
import { useQuoteChange, useQuoteDraftQuery } from './quote-calls.ts';
import { quoteQueryKey } from './quotes.ts';

export type QuoteShipping = AnswerData<typeof ZShippingResponse>;
export type ShippingOption = QuoteShipping['regions'][number];
/** What a save sends besides the quote's id, version and whether to go on to the next page. */
export type ShippingPayload = Omit<z.input<typeof ZSaveShippingBody>, 'id' | 'version' | 'advance'>;

export const shippingKey = (id: string) => ['quote-shipping', id] as const;

export function useQuoteShipping(id: string) {
  return useQuoteDraftQuery<QuoteShipping>(shippingKey(id), '/api/dx/quote-shipping', id);
}

export function useSaveShipping(id: string) {
  const queryClient = useQueryClient();
  return useQuoteChange<Omit<z.input<typeof ZSaveShippingBody>, 'id'>, QuoteShipping>(
    '/api/dx/save-quote-shipping',
    id,
    (saved) => {
      queryClient.setQueryData(shippingKey(id), saved);
      queryClient.setQueryData(quoteQueryKey(id), saved.quote);
      void queryClient.invalidateQueries({ queryKey: configurationKey(id) });
      void queryClient.invalidateQueries({ queryKey: ['grid'] });
    },
  );
}
