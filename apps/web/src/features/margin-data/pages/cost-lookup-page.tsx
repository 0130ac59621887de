import { ZCostLookupForm } from '@bastion/domain/margin-data/schemas';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import Form from 'react-bootstrap/Form';
import { useWatch } from 'react-hook-form';
import { SelectField, TextField } from '@/components/form/fields.tsx';
import {
  costLookupId,
  useCostLookups,
  useDeleteCostLookup,
  useSaveCostLookup,
  type CostLookup,
  type CostLookupFamily,
  type CostLookupList,
} from '../api/cost-lookups.ts';
import { AddButton, AddRowCard } from '../components/add-row-card.tsx';
import {
  decimalColumn,
  EditableTable,
  type EditableColumns,
} from '../components/editable-table.tsx';
import { isSamePercent } from '../components/input-checks.ts';
import { LOOKUP_KIND_LABELS, LOOKUP_KINDS, lookupKindLabel } from '../components/kind-labels.ts';
import { marginDataPage } from '../components/margin-data-screen.tsx';

const skuCount = (n: number) => (n === 1 ? '1 SKU' : `${n.toLocaleString('en-US')} SKUs`);

/** A lookup as the table lists it: grouped by family, the family named on its first row. */
interface LookupRow extends CostLookup {
  family: CostLookupFamily | undefined;
  isFirstOfFamily: boolean;
}

const nameOf = (row: CostLookup) => `${row.family_name}, ${lookupKindLabel(row.product_kind)}`;

/** The family default stays while the family has SKUs (the server refuses, and says why). */
const isKept = (row: LookupRow) => row.product_kind === 'ANY' && (row.family?.sku_count ?? 0) > 0;

const columns: readonly ColumnDef<LookupRow, never>[] = [
  {
    id: 'family',
    header: 'Product family',
    meta: { isRowHeader: true, isText: true, className: 'align-top' },
    cell: ({ row: { original: row } }) =>
      row.isFirstOfFamily ? (
        <>
          <div className="fw-semibold">{row.family_name}</div>
          <div className="small text-body-secondary fw-normal">
            {row.family_id}
            {row.family ? ` · ${skuCount(row.family.sku_count)}` : ''}
          </div>
        </>
      ) : (
        <span className="visually-hidden">{row.family_name}</span>
      ),
  },
  {
    id: 'kind',
    header: 'Applies to',
    meta: { isText: true },
    cell: ({ row: { original: row } }) => (
      <>
        {lookupKindLabel(row.product_kind)}
        {row.product_kind === 'ANY' ? (
          <div className="small text-body-secondary">Kinds without a row of their own</div>
        ) : null}
      </>
    ),
  },
  decimalColumn({
    id: 'cost_percent',
    header: 'Cost % of USD list',
    path: 'cost_percent',
    label: (row) => `Cost percentage for ${nameOf(row)}`,
    suffix: '%',
    readOnly: (row) => <span className="font-monospace">{row.cost_percent} %</span>,
  }),
];

const table: EditableColumns<LookupRow> = {
  caption: 'Cost lookups',
  columns,
  actions: {
    saveLabel: (row) => `Save cost percentage for ${nameOf(row)}`,
    removal: (row) =>
      isKept(row)
        ? null
        : { label: `Remove cost lookup for ${nameOf(row)}`, question: 'Remove this row?' },
    aside: (row) =>
      isKept(row) ? (
        <span
          className="small text-body-secondary"
          title="The family default is the cost of every SKU of the family without a row of its own kind."
        >
          Kept while the family has SKUs
        </span>
      ) : null,
    minWidth: '12rem',
  },
  emptyState: 'No cost lookups yet.',
};

/** mc-cost-lookup (spec §2): cost as a share of list price, per product family and kind. */
export const CostLookupPage = marginDataPage({
  title: 'Cost lookup',
  subtitle:
    'What subscriptions, support and services cost, as a percentage of their USD list price, per product family.',
  isMarginData: true,
  useList: useCostLookups,
  missingFamilies: {
    title: 'Families without a default row',
    of: (data) =>
      data.families
        .filter((f) => !f.has_default && f.sku_count > 0)
        .map((f) => `${f.name} (${skuCount(f.sku_count)})`),
    consequence:
      'their subscriptions, support and services without a row of their own kind have no cost, so quotes with them show no margin.',
  },
  Content: CostLookupContent,
});

function CostLookupContent({ data }: { data: CostLookupList }) {
  const save = useSaveCostLookup();
  const remove = useDeleteCostLookup();
  const rows = useMemo(
    () =>
      data.families.flatMap((family) =>
        data.rows
          .filter((row) => row.family_id === family.id)
          .map((row, index): LookupRow => ({ ...row, family, isFirstOfFamily: index === 0 })),
      ),
    [data],
  );
  return (
    <>
      <EditableTable
        table={table}
        rows={rows}
        canEdit={data.can_edit}
        intro="Unit cost = USD list price × the family's percentage for the SKU's kind (or the family default when the kind has no row), plus the kind's markup. Support also adds its family's support cases. Hardware and access points are costed per SKU instead, under Hardware SKU costs."
        spec={{
          rowId: costLookupId,
          schema: ZCostLookupForm,
          valuesOf: (row) => ({
            family_id: row.family_id,
            product_kind: row.product_kind,
            cost_percent: row.cost_percent,
          }),
          isUnchanged: (values, row) => isSamePercent(values.cost_percent, row.cost_percent),
          save: (values) => save.mutateAsync(values),
          remove: (row) =>
            remove.mutateAsync({ family_id: row.family_id, product_kind: row.product_kind }),
        }}
      />
      {data.can_edit ? (
        <AddRowCard
          title="Add or change a row"
          formLabel="Add a cost lookup"
          schema={ZCostLookupForm}
          defaultValues={{ family_id: '', product_kind: 'ANY', cost_percent: '' }}
          valuesAfterSave={(values) => ({ ...values, cost_percent: '' })}
          save={async (values) => {
            const saved = await save.mutateAsync(values);
            return `${nameOf(saved)}: ${saved.cost_percent} % saved.`;
          }}
        >
          <CostLookupFields data={data} />
        </AddRowCard>
      ) : null}
    </>
  );
}

function CostLookupFields({ data }: { data: CostLookupList }) {
  const [familyId, kind] = useWatch({ name: ['family_id', 'product_kind'] }) as [string, string];
  const existing = data.rows.find((r) => r.family_id === familyId && r.product_kind === kind);
  return (
    <>
      <SelectField
        name="family_id"
        label="Product family"
        isRequired
        className="col-12 col-md-4"
        emptyLabel="Choose a family…"
        options={data.families.map((family) => ({
          value: family.id,
          label: `${family.name}${family.is_active ? '' : ' (inactive)'}`,
        }))}
      />
      <SelectField
        name="product_kind"
        label="Applies to"
        className="col-12 col-md-4"
        options={LOOKUP_KINDS.map((option) => ({
          value: option,
          label: LOOKUP_KIND_LABELS[option],
        }))}
        help={
          kind === 'ANY'
            ? "Costs the family's SKUs of kinds without a row of their own."
            : undefined
        }
      />
      <TextField
        name="cost_percent"
        label="Cost % of list"
        isRequired
        isFigure
        inputMode="decimal"
        placeholder="e.g. 12.5"
        className="col-8 col-md-2"
      />
      <AddButton className="col-4 col-md-2 pt-md-4 mt-md-2">
        {existing ? 'Change' : 'Add'}
      </AddButton>
      {existing ? (
        <Form.Text className="col-12 mt-0">
          This family already has this row at {existing.cost_percent} %: saving changes it.
        </Form.Text>
      ) : null}
    </>
  );
}
