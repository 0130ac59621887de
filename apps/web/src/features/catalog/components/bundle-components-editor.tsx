import { MAX_BUNDLE_COMPONENTS, ZComponentQuantityText } from '@bastion/domain/catalog/schemas';
import { createColumnHelper } from '@tanstack/react-table';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { describedByOf, FieldShell } from '@/components/form/field-shell.tsx';
import { SubmitButton } from '@/components/form/form.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import { fieldErrorsOf, type FieldErrors } from '@/lib/api-problems.ts';
import {
  useSaveBundleComponents,
  type BundleComponent,
  type CatalogSkuDetail,
  type CatalogSkuSummary,
} from '../api/catalog-skus.ts';
import { plural, skuStatusOf } from './catalog-labels.ts';
import { SkuSearch } from './sku-search.tsx';
import { IN_ORDER } from './catalog-columns.tsx';

interface DraftComponent {
  sku: string;
  name: string;
  kind: BundleComponent['kind'];
  is_active: boolean;
  /** As typed. */
  quantity: string;
}

const draftOf = (components: readonly BundleComponent[]): DraftComponent[] =>
  components.map((c) => ({ ...c, quantity: String(c.quantity) }));

/** The server's message for a quantity it would refuse (decision 010), or null. */
function quantityProblem(text: string): string | null {
  const result = ZComponentQuantityText.safeParse(text);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** Why a SKU cannot go into this bundle, or null when it can. */
function refusalOf(bundle: string, row: CatalogSkuSummary, draft: readonly DraftComponent[]) {
  if (row.sku === bundle) return 'This bundle';
  if (row.kind === 'BUNDLE') return 'A bundle';
  if (!row.is_active) return 'Inactive';
  if (draft.some((c) => c.sku === row.sku)) return 'Added';
  return null;
}

const sameAsSaved = (draft: readonly DraftComponent[], saved: readonly BundleComponent[]) =>
  draft.length === saved.length &&
  draft.every(
    (c, i) => c.sku === saved[i]?.sku && c.quantity.trim() === String(saved[i]?.quantity),
  );

const column = createColumnHelper<BundleComponent>();

/** The components table, read or edited. */
const COMPONENTS_TABLE = {
  caption: 'Components',
  size: 'sm',
  className: 'small',
  getRowId: (c: { sku: string }) => c.sku,
} as const;

/** A bundle's components as everyone reads them. */
export function BundleComponentsList({ components }: { components: readonly BundleComponent[] }) {
  return (
    <DataTable
      {...COMPONENTS_TABLE}
      data={components}
      emptyState="No components yet."
      columns={[
        column.accessor('sku', { ...IN_ORDER, header: 'SKU', meta: { className: 'fw-semibold' } }),
        column.accessor('name', { ...IN_ORDER, header: 'Name', meta: { isText: true } }),
        column.accessor('quantity', { ...IN_ORDER, header: 'Quantity', meta: { align: 'end' } }),
      ]}
    />
  );
}

/** A component's quantity, checked as typed; its label is read to screen readers only. */
function QuantityInput(props: {
  sku: string;
  value: string;
  error: string | null | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <FieldShell
      id={id}
      label={`Quantity of ${props.sku}`}
      isLabelHidden
      error={props.error ?? undefined}
      className="mb-0"
    >
      <Form.Control
        size="sm"
        className="text-end"
        style={{ width: '6rem' }}
        inputMode="numeric"
        value={props.value}
        isInvalid={Boolean(props.error)}
        aria-describedby={describedByOf(id, Boolean(props.error), false)}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </FieldShell>
  );
}

/** The editor's rows: what it holds, each row's problem (typed or the server's), and removal. */
function draftColumns(options: {
  problems: readonly (string | null)[];
  errors: FieldErrors;
  indexOf: (sku: string) => number;
  onQuantity: (index: number, quantity: string) => void;
  onRemove: (index: number) => void;
}) {
  const { problems, errors, indexOf } = options;
  const draftColumn = createColumnHelper<DraftComponent>();
  return [
    draftColumn.accessor('sku', { ...IN_ORDER, header: 'SKU', meta: { className: 'fw-semibold' } }),
    draftColumn.accessor('name', {
      ...IN_ORDER,
      header: 'Name',
      meta: { isText: true },
      cell: ({ row: { original: c } }) => {
        const skuError = errors[`components.${indexOf(c.sku)}.sku`];
        return (
          <>
            <div>{c.name}</div>
            {c.is_active ? null : (
              <StatusBadge label={skuStatusOf(false).label} tone={skuStatusOf(false).tone} />
            )}
            {skuError ? (
              <div className="text-danger" role="alert">
                {skuError}
              </div>
            ) : null}
          </>
        );
      },
    }),
    draftColumn.accessor('quantity', {
      ...IN_ORDER,
      header: 'Quantity',
      cell: ({ row: { original: c } }) => {
        const index = indexOf(c.sku);
        return (
          <QuantityInput
            sku={c.sku}
            value={c.quantity}
            error={problems[index] ?? errors[`components.${index}.quantity`]}
            onChange={(quantity) => options.onQuantity(index, quantity)}
          />
        );
      },
    }),
    draftColumn.display({
      id: 'actions',
      header: 'Actions',
      meta: { isHeaderHidden: true, align: 'end' },
      cell: ({ row: { original: c } }) => (
        <Button
          size="sm"
          variant="link"
          className="p-1 text-danger"
          aria-label={`Remove ${c.sku}`}
          title="Remove"
          onClick={() => options.onRemove(indexOf(c.sku))}
        >
          <i className="bi bi-trash" aria-hidden="true" />
        </Button>
      ),
    }),
  ];
}

/**
 * Edits what a bundle brings onto a quote: products found by code or name, each once, with a
 * quantity. The whole list is saved at once, or nothing when a row is refused.
 */
export function BundleComponentsEditor({ bundle }: { bundle: CatalogSkuDetail }) {
  const [draft, setDraft] = useState(() => draftOf(bundle.components));
  const [notice, setNotice] = useState<string | null>(null);
  const save = useSaveBundleComponents();
  const errors = fieldErrorsOf(save.error);
  const isDirty = !sameAsSaved(draft, bundle.components);
  const problems = draft.map((c) => quantityProblem(c.quantity));
  const isValid = draft.length > 0 && problems.every((p) => p === null);

  const change = (next: DraftComponent[]) => {
    setNotice(null);
    save.reset();
    setDraft(next);
  };
  const add = (row: CatalogSkuSummary) =>
    change([
      ...draft,
      { sku: row.sku, name: row.name, kind: row.kind, is_active: row.is_active, quantity: '1' },
    ]);
  const columns = draftColumns({
    problems,
    errors,
    indexOf: (sku) => draft.findIndex((c) => c.sku === sku),
    onQuantity: (index, quantity) =>
      change(draft.map((other, i) => (i === index ? { ...other, quantity } : other))),
    onRemove: (index) => change(draft.filter((_, i) => i !== index)),
  });

  return (
    <Form
      noValidate
      aria-label={`Components of ${bundle.sku}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!isValid) return;
        save.mutate(
          {
            sku: bundle.sku,
            components: draft.map((c) => ({ sku: c.sku, quantity: Number(c.quantity.trim()) })),
          },
          {
            onSuccess: (saved) => {
              setDraft(draftOf(saved.components));
              setNotice(
                `Saved ${plural(saved.components.length, 'component', 'components')} of ${saved.sku}. Quotes that already hold the bundle keep their lines.`,
              );
            },
          },
        );
      }}
    >
      <p className="small text-body-secondary">
        What the bundle brings onto a quote when a seller adds it. Components are active products
        that are not bundles themselves, each listed once.
      </p>
      <div className="mb-2">
        <DataTable
          {...COMPONENTS_TABLE}
          data={draft}
          columns={columns}
          rowClassName={(c) =>
            errors[`components.${draft.indexOf(c)}.sku`] ? 'table-danger' : undefined
          }
          emptyState="No components yet: find the products below and add them."
        />
      </div>
      {draft.length < MAX_BUNDLE_COMPONENTS ? (
        <div className="border rounded p-2 bg-body-tertiary">
          <SkuSearch
            label="Add a component"
            placeholder="SKU code or name, e.g. BX-100F"
            listLabel="Products to add"
            isCompact
            end={(row) => {
              const refusal = refusalOf(bundle.sku, row, draft);
              return refusal ? (
                <span className="text-body-secondary text-nowrap">{refusal}</span>
              ) : (
                <Button
                  size="sm"
                  variant="outline-primary"
                  aria-label={`Add ${row.sku}`}
                  onClick={() => add(row)}
                >
                  Add
                </Button>
              );
            }}
          />
        </div>
      ) : (
        <p className="small text-body-secondary">
          {`A bundle holds at most ${MAX_BUNDLE_COMPONENTS} components.`}
        </p>
      )}
      {save.isError ? (
        <Alert variant="danger" className="mt-3 mb-2" role="alert">
          {Object.keys(errors).some((path) => path.startsWith('components.'))
            ? 'Nothing was saved. Correct the rows marked in red and save again.'
            : save.error.message}
        </Alert>
      ) : null}
      {notice ? (
        <Alert variant="success" className="mt-3 mb-2" role="status">
          {notice}
        </Alert>
      ) : null}
      <div className="d-flex align-items-center gap-2 mt-3">
        <SubmitButton isPending={save.isPending} isDisabled={!isDirty || !isValid}>
          Save components
        </SubmitButton>
        <Button
          variant="outline-secondary"
          disabled={!isDirty || save.isPending}
          onClick={() => change(draftOf(bundle.components))}
        >
          Undo changes
        </Button>
        {draft.length === 0 && isDirty ? (
          <span className="small text-body-secondary">A bundle needs at least one component.</span>
        ) : null}
      </div>
    </Form>
  );
}
