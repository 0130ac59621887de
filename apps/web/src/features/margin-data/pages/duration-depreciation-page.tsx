import { DEPRECIATION_YEARS, ZDepreciationForm } from '@bastion/domain/margin-data/schemas';
import type { ColumnDef } from '@tanstack/react-table';
import {
  useDurationDepreciation,
  useSaveDurationDepreciation,
  type Depreciation,
  type DepreciationInput,
} from '../api/duration-depreciation.ts';
import { actionsColumn, DecimalCell } from '../components/editable-table.tsx';
import { isSamePercent } from '../components/input-checks.ts';
import { KIND_LABELS } from '../components/kind-labels.ts';
import {
  kindColumn,
  KindPercentsScreen,
  type KindPercentsDescription,
} from '../components/kind-percents-screen.tsx';

const YEARS = Array.from({ length: DEPRECIATION_YEARS }, (_, index) => index + 1);

const columns: readonly ColumnDef<Depreciation, never>[] = [
  kindColumn('Not set: 100 % every year'),
  ...YEARS.map((year, index): ColumnDef<Depreciation, never> => ({
    id: `year-${year}`,
    header: `Year ${year}`,
    meta: { align: 'end' },
    cell: ({ row }) => (
      <DecimalCell
        row={row.original}
        path={`percents.${index}`}
        label={`${KIND_LABELS[row.original.product_kind]}, year ${year}`}
        suffix="%"
        width="7.5rem"
        readOnly={<span className="font-monospace">{row.original.percents[index]} %</span>}
      />
    ),
  })),
];

const depreciation: KindPercentsDescription<Depreciation, DepreciationInput, DepreciationInput> = {
  title: 'Duration depreciation',
  subtitle:
    'How much a product costs in each contract year, as a share of what it costs in year one.',
  intro:
    "100 % means a year costs the same as year one; 90 % means it costs a tenth less. Subscriptions and support are costed year by year; one-time purchases in an ELA take the percentage of the year they are bought in. A kind's five years are saved together.",
  caption: 'Duration depreciation',
  useList: useDurationDepreciation,
  useSave: useSaveDurationDepreciation,
  schema: ZDepreciationForm,
  valuesOf: (row) => ({ product_kind: row.product_kind, percents: row.percents }),
  isUnchanged: (values, row) =>
    values.percents.every((value, index) => isSamePercent(value, row.percents[index] ?? '')),
  columns,
  actions: actionsColumn({
    saveLabel: (row) => `Save ${KIND_LABELS[row.product_kind]} depreciation`,
    minWidth: '9rem',
  }),
};

/** mc-duration-depreciation (spec §2): how a kind's cost changes over the contract years. */
export function DurationDepreciationPage() {
  return <KindPercentsScreen description={depreciation} />;
}
