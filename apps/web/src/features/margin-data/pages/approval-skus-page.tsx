import { useDebouncedSearch } from '@/lib/use-debounced-value.ts';
import { MAX_REASON_LENGTH, ZSaveApprovalSkuBody } from '@bastion/domain/margin-data/schemas';
import type { ColumnDef } from '@tanstack/react-table';
import { useId } from 'react';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import { useFormContext, useWatch } from 'react-hook-form';
import { describedByOf, FieldShell } from '@/components/form/field-shell.tsx';
import { CheckboxField, TextField } from '@/components/form/fields.tsx';
import {
  useApprovalSkuOptions,
  useApprovalSkus,
  useDeleteApprovalSku,
  useSaveApprovalSku,
  type ApprovalSku,
  type ApprovalSkuList,
} from '../api/approval-skus.ts';
import { AddButton, AddRowCard } from '../components/add-row-card.tsx';
import {
  EditableTable,
  rowHeaderColumn,
  SwitchCell,
  TextAreaCell,
  type EditableColumns,
} from '../components/editable-table.tsx';
import { KIND_LABELS } from '../components/kind-labels.ts';
import { marginDataPage } from '../components/margin-data-screen.tsx';

const columns: readonly ColumnDef<ApprovalSku, never>[] = [
  rowHeaderColumn({
    id: 'sku',
    header: 'SKU',
    size: { minWidth: '12rem', maxWidth: '18rem' },
    cell: (row) => (
      <>
        <div className="fw-semibold font-monospace">{row.sku}</div>
        <div className="small text-body-secondary">
          {row.name} · {KIND_LABELS[row.kind]}
          {row.is_sku_active ? null : (
            <Badge bg="secondary" className="ms-2">
              Retired
            </Badge>
          )}
        </div>
      </>
    ),
  }),
  {
    id: 'reason',
    header: 'Reason',
    meta: { isText: true },
    cell: ({ row: { original: row } }) => (
      <div style={{ minWidth: '16rem' }}>
        <TextAreaCell
          row={row}
          path="reason"
          label={`Reason for ${row.sku}`}
          readOnly={row.reason}
        />
      </div>
    ),
  },
  {
    id: 'applies',
    header: 'Applies',
    cell: ({ row: { original: row } }) => (
      <SwitchCell
        row={row}
        path="is_active"
        label={`Approval for ${row.sku} applies`}
        readOnly={
          <Badge bg={row.is_active ? 'success' : 'secondary'}>
            {row.is_active ? 'Active' : 'Inactive'}
          </Badge>
        }
      />
    ),
  },
];

const table: EditableColumns<ApprovalSku> = {
  caption: 'Approval SKUs',
  columns,
  actions: {
    saveLabel: (row) => `Save approval for ${row.sku}`,
    removal: (row) => ({
      label: `Remove ${row.sku} from the approval list`,
      question: 'Quotes with it will no longer need this approval.',
    }),
    minWidth: '9rem',
  },
  emptyState: 'No SKU needs approval yet.',
};

/** ps-approval-sku (spec §2): SKUs whose presence on a quote asks for approval, and why. */
export const ApprovalSkusPage = marginDataPage({
  title: 'Approval SKUs',
  subtitle:
    'Products that need approval whenever a quote includes them. The reason tells the approver what to check.',
  what: 'the approval SKUs',
  whoCanEdit: 'deal desk admins and catalog admins',
  useList: useApprovalSkus,
  Content: ApprovalSkusContent,
});

function ApprovalSkusContent({ data }: { data: ApprovalSkuList }) {
  const save = useSaveApprovalSku();
  const remove = useDeleteApprovalSku();
  return (
    <>
      {data.can_edit ? (
        <AddRowCard
          title="Add a SKU"
          formLabel="Add an approval SKU"
          schema={ZSaveApprovalSkuBody}
          defaultValues={{ sku: '', reason: '', is_active: true }}
          save={async (values) => {
            const saved = await save.mutateAsync(values);
            return `${saved.sku} now needs approval.`;
          }}
        >
          <SkuField />
          <ReasonField />
          <div className="col-12 col-lg-2 d-flex flex-column gap-2 pt-lg-4">
            <CheckboxField name="is_active" label="Applies now" className="mb-0" />
            <AddButton>Add</AddButton>
          </div>
        </AddRowCard>
      ) : null}
      <EditableTable
        table={table}
        rows={data.rows}
        canEdit={data.can_edit}
        spec={{
          rowId: (row) => row.sku,
          schema: ZSaveApprovalSkuBody,
          valuesOf: (row) => ({ sku: row.sku, reason: row.reason, is_active: row.is_active }),
          isUnchanged: (values, row) =>
            values.reason === row.reason && values.is_active === row.is_active,
          save: (values) => save.mutateAsync(values),
          remove: (row) => remove.mutateAsync({ sku: row.sku }),
        }}
      />
    </>
  );
}

/** The SKU, typed or chosen among the SKUs whose code or name matches what is typed. */
function SkuField() {
  const id = useId();
  const { register, getFieldState, formState } = useFormContext();
  const sku = useWatch({ name: 'sku' }) as string;
  const error = getFieldState('sku', formState).error?.message;
  const search = useDebouncedSearch(sku, 250);
  const options = useApprovalSkuOptions(search, search.length >= 2);
  const chosen = options.data?.rows.find((row) => row.sku === sku.trim());
  return (
    <FieldShell
      id={id}
      // No star: the SKU is plainly needed, and its label reads "SKU" alone.
      label="SKU"
      error={error}
      className="col-12 col-lg-4"
      help={
        chosen
          ? `${chosen.name} · ${KIND_LABELS[chosen.kind]}${chosen.is_listed ? ' · already on the list: adding changes its reason' : ''}`
          : undefined
      }
    >
      <Form.Control
        {...register('sku')}
        list={`${id}-options`}
        placeholder="Type a part number or name"
        autoComplete="off"
        isInvalid={Boolean(error)}
        aria-required
        aria-describedby={describedByOf(id, Boolean(error), Boolean(chosen))}
      />
      <datalist id={`${id}-options`}>
        {(options.data?.rows ?? []).map((option) => (
          <option key={option.sku} value={option.sku}>
            {`${option.name}${option.is_listed ? ' (already listed)' : ''}`}
          </option>
        ))}
      </datalist>
    </FieldShell>
  );
}

function ReasonField() {
  const reason = useWatch({ name: 'reason' }) as string;
  return (
    <TextField
      name="reason"
      label="Why it needs approval"
      isRequired
      rows={2}
      className="col-12 col-lg-6"
      help={`${reason.trim().length} / ${MAX_REASON_LENGTH} characters`}
    />
  );
}
