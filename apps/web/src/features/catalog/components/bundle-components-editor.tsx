import { OPTION_SELECTIONS } from '@bastion/domain/catalog/bundle-options';
import {
  MAX_BUNDLE_COMPONENTS,
  MAX_BUNDLE_FEATURES,
  ZBundleComponentsForm,
  type BundleComponentsFormValues,
} from '@bastion/domain/catalog/schemas';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useFieldArray, useWatch, type FieldErrors } from 'react-hook-form';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { AddRowButton } from '@/components/add-row-button.tsx';
import { fieldArrayColumns } from '@/components/data-table/field-array-columns.tsx';
import { SelectField } from '@/components/form/fields.tsx';
import { AppForm, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import { StatusBadge } from '@/components/status-badge.tsx';
import { fieldErrorsOf } from '@/lib/api-problems.ts';
import {
  useSaveBundleComponents,
  type BundleComponent,
  type CatalogSkuDetail,
  type CatalogSkuSummary,
} from '../api/catalog-skus.ts';
import { COMPONENTS_TABLE } from './bundle-components-list.tsx';
import { plural, SELECTION_LABELS, skuStatusOf } from './catalog-labels.ts';
import { SkuSearch } from './sku-search.tsx';

const SELECTION_OPTIONS = OPTION_SELECTIONS.map((value) => ({
  value,
  label: SELECTION_LABELS[value],
}));

const OPTION_GROUPS_HELP =
  'A bundle with option groups is configured on the quote: the seller picks its options within each group’s fewest and most. Without groups, every component comes with the bundle.';

/** What the components table shows of a SKU besides its form values. */
type ComponentDetails = Pick<BundleComponent, 'sku' | 'name' | 'kind' | 'is_active'>;

let lastGroupKey = 0;
/** The form's own id of an option group: components name it, so a renamed group keeps them. */
const newGroupKey = () => {
  lastGroupKey += 1;
  return `group-${lastGroupKey}`;
};

function valuesOf(bundle: CatalogSkuDetail): BundleComponentsFormValues {
  const features = bundle.features.map((f) => ({
    key: newGroupKey(),
    name: f.name,
    min_options: String(f.min_options),
    max_options: f.max_options === null ? '' : String(f.max_options),
  }));
  const keyOf = new Map(features.map((f) => [f.name, f.key]));
  return {
    features,
    components: bundle.components.map((c) => ({
      sku: c.sku,
      quantity: String(c.quantity),
      feature: c.feature === null ? '' : (keyOf.get(c.feature) ?? ''),
      selection: c.selection,
    })),
  };
}

const detailsOf = (components: readonly ComponentDetails[]) =>
  new Map(components.map((c) => [c.sku, c]));

/** Why a SKU cannot go into this bundle, or null when it can. */
function refusalOf(bundle: string, row: CatalogSkuSummary, listed: readonly { sku: string }[]) {
  if (row.sku === bundle) return 'This bundle';
  if (row.kind === 'BUNDLE') return 'A bundle';
  if (!row.is_active) return 'Inactive';
  if (listed.some((c) => c.sku === row.sku)) return 'Added';
  return null;
}

type ComponentRow = BundleComponentsFormValues['components'][number] & { id: string };
type GroupRow = BundleComponentsFormValues['features'][number] & { id: string };

/** The editor's component rows: the SKU with its group and selection, quantity, removal. */
function componentColumns(options: {
  details: ReadonlyMap<string, ComponentDetails>;
  groups: readonly { value: string; label: string }[];
  errors: FieldErrors<BundleComponentsFormValues>['components'];
  onRemove: (index: number) => void;
}) {
  const { details, groups, errors } = options;
  const rowColumn = createColumnHelper<ComponentRow>();
  const columns = fieldArrayColumns<ComponentRow>('components', (c) => c.sku);
  return [
    // Code, name, and the option's place in one cell: the side panel stays one column wide.
    rowColumn.display({
      id: 'component',
      header: 'Component',
      meta: { isText: true },
      cell: ({ row: { original: c, index } }) => {
        const sku = details.get(c.sku);
        const skuError = errors?.[index]?.sku?.message;
        return (
          <>
            <div className="fw-semibold">{c.sku}</div>
            {sku ? <div>{sku.name}</div> : null}
            {sku && !sku.is_active ? (
              <StatusBadge label={skuStatusOf(false).label} tone={skuStatusOf(false).tone} />
            ) : null}
            {skuError ? (
              <div className="text-danger" role="alert">
                {skuError}
              </div>
            ) : null}
            {groups.length > 0 ? (
              <div className="bundle-option-fields d-flex flex-wrap gap-1 mt-1">
                <SelectField
                  name={`components.${index}.feature`}
                  label={`Group of ${c.sku}`}
                  isLabelHidden
                  className="mb-0"
                  emptyLabel="No group"
                  options={groups}
                />
                <SelectField
                  name={`components.${index}.selection`}
                  label={`Selection of ${c.sku}`}
                  isLabelHidden
                  className="mb-0"
                  options={SELECTION_OPTIONS}
                />
              </div>
            ) : null}
          </>
        );
      },
    }),
    columns.text({
      field: 'quantity',
      header: 'Quantity',
      label: 'Quantity',
      inputMode: 'numeric',
      className: 'bundle-quantity-field',
    }),
    columns.remove(options.onRemove),
  ];
}

/** The option groups' rows: name, fewest and most (blank: no cap), removal. */
function groupColumns(onRemove: (index: number) => void) {
  const columns = fieldArrayColumns<GroupRow>(
    'features',
    (_, index) => `option group ${index + 1}`,
  );
  return [
    columns.text({
      field: 'name',
      header: 'Option group',
      label: 'Name',
      maxLength: 60,
      placeholder: 'e.g. Support tier',
    }),
    columns.text({
      field: 'min_options',
      header: 'Fewest',
      label: 'Fewest options',
      inputMode: 'numeric',
      className: 'bundle-count-field',
    }),
    columns.text({
      field: 'max_options',
      header: 'Most',
      label: 'Most options',
      inputMode: 'numeric',
      placeholder: 'No cap',
      className: 'bundle-count-field',
    }),
    columns.remove(onRemove),
  ];
}

/**
 * Edits what a bundle brings onto a quote: products found by code or name, each once, with a
 * quantity; and, for a bundle the seller configures (issue 34), its option groups and each
 * component's group and selection. Everything is saved at once, or nothing when a row is refused.
 */
export function BundleComponentsEditor({ bundle }: { bundle: CatalogSkuDetail }) {
  // Read once: each reading numbers the groups anew.
  const [initialValues] = useState(() => valuesOf(bundle));
  const form = useZodForm(ZBundleComponentsForm, {
    defaultValues: initialValues,
    // A quantity or count is checked as it is typed, and Save waits for it.
    mode: 'all',
  });
  const { control } = form;
  const components = useFieldArray({ control, name: 'components' });
  const features = useFieldArray({ control, name: 'features' });
  const values = useWatch({ control });
  const [details, setDetails] = useState(() => detailsOf(bundle.components));
  const [notice, setNotice] = useState<string | null>(null);
  const save = useSaveBundleComponents();
  const { reset: resetSave } = save;
  const { errors, isDirty } = form.formState;
  const isValid = ZBundleComponentsForm.safeParse(values).success;
  const refusedPaths = Object.keys(fieldErrorsOf(save.error));

  // Any change after a refusal takes the server's messages away, as they may no longer hold.
  const isRefused = useRef(false);
  useEffect(() => {
    const subscription = form.watch(() => {
      setNotice(null);
      if (!isRefused.current) return;
      isRefused.current = false;
      form.clearErrors();
      resetSave();
    });
    return () => subscription.unsubscribe();
  }, [form, resetSave]);

  const groups = (values.features ?? []).map((f, index) => ({
    value: f.key ?? '',
    label: f.name?.trim() || `Option group ${index + 1}`,
  }));

  const add = (row: CatalogSkuSummary) => {
    setDetails((known) => new Map(known).set(row.sku, row));
    components.append({ sku: row.sku, quantity: '1', feature: '', selection: 'REQUIRED' });
  };
  // Its options leave the group; without any group left, every component is required again.
  const removeGroup = (index: number) => {
    const key = form.getValues(`features.${index}.key`);
    const isLast = features.fields.length === 1;
    form.getValues('components').forEach((c, i) => {
      if (c.feature === key) form.setValue(`components.${i}.feature`, '', { shouldDirty: true });
      if (isLast && c.selection !== 'REQUIRED') {
        form.setValue(`components.${i}.selection`, 'REQUIRED', { shouldDirty: true });
      }
    });
    features.remove(index);
  };

  return (
    <AppForm
      form={form}
      error={save.error}
      className="bundle-editor"
      aria-label={`Components of ${bundle.sku}`}
      onSubmit={(input) =>
        save.mutate(
          { sku: bundle.sku, ...input },
          {
            onError: () => {
              isRefused.current = true;
            },
            onSuccess: (saved) => {
              setDetails(detailsOf(saved.components));
              form.reset(valuesOf(saved));
              const groupCount = saved.features.length;
              setNotice(
                `Saved ${plural(saved.components.length, 'component', 'components')}${
                  groupCount > 0
                    ? ` and ${plural(groupCount, 'option group', 'option groups')}`
                    : ''
                } of ${saved.sku}. Quotes that already hold the bundle keep their lines.`,
              );
            },
          },
        )
      }
    >
      <p className="small text-body-secondary">
        What the bundle brings onto a quote when a seller adds it. Components are active products
        that are not bundles themselves, each listed once.
      </p>
      <div className="mb-2">
        <DataTable
          {...COMPONENTS_TABLE}
          getRowId={(c) => c.id}
          data={components.fields}
          columns={componentColumns({
            details,
            groups,
            errors: errors.components,
            onRemove: components.remove,
          })}
          rowClassName={(c) =>
            errors.components?.[components.fields.indexOf(c)]?.sku ? 'table-danger' : undefined
          }
          emptyState="No components yet: find the products below and add them."
        />
      </div>
      {components.fields.length < MAX_BUNDLE_COMPONENTS ? (
        <div className="border rounded p-2 bg-body-tertiary">
          <SkuSearch
            label="Add a component"
            placeholder="SKU code or name, e.g. BX-100F"
            listLabel="Products to add"
            isCompact
            end={(row) => {
              const refusal = refusalOf(bundle.sku, row, components.fields);
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
      <section aria-labelledby="bundle-groups-heading" className="mt-3">
        <h4 id="bundle-groups-heading" className="h6 mb-1">
          Option groups
        </h4>
        <p className="small text-body-secondary mb-2">
          {OPTION_GROUPS_HELP}
          {features.fields.length > 0
            ? ' Required: always in. Default: in until the seller takes it out. Optional: out until the seller adds it.'
            : null}
        </p>
        {features.fields.length > 0 ? (
          <div className="mb-2">
            <DataTable
              caption="Option groups"
              size="sm"
              className="small"
              getRowId={(g) => g.id}
              data={features.fields}
              columns={groupColumns(removeGroup)}
            />
          </div>
        ) : null}
        {features.fields.length < MAX_BUNDLE_FEATURES ? (
          <AddRowButton
            onClick={() =>
              features.append({ key: newGroupKey(), name: '', min_options: '0', max_options: '' })
            }
          >
            Add option group
          </AddRowButton>
        ) : null}
      </section>
      {save.isError ? (
        <Alert variant="danger" className="mt-3 mb-2" role="alert">
          {refusedPaths.some((path) => path.startsWith('features.'))
            ? 'Nothing was saved. Correct what is marked in red and save again.'
            : refusedPaths.some((path) => path.startsWith('components.'))
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
          onClick={() => form.reset()}
        >
          Undo changes
        </Button>
        {components.fields.length === 0 && isDirty ? (
          <span className="small text-body-secondary">A bundle needs at least one component.</span>
        ) : null}
      </div>
    </AppForm>
  );
}
