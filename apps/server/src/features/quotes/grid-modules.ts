import { DEAL_TYPES, QUOTE_STATUSES, QUOTE_TYPES } from '@bastion/domain/quotes/quote-types';
import { quoteTypeLabel } from '@bastion/domain/quotes/labels';
import { quoteStatusLabel } from '@bastion/domain/quotes/status-display';

/**
 * Filters whose options depend on who asks (owners they can see); the server fills them in.
 * Placed in a module's filter list, their options are empty until then.
 */
export const OWNER_FILTER: GridFilter = { key: 'owner', label: 'Owner', options: [] };

/** The columns of each grid module (spec §2 generic grid); the browser draws what it is sent. */
export type GridColumnType = 'text' | 'link' | 'badge' | 'money' | 'date' | 'action';

export interface GridColumn {
  key: string;
  label: string;
  type: GridColumnType;
  /** The sort field this column sorts by, when it can be sorted. */
  sort?: string;
  /** Secondary columns give way on narrower screens (shown from Bootstrap's xxl, 1400 px). */
  priority?: 'secondary';
}

export interface GridFilter {
  key: 'status' | 'quote_type' | 'region' | 'deal_type' | 'owner';
  label: string;
  options: { value: string; label: string }[];
}

const REGIONS = ['North America', 'Americas', 'EMEA', 'LATAM', 'APJ'].map((r) => ({
  value: r,
  label: r,
}));

const QUOTE_COLUMNS: GridColumn[] = [
  { key: 'quote_number', label: 'Quote', type: 'link', sort: 'quote_number' },
  { key: 'quote_name', label: 'Name', type: 'text', sort: 'quote_name' },
  { key: 'account_name', label: 'Account', type: 'text', sort: 'account_name' },
  { key: 'quote_type', label: 'Type', type: 'text' },
  { key: 'status', label: 'Status', type: 'badge' },
  { key: 'region', label: 'Region', type: 'text', priority: 'secondary' },
  { key: 'owner', label: 'Owner', type: 'text' },
  { key: 'total', label: 'Total', type: 'money', sort: 'total' },
  { key: 'updated_at', label: 'Updated', type: 'date', sort: 'updated_at' },
];

const QUOTE_FILTERS: GridFilter[] = [
  {
    key: 'status',
    label: 'Status',
    options: QUOTE_STATUSES.map((status) => ({ value: status, label: quoteStatusLabel(status) })),
  },
  {
    key: 'quote_type',
    label: 'Type',
    options: QUOTE_TYPES.map((t) => ({ value: t, label: quoteTypeLabel(t) })),
  },
  { key: 'region', label: 'Region', options: REGIONS },
];

const DEAL_TYPE_OPTIONS = DEAL_TYPES.map((d) => ({ value: d.code, label: d.name }));

export const GRID_MODULES = {
  quotes: {
    title: 'Quotes',
    columns: QUOTE_COLUMNS,
    filters: [...QUOTE_FILTERS, OWNER_FILTER],
    dateLabel: 'Updated',
  },
  'my-quotes': {
    title: 'My quotes',
    columns: QUOTE_COLUMNS.filter((c) => c.key !== 'owner'),
    filters: QUOTE_FILTERS,
    dateLabel: 'Updated',
  },
  opportunities: {
    title: 'Opportunities',
    columns: [
      { key: 'name', label: 'Opportunity', type: 'text', sort: 'name' },
      { key: 'account_name', label: 'Account', type: 'text' },
      { key: 'region', label: 'Region', type: 'text' },
      { key: 'deal_type', label: 'Deal type', type: 'text' },
      { key: 'sales_channel', label: 'Channel', type: 'text', priority: 'secondary' },
      { key: 'stage', label: 'Stage', type: 'text', priority: 'secondary' },
      { key: 'amount', label: 'Amount', type: 'money', sort: 'amount' },
      { key: 'close_date', label: 'Close date', type: 'date', sort: 'close_date' },
      { key: 'create_quote', label: 'Create quote', type: 'action' },
    ],
    filters: [
      { key: 'region', label: 'Region', options: REGIONS },
      { key: 'deal_type', label: 'Deal type', options: DEAL_TYPE_OPTIONS },
      OWNER_FILTER,
    ],
    dateLabel: 'Closing',
  },
} satisfies Record<
  string,
  { title: string; columns: GridColumn[]; filters: GridFilter[]; dateLabel: string }
>;

export type GridModuleName = keyof typeof GRID_MODULES;
export const GRID_MODULE_NAMES = Object.keys(GRID_MODULES) as [GridModuleName, ...GridModuleName[]];
