import type { AnswerData } from '@bastion/domain/api/envelope';
import type {
  ZImportLinesBody,
  ZLineImportPreviewBody,
  ZLineImportPreviewResponse,
} from '@bastion/domain/quotes/api/line-import';
import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client.ts';
import { configurationKey, type QuoteConfiguration } from './configure.ts';
import { quoteQueryKey } from './quotes.ts';

/** Issue 38: what importing a file would do to the quote's lines, and the import itself. */
export type LineImportPreview = AnswerData<typeof ZLineImportPreviewResponse>;
export type LineImportPreviewRequest = Omit<z.input<typeof ZLineImportPreviewBody>, 'quote_id'>;
export type ImportLinesRequest = Omit<z.input<typeof ZImportLinesBody>, 'quote_id'>;

export function usePreviewLineImport(quoteId: string) {
  return useMutation({
    mutationFn: (request: LineImportPreviewRequest) =>
      apiPost<LineImportPreview>('/api/dx/quote-lines-import-preview', {
        quote_id: quoteId,
        ...request,
      }),
  });
}

export function useImportLines(quoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ImportLinesRequest) =>
      apiPost<QuoteConfiguration>('/api/dx/import-quote-lines', { quote_id: quoteId, ...request }),
    onSuccess: (saved) => {
      queryClient.setQueryData(configurationKey(quoteId), saved);
      queryClient.setQueryData(quoteQueryKey(quoteId), saved.quote);
      void queryClient.invalidateQueries({ queryKey: ['quote-shipping', quoteId] });
      void queryClient.invalidateQueries({ queryKey: ['grid'] });
    },
  });
}
