import type { GridSort } from './data-grid.tsx';

/**
 * A grid's filters, sort and page live in the address (?q=…&status=A&status=B&sort=total.asc),
 * so a filtered list can be bookmarked, shared, reloaded and returned to with Back.
 */
export interface GridViewState {
  search: string;
  /** Chosen values per filter key; none chosen is "all". */
  selected: Record<string, string[]>;
  dateFrom: string;
  dateTo: string;
  sort: GridSort | null;
  page: number;
}

const RESERVED = new Set(['q', 'from', 'to', 'sort', 'page']);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function readGridViewState(params: URLSearchParams): GridViewState {
  const selected: Record<string, string[]> = {};
  for (const key of new Set(params.keys())) {
    if (RESERVED.has(key)) continue;
    const values = params.getAll(key).filter(Boolean);
    if (values.length > 0) selected[key] = [...new Set(values)];
  }
  const [field, direction] = (params.get('sort') ?? '').split('.');
  const page = Number(params.get('page'));
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return ISO_DATE.test(value) ? value : '';
  };
  return {
    search: params.get('q') ?? '',
    selected,
    dateFrom: date('from'),
    dateTo: date('to'),
    sort: field && (direction === 'asc' || direction === 'desc') ? { field, direction } : null,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function writeGridViewState(state: GridViewState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('q', state.search);
  for (const [key, values] of Object.entries(state.selected)) {
    if (RESERVED.has(key)) continue;
    for (const value of values) params.append(key, value);
  }
  if (state.dateFrom) params.set('from', state.dateFrom);
  if (state.dateTo) params.set('to', state.dateTo);
  if (state.sort) params.set('sort', `${state.sort.field}.${state.sort.direction}`);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}
