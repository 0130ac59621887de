import { DEPRECIATION_YEARS, ZDepreciationForm } from '@bastion/domain/margin-data/schemas';
import type { ColumnDef } from '@tanstack/react-table';
import { depreciationApi, type Depreciation } from '../api/kind-percents.ts';
import { decimalColumn } from '../components/editable-table.tsx';
import { isSamePercent } from '../components/input-checks.ts';
import { KIND_LABELS } from '../components/kind-labels.ts';
import { kindColumn, kindPercentsPage } from '../components/kind-percents-screen.tsx';

const YEARS = Array.from({ length: DEPRECIATION_YEARS }, (_, index) => index + 1);

const columns: readonly ColumnDef<Depreciation, never>[] = [
  kindColumn('Not set: 100 % every year'),
  ...YEARS.map((year, index) =>
    decimalColumn<Depreciation>({
      id: `year-${year}`,
      header: `Year ${year}`,
      path: `percents.${index}`,
      label: (row) => `${KIND_LABELS[row.product_kind]}, year ${year}`,
      suffix: '%',
      width: '7.5rem',
      readOnly: (row) => <span className="font-monospace">{row.percents[index]} %</span>,
    }),
  ),
];

/** mc-duration-depreciation (spec §2): how a kind's cost changes over the contract years. */
export const DurationDepreciationPage = kindPercentsPage({
  title: 'Duration depreciation',
  subtitle:
    'How much a product costs in each contract year, as a share of what it costs in year one.',
  intro:
    "100 % means a year costs the same as year one; 90 % means it costs a tenth less. Subscriptions and support are costed year by year; one-time purchases in an ELA take the percentage of the year they are bought in. A kind's five years are saved together.",
  caption: 'Duration depreciation',
  api: depreciationApi,
  schema: ZDepreciationForm,
  valuesOf: (row) => ({ product_kind: row.product_kind, percents: row.percents }),
  isUnchanged: (values, row) =>
    values.percents.every((value, index) => isSamePercent(value, row.percents[index] ?? '')),
  columns,
  savedFigure: 'depreciation',
  actionsWidth: '9rem',
});
