import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  GeneratedDocumentView,
  LineSheetFormat,
  QuoteDocumentFormat,
  ZQuoteDocumentsAnswer,
} from '@bastion/domain/documents/schemas';
import type { z } from 'zod';
import { sanitizeFileName } from '@bastion/domain/validation/attachments';
import { apiPostForFile, saveDownloadedFile } from '@/lib/api-client.ts';
import { usePostQuery } from '@/lib/api-query.ts';

/*
 * Quote documents (issue 17): generate a PDF or Word document of a quote (spec §7
 * /api/dx/document/{id}/{format}/{name}), list the ones generated, download one again.
 */

export type GeneratedDocument = GeneratedDocumentView;

export const documentKeys = {
  list: (quoteId: string) => ['quote-documents', quoteId] as const,
};

/** The documents generated from a quote, newest first. */
export function useQuoteDocuments(quoteId: string) {
  return usePostQuery<z.infer<typeof ZQuoteDocumentsAnswer>>(
    documentKeys.list(quoteId),
    '/api/dx/quote-documents',
    { quote_id: quoteId },
  );
}

/** The name a document is saved under: '<quote number> <quote name>', made safe. */
export const documentName = (quote: { quote_number: string; quote_name: string }) =>
  sanitizeFileName(`${quote.quote_number} ${quote.quote_name}`.replace(/\./g, '_'));

/** Generates the quote's document in a format and saves it; the list then shows it. */
export function useGenerateDocument(quoteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { format: QuoteDocumentFormat; name: string }) => {
      const path = `/api/dx/document/${encodeURIComponent(quoteId)}/${input.format}/${encodeURIComponent(input.name)}`;
      saveDownloadedFile(await apiPostForFile(path, {}, `${input.name}.${input.format}`));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.list(quoteId) }),
  });
}

/** Downloads a stored document again, byte for byte as it was generated. */
export function useDownloadDocument(quoteId: string) {
  return useMutation({
    mutationFn: async (document: GeneratedDocument) => {
      saveDownloadedFile(
        await apiPostForFile(
          '/api/dx/quote-document-file',
          { quote_id: quoteId, document_id: document.id },
          document.file_name,
        ),
      );
    },
  });
}

/** Issue 38: the quote's lines as a spreadsheet (XLSX or CSV), made now and saved. */
export function useDownloadLinesFile(quoteId: string) {
  return useMutation({
    mutationFn: async (format: LineSheetFormat) => {
      saveDownloadedFile(
        await apiPostForFile(
          '/api/dx/quote-lines-file',
          { quote_id: quoteId, format },
          `Lines.${format}`,
        ),
      );
    },
  });
}
