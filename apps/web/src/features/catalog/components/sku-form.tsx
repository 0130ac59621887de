import { BILLING_TYPES, PRODUCT_KINDS, type ProductKind } from '@bastion/domain/pricing/model';
import {
  LAP_SIZES,
  PRICING_MODELS,
  type LapSize,
  type PricingModel,
} from '@bastion/domain/validation/secure-access';
import { type FormEvent, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import {
  useCatalogFamilies,
  useSaveCatalogSku,
  type CatalogSkuDetail,
  type CatalogSkuInput,
} from '../api/catalog-skus.ts';
import { useProductHierarchy } from '../api/product-hierarchy.ts';
import {
  BILLING_LABELS,
  KIND_LABELS,
  plural,
  SECURE_ACCESS_FAMILY,
  SIZE_LABELS,
} from './catalog-labels.ts';
import { CheckField, fieldErrorsOf, SaveProblem, SelectField, TextField } from './form-fields.tsx';
import { flattenTree } from './hierarchy-model.ts';

type Draft = Omit<CatalogSkuInput, 'is_new' | 'size' | 'pricing_model'> & {
  size: LapSize | '';
  pricing_model: PricingModel | '';
};

const FIELDS = [
  'sku',
  'name',
  'description',
  'kind',
  'billing',
  'family_id',
  'hierarchy_node_id',
  'size',
  'pricing_model',
  'is_shippable',
  'is_active',
];

function draftOf(sku: CatalogSkuDetail | null): Draft {
  return {
    sku: sku?.sku ?? '',
    name: sku?.name ?? '',
    description: sku?.description ?? '',
    kind: sku?.kind ?? 'HARDWARE',
    billing: sku?.billing ?? 'ONE_TIME',
    family_id: sku?.family_id ?? '',
    hierarchy_node_id: sku?.hierarchy_node_id ?? '',
    size: sku?.size ?? '',
    pricing_model: (PRICING_MODELS as readonly string[]).includes(sku?.pricing_model ?? '')
      ? (sku?.pricing_model as PricingModel)
      : '',
    is_shippable: sku?.is_shippable ?? true,
    is_active: sku?.is_active ?? true,
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
  const [draft, setDraft] = useState(() => draftOf(sku));
  const families = useCatalogFamilies();
  const hierarchy = useProductHierarchy();
  const save = useSaveCatalogSku();
  const errors = fieldErrorsOf(save.error);
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));

  const isSecureAccess = draft.family_id === SECURE_ACCESS_FAMILY;
  const isKindFixed = (sku?.quote_line_count ?? 0) > 0;
  // Lines kept for one family take only its SKUs; lines without a family take any.
  const lineOptions = useMemo(
    () =>
      flattenTree(hierarchy.data?.nodes ?? [])
        .filter(
          ({ node }) =>
            node.family_id === null ||
            draft.family_id === '' ||
            node.family_id === draft.family_id ||
            node.id === draft.hierarchy_node_id,
        )
        .map(({ node, path }) => ({ value: node.id, label: path })),
    [hierarchy.data, draft.family_id, draft.hierarchy_node_id],
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const pricingModel = isSecureAccess && draft.pricing_model ? draft.pricing_model : null;
    save.mutate(
      {
        ...draft,
        is_new: sku === null,
        pricing_model: pricingModel,
        size: pricingModel && draft.size ? draft.size : null,
      },
      { onSuccess: onSaved },
    );
  };

  return (
    <Form noValidate onSubmit={submit} aria-label={sku ? `Edit ${sku.sku}` : 'New SKU'}>
      <Row>
        <Col sm={5}>
          <TextField
            label="SKU code"
            isRequired
            maxLength={40}
            placeholder="BX-1200-HW"
            value={draft.sku}
            onChange={(value) => set('sku')(value.toUpperCase())}
            isDisabled={sku !== null}
            help={sku ? 'The code of a SKU never changes.' : 'Capital letters, digits and dashes.'}
            error={errors.sku}
          />
        </Col>
        <Col sm={7}>
          <TextField
            label="Name"
            isRequired
            maxLength={200}
            value={draft.name}
            onChange={set('name')}
            error={errors.name}
          />
        </Col>
      </Row>
      <TextField
        label="Description"
        isMultiline
        maxLength={2000}
        value={draft.description}
        onChange={set('description')}
        error={errors.description}
      />
      <Row>
        <Col sm={6}>
          <SelectField
            label="Family"
            isRequired
            emptyLabel="Choose a family"
            options={(families.data?.families ?? []).map((f) => ({ value: f.id, label: f.name }))}
            value={draft.family_id}
            onChange={set('family_id')}
            error={errors.family_id}
          />
        </Col>
        <Col sm={6}>
          <SelectField
            label="Kind"
            isRequired
            options={PRODUCT_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
            value={draft.kind}
            onChange={(kind) => set('kind')(kind as ProductKind)}
            isDisabled={isKindFixed}
            help={
              isKindFixed
                ? `On ${plural(sku?.quote_line_count ?? 0, 'quote line', 'quote lines')}: the kind is fixed.`
                : undefined
            }
            error={errors.kind}
          />
        </Col>
      </Row>
      <Row>
        <Col sm={6}>
          <SelectField
            label="Billing"
            isRequired
            options={BILLING_TYPES.map((b) => ({ value: b, label: BILLING_LABELS[b] }))}
            value={draft.billing}
            onChange={(billing) => set('billing')(billing as Draft['billing'])}
            error={errors.billing}
          />
        </Col>
        <Col sm={6}>
          <SelectField
            label="Product line"
            isRequired
            emptyLabel={hierarchy.isPending ? 'Loading…' : 'Choose a product line'}
            options={lineOptions}
            value={draft.hierarchy_node_id}
            onChange={set('hierarchy_node_id')}
            error={errors.hierarchy_node_id}
          />
        </Col>
      </Row>
      {isSecureAccess ? (
        <Row>
          <Col sm={7}>
            <SelectField
              label="Secure-access pricing model"
              emptyLabel="None (not a sized subscription)"
              options={PRICING_MODELS.map((m) => ({ value: m, label: m }))}
              value={draft.pricing_model}
              onChange={(model) => set('pricing_model')(model as Draft['pricing_model'])}
              error={errors.pricing_model}
            />
          </Col>
          <Col sm={5}>
            <SelectField
              label="Size"
              emptyLabel={draft.pricing_model ? 'Choose a size' : 'Needs a pricing model'}
              isDisabled={!draft.pricing_model}
              options={LAP_SIZES.map((s) => ({ value: s, label: SIZE_LABELS[s] }))}
              value={draft.pricing_model ? draft.size : ''}
              onChange={(size) => set('size')(size as Draft['size'])}
              error={errors.size}
            />
          </Col>
        </Row>
      ) : errors.size || errors.pricing_model ? (
        <Form.Text className="text-danger d-block mb-3">
          {errors.size ?? errors.pricing_model}
        </Form.Text>
      ) : null}
      <CheckField
        label="Shippable"
        help="Hardware that ships needs shipping lines on a quote."
        isChecked={draft.is_shippable}
        onChange={set('is_shippable')}
        error={errors.is_shippable}
      />
      <CheckField
        label="Active"
        help="An inactive SKU cannot be added to quotes; quotes that have it keep it."
        isChecked={draft.is_active}
        onChange={set('is_active')}
        error={errors.is_active}
      />
      <div className="mt-3">
        <SaveProblem error={save.error} fields={FIELDS} />
      </div>
      <div className="d-flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? (
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
          ) : null}
          {sku ? 'Save changes' : 'Create SKU'}
        </Button>
        <Button variant="outline-secondary" onClick={onCancel}>
          {sku ? 'Close' : 'Cancel'}
        </Button>
      </div>
    </Form>
  );
}
