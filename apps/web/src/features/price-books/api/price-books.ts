import type { AnswerData } from '@bastion/domain/api/envelope';
import type { ZListSkusResponse } from '@bastion/domain/catalog/admin-api';
import type {
  ZGetPriceBookBody,
  ZPriceBookDeletedResponse,
  ZPriceBookIdBody,
  ZPriceBookMatrixBody,
  ZPriceBooksExportResponse,
  ZPriceBooksImportResponse,
  ZRemovePriceBookEntryBody,
} from '@bastion/domain/price-books/api';
import type {
  PriceBookDetail,
  PriceBookEntryChange,
  PriceBookList,
  PriceBookMatrix,
  PriceBookView,
} from '@bastion/domain/price-books/answers';
import type { ZSetPriceBookEntryBody } from '@bastion/domain/price-books/entry-body';
import type { ZSavePriceBookBody } from '@bastion/domain/price-books/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost } from '@/lib/api-client.ts';
import { usePostQuery } from '@/lib/api-query.ts';

/* Price books (issue 35: POST /api/admin/catalog/price-books/*), their entries and the matrix. */

const BASE = '/api/admin/catalog/price-books';

export type {
  PriceBookDetail,
  PriceBookEntryChange,
  PriceBookList,
  PriceBookMatrix,
  PriceBookView,
};
export type PriceBookEntry = PriceBookDetail['entries']['rows'][number];
export type PriceBookMatrixRow = PriceBookMatrix['rows'][number];

/** What a save sends: the server's schemas (packages/domain). */
export type SavePriceBookInput = z.input<typeof ZSavePriceBookBody>;
export type SetPriceBookEntryInput = z.input<typeof ZSetPriceBookEntryBody>;

/** A book and a page of its entries: the search, the currency and the page. */
export type PriceBookQuery = z.input<typeof ZGetPriceBookBody>;
export type PriceBookMatrixQuery = z.input<typeof ZPriceBookMatrixBody>;
export type CsvFile = AnswerData<typeof ZPriceBooksExportResponse>;
export type PriceBookImportResult = AnswerData<typeof ZPriceBooksImportResponse>;

export const priceBookKeys = {
  all: ['price-books'] as const,
  list: ['price-books', 'list'] as const,
  book: (query: PriceBookQuery) => ['price-books', 'book', query.id, query] as const,
  matrix: (query: PriceBookMatrixQuery) => ['price-books', 'matrix', query] as const,
};

export const usePriceBooks = () =>
  usePostQuery<PriceBookList>(priceBookKeys.list, `${BASE}/list`, {});

/** A book and a page of its entries; the page shown stays while the next loads. */
export const usePriceBook = (query: PriceBookQuery) =>
  usePostQuery<PriceBookDetail>(priceBookKeys.book(query), `${BASE}/get`, query, {
    keepsPrevious: true,
  });

/**
 * The codes of the first SKUs (bundles left out: they have no price of their own) whose code or
 * name contains `search`, for the entry form's suggestions; nothing below two characters.
 */
export function useSkuCodes(search: string): string[] {
  const found = usePostQuery<AnswerData<typeof ZListSkusResponse>>(
    ['price-books', 'sku-codes', search],
    '/api/admin/catalog/skus/list',
    { search, sort: 'sku', page: 1, page_size: 8 },
    { enabled: search.length >= 2, keepsPrevious: true, staleTime: 60_000 },
  );
  return (found.data?.rows ?? []).filter((row) => row.kind !== 'BUNDLE').map((row) => row.sku);
}

export const usePriceBookMatrix = (query: PriceBookMatrixQuery) =>
  usePostQuery<PriceBookMatrix>(priceBookKeys.matrix(query), `${BASE}/matrix`, query, {
    keepsPrevious: true,
  });

/** A change to books or entries: every list, book page and matrix reloads. */
function useBookChange<TInput, TResult>(
  path: string,
  bodyOf: (input: TInput) => unknown = (i) => i,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => apiPost<TResult>(`${BASE}/${path}`, bodyOf(input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceBookKeys.all }),
  });
}

export const useSavePriceBook = () => useBookChange<SavePriceBookInput, PriceBookView>('save');
export const useDeactivatePriceBook = () =>
  useBookChange<z.input<typeof ZPriceBookIdBody>, PriceBookView>('deactivate');
export const useDeletePriceBook = () =>
  useBookChange<z.input<typeof ZPriceBookIdBody>, AnswerData<typeof ZPriceBookDeletedResponse>>(
    'delete',
  );
export const useSetPriceBookEntry = () =>
  useBookChange<SetPriceBookEntryInput, PriceBookEntryChange>('entries/set');
export const useRemovePriceBookEntry = () =>
  useBookChange<z.input<typeof ZRemovePriceBookEntryBody>, PriceBookEntryChange>('entries/remove');
/** Imports entries from a file's text: every row checked, nothing imported unless all are good. */
export const useImportPriceBooks = () =>
  useBookChange<string, PriceBookImportResult>('import', (csv) => ({ csv }));

/** The entries of one book (by id) or of every book (null) as CSV text. */
export function useExportPriceBooks() {
  return useMutation({
    mutationFn: (id: string | null) => apiPost<CsvFile>(`${BASE}/export`, { id }),
  });
}
