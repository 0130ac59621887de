import { ZMarkupForm } from '@bastion/domain/margin-data/schemas';
import type { ColumnDef } from '@tanstack/react-table';
import { markupsApi, type Markup } from '../api/kind-percents.ts';
import { decimalColumn } from '../components/editable-table.tsx';
import { isSamePercent } from '../components/input-checks.ts';
import { KIND_COST_SOURCES, KIND_LABELS } from '../components/kind-labels.ts';
import { kindColumn, kindPercentsPage } from '../components/kind-percents-screen.tsx';

const columns: readonly ColumnDef<Markup, never>[] = [
  kindColumn('Not set: counts as 0 %'),
  {
    id: 'source',
    header: 'Base cost comes from',
    meta: { isText: true },
    cell: ({ row }) => (
      <span className="text-body-secondary small">
        {KIND_COST_SOURCES[row.original.product_kind]}
      </span>
    ),
  },
  decimalColumn({
    id: 'percent',
    header: 'Markup',
    path: 'percent',
    label: (row) => `Markup for ${KIND_LABELS[row.product_kind]}`,
    suffix: '%',
    readOnly: (row) => <span className="font-monospace">{row.percent} %</span>,
  }),
];

/** mc-markup (spec §2): the overhead added to each kind's unit cost. */
export const MarkupPage = kindPercentsPage({
  title: 'Markup',
  subtitle:
    "Overhead such as freight, duty and handling, added to a product's unit cost before its margin is worked out.",
  intro:
    'Unit cost used for margin = base cost + markup. For example, an appliance with a landed cost of $400.00 and an 8 % hardware markup costs $432.00 on a quote.',
  caption: 'Markups',
  api: markupsApi,
  schema: ZMarkupForm,
  valuesOf: (row) => ({ product_kind: row.product_kind, percent: row.percent }),
  isUnchanged: (values, row) => isSamePercent(values.percent, row.percent),
  columns,
  savedFigure: 'markup',
  actionsWidth: '10rem',
});
