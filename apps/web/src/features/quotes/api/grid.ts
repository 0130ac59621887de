import type { AnswerData } from '@bastion/domain/api/envelope';
import type { ZGridBody, ZGridResponse } from '@bastion/domain/quotes/api/grid';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost } from '@/lib/api-client.ts';

/** What a grid asks for: the module, the search, the filters, the sort and the page. */
export type GridRequest = z.input<typeof ZGridBody>;

/**
 * One page of a grid module. Its columns and rows are what the data grid draws (GridColumn,
 * GridRow): the contract says the same of them.
 */
export type GridPage = AnswerData<typeof ZGridResponse>;
export type GridFilterDefinition = GridPage['filters'][number];

/** One page of a grid module; the previous page stays on screen while the next loads. */
export function useGridPage(request: GridRequest) {
  return useQuery({
    queryKey: ['grid', request],
    queryFn: ({ signal }) => apiPost<GridPage>('/api/dx/grid', request, { signal }),
    placeholderData: keepPreviousData,
  });
}
