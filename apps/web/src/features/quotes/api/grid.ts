import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GridColumn, GridRow } from '@/components/data-grid/data-grid.tsx';
import { apiPost } from '@/lib/api-client.ts';

export interface GridFilterDefinition {
  key: string;
  label: string;
  options: { value: string; label: string }[];
}

export interface GridRequest {
  module_name: string;
  opp_id?: string;
  search?: string;
  filters: Record<string, string[] | string | undefined>;
  sort?: { field: string; direction: 'asc' | 'desc' };
  page: number;
  page_size: number;
}

export interface GridPage {
  module_name: string;
  title: string;
  columns: GridColumn[];
  filters: GridFilterDefinition[];
  date_label: string;
  rows: GridRow[];
  total: number;
  /** More matches than the server counts: show the total as "10,000+". */
  total_is_capped: boolean;
  page: number;
  page_size: number;
}

/** One page of a grid module; the previous page stays on screen while the next loads. */
export function useGridPage(request: GridRequest) {
  return useQuery({
    queryKey: ['grid', request],
    queryFn: ({ signal }) => apiPost<GridPage>('/api/dx/grid', request, { signal }),
    placeholderData: keepPreviousData,
  });
}
