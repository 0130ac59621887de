import {
  ZTermDiscountForm,
  type TermDiscountFormValues,
} from '@bastion/domain/pricing/methods-schema';
import { PRODUCT_KINDS } from '@bastion/domain/pricing/product-kinds';
import { createColumnHelper } from '@tanstack/react-table';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { LoadState } from '@/components/admin/admin-layout.tsx';
import { ConfirmButton } from '@/components/confirm-button.tsx';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { SelectField, TextField } from '@/components/form/fields.tsx';
import { AppForm, FormProblem, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import {
  useDeleteTermDiscount,
  useSaveTermDiscount,
  useTermDiscounts,
  type TermDiscountsView,
} from '../api/pricing-methods.ts';
import { KIND_LABELS, plural } from './catalog-labels.ts';

type TermRow = TermDiscountsView['rows'][number];

const DISCOUNTED_KINDS = PRODUCT_KINDS.filter((kind) => kind !== 'BUNDLE');
const EMPTY: TermDiscountFormValues = { product_kind: 'SUBSCRIPTION', min_months: '', percent: '' };
const FIELDS = ['product_kind', 'min_months', 'percent'] as const;

function termColumns(actions: {
  canEdit: boolean;
  onEdit: (row: TermRow) => void;
  onRemove: (row: TermRow) => void;
  removingKey: string | null;
}) {
  const column = createColumnHelper<TermRow>();
  const keyOf = (row: TermRow) => `${row.product_kind}:${row.min_months}`;
  const columns = [
    column.accessor('product_kind', {
      enableSorting: false,
      header: 'Kind and term',
      meta: { isText: true },
      cell: ({ row: { original: row } }) => (
        <>
          <div className="fw-semibold">{KIND_LABELS[row.product_kind]}</div>
          <div className="small text-body-secondary">
            {`from ${plural(row.min_months, 'month', 'months')}`}
          </div>
        </>
      ),
    }),
    column.accessor('percent', {
      enableSorting: false,
      header: 'Discount',
      meta: { align: 'end', className: 'fw-semibold' },
      cell: ({ getValue }) => `${getValue()} %`,
    }),
  ];
  if (!actions.canEdit) return columns;
  return [
    ...columns,
    column.display({
      id: 'actions',
      header: 'Actions',
      meta: { isHeaderHidden: true, align: 'end' },
      cell: ({ row: { original: row } }) => {
        const name = `${KIND_LABELS[row.product_kind]} from ${row.min_months} months`;
        return (
          <div className="d-flex justify-content-end gap-1">
            <Button
              size="sm"
              variant="outline-primary"
              aria-label={`Change ${name}`}
              onClick={() => actions.onEdit(row)}
            >
              <i className="bi bi-pencil" aria-hidden="true" />
            </Button>
            <ConfirmButton
              size="sm"
              label={`Remove ${name}`}
              question="Remove?"
              confirmText="Remove"
              cancelText="Keep"
              isPending={actions.removingKey === keyOf(row)}
              onConfirm={() => actions.onRemove(row)}
            />
          </div>
        );
      },
    }),
  ];
}

/** Adds a kind's discount from a number of months, or changes the one it has from them. */
function TermDiscountForm({ form }: { form: ReturnType<typeof useTermDiscountForm> }) {
  const save = useSaveTermDiscount();
  return (
    <AppForm
      form={form}
      error={save.error}
      serverFields={FIELDS}
      aria-label="Set a term discount"
      onSubmit={(body) =>
        save.mutateAsync(body, {
          onSuccess: () => form.reset({ ...EMPTY, product_kind: body.product_kind }),
        })
      }
    >
      <div className="d-flex flex-wrap align-items-start gap-2">
        <SelectField
          name="product_kind"
          label="Kind"
          className="mb-0"
          options={DISCOUNTED_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
        />
        <TextField
          name="min_months"
          label="From months"
          inputMode="numeric"
          placeholder="36"
          className="mb-0 term-months-field"
          isFigure
        />
        <TextField
          name="percent"
          label="Discount"
          inputMode="decimal"
          placeholder="5"
          suffix="%"
          className="mb-0 term-percent-field"
          isFigure
        />
        <div>
          <Form.Label className="invisible" aria-hidden="true">
            Save
          </Form.Label>
          <div>
            <SubmitButton isPending={save.isPending}>Save</SubmitButton>
          </div>
        </div>
      </div>
      <Form.Text>
        Saving a kind and a number of months it already has changes its discount.
      </Form.Text>
      <FormProblem error={save.error} className="mt-2 mb-0" />
      {save.isSuccess && !form.formState.isDirty ? (
        <Alert variant="success" className="mt-2 mb-0" role="status">
          Saved the term discount.
        </Alert>
      ) : null}
    </AppForm>
  );
}

const useTermDiscountForm = () => useZodForm(ZTermDiscountForm, { defaultValues: EMPTY });

/**
 * Term discounts (issue 35): a kind's discount from a contract length on, the highest reached
 * applying. Everyone with a catalog role reads them; catalogue admins change them a row at a
 * time.
 */
export function TermDiscountsSection({ canEdit }: { canEdit: boolean }) {
  const terms = useTermDiscounts();
  const remove = useDeleteTermDiscount();
  const form = useTermDiscountForm();
  return (
    <section aria-labelledby="term-discounts-heading" className="mt-4">
      <h2 id="term-discounts-heading" className="h5">
        Term discounts
      </h2>
      <p className="text-body-secondary">
        A kind’s discount for contracts of at least so many months: the highest reached applies.
      </p>
      {remove.isError ? (
        <Alert variant="danger" role="alert" dismissible onClose={() => remove.reset()}>
          {remove.error.message}
        </Alert>
      ) : null}
      <LoadState query={terms} what="the term discounts">
        {(view) => (
          <div className="mb-3">
            <DataTable
              caption="Term discounts"
              size="sm"
              data={view.rows}
              getRowId={(row) => `${row.product_kind}:${row.min_months}`}
              columns={termColumns({
                canEdit,
                onEdit: (row) =>
                  form.reset({
                    product_kind: row.product_kind,
                    min_months: String(row.min_months),
                    percent: row.percent,
                  }),
                onRemove: (row) =>
                  remove.mutate({ product_kind: row.product_kind, min_months: row.min_months }),
                removingKey:
                  remove.isPending && remove.variables
                    ? `${remove.variables.product_kind}:${remove.variables.min_months}`
                    : null,
              })}
              emptyState="No term discounts: contract length does not change prices."
            />
          </div>
        )}
      </LoadState>
      {canEdit ? <TermDiscountForm form={form} /> : null}
    </section>
  );
}
