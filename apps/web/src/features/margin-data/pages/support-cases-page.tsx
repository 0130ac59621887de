import { formatCurrency } from '@bastion/domain/format/currency';
import { ZSupportCaseForm } from '@bastion/domain/margin-data/schemas';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { SelectField, TextField } from '@/components/form/fields.tsx';
import {
  useDeleteSupportCase,
  useSaveSupportCase,
  useSupportCases,
  type SupportCase,
  type SupportCaseFamily,
  type SupportCaseList,
} from '../api/support-cases.ts';
import { AddButton, AddRowCard } from '../components/add-row-card.tsx';
import {
  decimalColumn,
  EditableTable,
  rowHeaderColumn,
  type EditableColumns,
} from '../components/editable-table.tsx';
import { casesOf, centsOf, centsText, supportCaseCostOf } from '../components/input-checks.ts';
import { marginDataPage } from '../components/margin-data-screen.tsx';
import { UpdatedOn } from '../components/row-controls.tsx';
import { textAt, useRowEditor } from '@/components/data-table/row-editors.ts';

const CASES_LABEL = 'Cases per unit-year';

const supportSkuCount = (n: number) =>
  n === 0
    ? 'No support SKUs'
    : n === 1
      ? '1 support SKU'
      : `${n.toLocaleString('en-US')} support SKUs`;

/** "0.400 cases × $85.00" for a row's figures. */
const formula = (cases: string, costMinor: number) =>
  `${cases} ${casesOf(cases) === 1000 ? 'case' : 'cases'} × ${formatCurrency(costMinor, 'USD')}`;

/** A family the table lists, with its support cases when it has them. */
interface FamilyRow {
  family: SupportCaseFamily;
  row: SupportCase | undefined;
}

const familyName = (family: SupportCaseFamily) =>
  `${family.name}${family.is_active ? '' : ' (inactive)'}`;

/** Cases × cost per case as typed, or as saved. */
function PerUnitYearCell({ item }: { item: FamilyRow }) {
  const { editor } = useRowEditor(item);
  const cases = textAt(editor, 'cases_per_unit_year');
  const cost = textAt(editor, 'cost_per_case_usd');
  const perUnitYear = editor.isDrafting
    ? supportCaseCostOf(cases, cost)
    : (item.row?.cost_per_unit_year_usd_minor ?? null);
  if (perUnitYear === null) {
    return <span className="text-body-secondary small">{item.row ? '—' : 'Nothing added'}</span>;
  }
  return (
    <>
      <div className="font-monospace fw-semibold">{formatCurrency(perUnitYear, 'USD')}</div>
      <div className="small text-body-secondary">{formula(cases.trim(), centsOf(cost) ?? 0)}</div>
    </>
  );
}

/** When the row was saved, while nothing is typed in it. */
function SavedOn({ item }: { item: FamilyRow }) {
  const { editor } = useRowEditor(item);
  if (!item.row || editor.isDrafting) return null;
  return <UpdatedOn at={item.row.updated_at} />;
}

const columns: readonly ColumnDef<FamilyRow, never>[] = [
  rowHeaderColumn({
    id: 'family',
    header: 'Product family',
    size: { minWidth: '12rem' },
    cell: (item) => (
      <>
        <div className="fw-semibold">{familyName(item.family)}</div>
        <div className="small text-body-secondary">
          {item.family.id} · {supportSkuCount(item.family.support_sku_count)}
        </div>
      </>
    ),
  }),
  decimalColumn({
    id: 'cases',
    header: CASES_LABEL,
    path: 'cases_per_unit_year',
    label: (item) => `Cases per unit-year for ${item.family.name}`,
    placeholder: 'None',
    suffix: 'cases',
    width: '10rem',
    readOnly: (item) => (
      <span className="font-monospace">{item.row ? item.row.cases_per_unit_year : '—'}</span>
    ),
  }),
  decimalColumn({
    id: 'cost',
    header: 'Cost per case (USD)',
    path: 'cost_per_case_usd',
    label: (item) => `Cost per case for ${item.family.name} in US dollars`,
    placeholder: 'None',
    prefix: '$',
    width: '10rem',
    readOnly: (item) => (
      <span className="font-monospace">
        {item.row ? formatCurrency(item.row.cost_per_case_usd_minor, 'USD') : '—'}
      </span>
    ),
    after: (item) => <SavedOn item={item} />,
  }),
  {
    id: 'per_unit_year',
    header: () => (
      <span title="Cases per unit-year × cost per case: what a year of support for one unit adds to its cost, before markup">
        Cost per unit-year
      </span>
    ),
    meta: { align: 'end' },
    cell: ({ row: { original: item } }) => <PerUnitYearCell item={item} />,
  },
];

const table: EditableColumns<FamilyRow> = {
  caption: 'Support cases',
  columns,
  actions: {
    saveLabel: (item) => `Save support cases for ${item.family.name}`,
    removal: (item) =>
      item.row
        ? {
            label: `Remove support cases for ${item.family.name}`,
            question: 'Support is then costed from the cost lookup alone.',
          }
        : null,
    minWidth: '9rem',
  },
  emptyState: 'No product family sells support, and none has support cases yet.',
};

/**
 * mc-support-cases (spec §2; decision 010): per product family, the support cases one unit
 * raises a year and what handling one costs. Quotes add cases × cost to the yearly unit cost of
 * the family's support SKUs, on top of their cost-lookup share and before the support markup.
 */
export const SupportCasesPage = marginDataPage({
  title: 'Support cases',
  subtitle: "What handling support cases costs, per unit of a product family's support and year.",
  isMarginData: true,
  useList: useSupportCases,
  missingFamilies: {
    title: 'Families selling support without support cases',
    of: (data) =>
      data.families
        .filter((f) => !f.has_row && f.support_sku_count > 0)
        .map((f) => `${f.name} (${supportSkuCount(f.support_sku_count)})`),
    consequence:
      'their support is costed from the cost lookup alone, so quotes may overstate its margin.',
  },
  Content: SupportCasesContent,
});

function SupportCasesContent({ data }: { data: SupportCaseList }) {
  const save = useSaveSupportCase();
  const remove = useDeleteSupportCase();
  // Families that sell support, and any other family someone gave a row.
  const rows = useMemo(() => {
    const rowByFamily = new Map(data.rows.map((row) => [row.family_id, row]));
    return data.families
      .filter((f) => rowByFamily.has(f.id) || f.has_row || f.support_sku_count > 0)
      .map((family): FamilyRow => ({ family, row: rowByFamily.get(family.id) }));
  }, [data]);
  const others = data.families.filter((f) => !f.has_row && f.support_sku_count === 0);
  const example = data.rows[0];
  return (
    <>
      <EditableTable
        table={table}
        rows={rows}
        canEdit={data.can_edit}
        intro={
          <>
            Unit cost of a support SKU per 12 months = USD list price × the family&apos;s support
            percentage (Cost lookup) + cases per unit-year × cost per case, then the support markup
            ({data.support_markup} %) on the sum. Families without a row add nothing.
            {example ? (
              <>
                {' '}
                For example, a year of {example.family_name} support for one unit adds{' '}
                {formula(example.cases_per_unit_year, example.cost_per_case_usd_minor)} ={' '}
                <strong>{formatCurrency(example.cost_per_unit_year_usd_minor, 'USD')}</strong>, and
                ten units {formatCurrency(example.cost_per_unit_year_usd_minor * 10, 'USD')}.
              </>
            ) : null}
          </>
        }
        spec={{
          rowId: (item) => item.family.id,
          schema: ZSupportCaseForm,
          valuesOf: (item) => ({
            family_id: item.family.id,
            cases_per_unit_year: item.row?.cases_per_unit_year ?? '',
            cost_per_case_usd: centsText(item.row?.cost_per_case_usd_minor ?? null),
          }),
          isUnchanged: (values, item) =>
            item.row !== undefined &&
            casesOf(values.cases_per_unit_year) === casesOf(item.row.cases_per_unit_year) &&
            centsOf(values.cost_per_case_usd) === item.row.cost_per_case_usd_minor,
          save: (values) => save.mutateAsync(values),
          remove: (item) => remove.mutateAsync({ family_id: item.family.id }),
        }}
      />
      {data.can_edit && others.length > 0 ? (
        <AddRowCard
          title="Another family"
          formLabel="Add support cases"
          schema={ZSupportCaseForm}
          defaultValues={{ family_id: '', cases_per_unit_year: '', cost_per_case_usd: '' }}
          save={async (values) => {
            const saved = await save.mutateAsync(values);
            return `${saved.family_name}: ${formula(saved.cases_per_unit_year, saved.cost_per_case_usd_minor)} saved.`;
          }}
        >
          <SelectField
            name="family_id"
            label="Product family"
            isRequired
            className="col-12 col-md-4"
            emptyLabel="Choose a family…"
            help="These families sell no support yet."
            options={others.map((family) => ({ value: family.id, label: familyName(family) }))}
          />
          <TextField
            name="cases_per_unit_year"
            label={CASES_LABEL}
            isRequired
            isFigure
            inputMode="decimal"
            placeholder="e.g. 0.25"
            className="col-6 col-md-3"
          />
          <TextField
            name="cost_per_case_usd"
            label="Cost per case (USD)"
            isRequired
            isFigure
            inputMode="decimal"
            placeholder="e.g. 85.00"
            className="col-6 col-md-3"
          />
          <AddButton className="col-12 col-md-2 pt-md-4 mt-md-2">Add</AddButton>
        </AddRowCard>
      ) : null}
    </>
  );
}
