import {
  SECURE_ACCESS_FAMILY,
  skuAttributesFormValues,
  ZSkuForm,
  type SkuFormValues,
} from '@bastion/domain/catalog/schemas';
import { BILLING_TYPES } from '@bastion/domain/pricing/model';
import { PRODUCT_KINDS } from '@bastion/domain/pricing/product-kinds';
import {
  LAP_SIZES,
  PRICING_MODELS,
  type PricingModel,
} from '@bastion/domain/validation/secure-access';
import { useEffect, useMemo } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FieldRow } from '@/components/form/field-row.tsx';
import { availableWhen } from '@/components/form/available-when.ts';
import { CheckboxField, SelectField, TextField } from '@/components/form/fields.tsx';
import { AppForm, FormProblem, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import {
  useCatalogFamilies,
  useSaveCatalogSku,
  type CatalogSkuDetail,
} from '../api/catalog-skus.ts';
import { useProductHierarchy } from '../api/product-hierarchy.ts';
import { BILLING_LABELS, KIND_LABELS, plural, SIZE_LABELS } from './catalog-labels.ts';
import { flattenTree } from './hierarchy-model.ts';
import { SkuAttributesFields } from './sku-attributes-fields.tsx';
import { SuccessorSkuField } from './successor-sku-field.tsx';
import './catalog.css';

const isPricingModel = (value: string | null | undefined): value is PricingModel =>
  (PRICING_MODELS as readonly string[]).includes(value ?? '');

function valuesOf(sku: CatalogSkuDetail | null): SkuFormValues {
  return {
    sku: sku?.sku ?? '',
    name: sku?.name ?? '',
    description: sku?.description ?? '',
    kind: sku?.kind ?? 'HARDWARE',
    billing: sku?.billing ?? 'ONE_TIME',
    family_id: sku?.family_id ?? '',
    hierarchy_node_id: sku?.hierarchy_node_id ?? '',
    size: sku?.size ?? '',
    pricing_model: isPricingModel(sku?.pricing_model) ? sku.pricing_model : '',
    is_shippable: sku?.is_shippable ?? true,
    is_active: sku?.is_active ?? true,
    successor_sku: sku?.successor_sku ?? null,
    attributes: skuAttributesFormValues(sku?.attributes),
  };
}

/** Adds a SKU (sku null) or edits one: catalogue admins only. */
export function SkuForm({
  sku,
  onSaved,
  onCancel,
}: {
  sku: CatalogSkuDetail | null;
  onSaved: (saved: CatalogSkuDetail) => void;
  onCancel: () => void;
}) {
  const form = useZodForm(ZSkuForm, { defaultValues: valuesOf(sku) });
  const families = useCatalogFamilies();
  const hierarchy = useProductHierarchy();
  const save = useSaveCatalogSku();
  const [familyId, lineId, pricingModel] = form.watch([
    'family_id',
    'hierarchy_node_id',
    'pricing_model',
  ]);
  const { errors } = form.formState;

  // A size belongs to a pricing model: none without one.
  useEffect(() => {
    if (!pricingModel) form.setValue('size', '');
  }, [form, pricingModel]);

  const isSecureAccess = familyId === SECURE_ACCESS_FAMILY;
  const isKindFixed = (sku?.quote_line_count ?? 0) > 0;
  // Lines kept for one family take only its SKUs; lines without a family take any.
  const lineOptions = useMemo(
    () =>
      flattenTree(hierarchy.data?.nodes ?? [])
        .filter(
          ({ node }) =>
            node.family_id === null ||
            familyId === '' ||
            node.family_id === familyId ||
            node.id === lineId,
        )
        .map(({ node, path }) => ({ value: node.id, label: path })),
    [hierarchy.data, familyId, lineId],
  );
  // Shown beside the fields they are about; without secure access those are not on the form.
  const hiddenError = isSecureAccess ? null : (errors.size ?? errors.pricing_model);

  return (
    <AppForm
      form={form}
      error={save.error}
      aria-label={sku ? `Edit ${sku.sku}` : 'New SKU'}
      leaveGuard={sku ? `the SKU ${sku.sku}` : 'the new SKU'}
      onSubmit={(values) => save.mutateAsync({ ...values, is_new: sku === null }).then(onSaved)}
    >
      <FieldRow widths={[5, 7]}>
        <TextField
          name="sku"
          label="SKU code"
          isRequired
          maxLength={40}
          placeholder="BX-1200-HW"
          className="mb-3 sku-code-field"
          isDisabled={sku !== null}
          help={sku ? 'The code of a SKU never changes.' : 'Capital letters, digits and dashes.'}
        />
        <TextField name="name" label="Name" isRequired maxLength={200} />
      </FieldRow>
      <TextField name="description" label="Description" rows={3} maxLength={2000} />
      <FieldRow widths={[6, 6]}>
        <SelectField
          name="family_id"
          label="Family"
          isRequired
          emptyLabel="Choose a family"
          options={(families.data?.families ?? []).map((f) => ({ value: f.id, label: f.name }))}
        />
        <SelectField
          name="kind"
          label="Kind"
          isRequired
          options={PRODUCT_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
          isDisabled={isKindFixed}
          help={
            isKindFixed
              ? `On ${plural(sku?.quote_line_count ?? 0, 'quote line', 'quote lines')}: the kind is fixed.`
              : undefined
          }
        />
      </FieldRow>
      <FieldRow widths={[6, 6]}>
        <SelectField
          name="billing"
          label="Billing"
          isRequired
          options={BILLING_TYPES.map((b) => ({ value: b, label: BILLING_LABELS[b] }))}
        />
        <SelectField
          name="hierarchy_node_id"
          label="Product line"
          isRequired
          emptyLabel={hierarchy.isPending ? 'Loading…' : 'Choose a product line'}
          options={lineOptions}
        />
      </FieldRow>
      {isSecureAccess ? (
        <FieldRow widths={[7, 5]}>
          <SelectField
            name="pricing_model"
            label="Secure-access pricing model"
            emptyLabel="None (not a sized subscription)"
            options={PRICING_MODELS.map((m) => ({ value: m, label: m }))}
          />
          <SelectField
            name="size"
            label="Size"
            {...availableWhen(Boolean(pricingModel), 'Choose a size', 'Needs a pricing model')}
            options={LAP_SIZES.map((s) => ({ value: s, label: SIZE_LABELS[s] }))}
          />
        </FieldRow>
      ) : hiddenError ? (
        <Form.Text className="text-danger d-block mb-3">{hiddenError.message}</Form.Text>
      ) : null}
      <CheckboxField
        name="is_shippable"
        label="Shippable"
        help="Hardware that ships needs shipping lines on a quote."
      />
      <CheckboxField
        name="is_active"
        label="Active"
        help="An inactive SKU cannot be added to quotes; quotes that have it keep it."
      />
      <SuccessorSkuField ownSku={sku?.sku ?? ''} />
      <SkuAttributesFields />
      <FormProblem error={save.error} className="mt-3" />
      <div className="d-flex gap-2">
        <SubmitButton isPending={save.isPending}>
          {sku ? 'Save changes' : 'Create SKU'}
        </SubmitButton>
        <Button variant="outline-secondary" onClick={onCancel}>
          {sku ? 'Close' : 'Cancel'}
        </Button>
      </div>
    </AppForm>
  );
}
