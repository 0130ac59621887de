import { PRODUCT_KINDS, type ProductKind } from '@bastion/domain/pricing/product-kinds';
import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import {
  useCatalogFamilies,
  useProductLines,
  type CatalogSkuListRequest,
} from '../api/catalog-skus.ts';
import { KIND_LABELS } from './catalog-labels.ts';
import { ProductLineFilter } from './product-line-filter.tsx';

/** What the grid is narrowed by, besides the search text. */
export interface CatalogFilters {
  family_id: string;
  node_ids: string[];
  kind: ProductKind | '';
  status: NonNullable<CatalogSkuListRequest['status']>;
}

export const NO_FILTERS: CatalogFilters = { family_id: '', node_ids: [], kind: '', status: 'all' };

/** A labelled choice of the filter bar; its first option keeps everything. */
function FilterSelect(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={props.className}>
      <Form.Label htmlFor={props.id} className="small mb-1">
        {props.label}
      </Form.Label>
      <Form.Select
        id={props.id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.children}
      </Form.Select>
    </div>
  );
}

/** The catalogue grid's search box and filters. */
export function CatalogFilterBar(props: {
  text: string;
  onTextChange: (text: string) => void;
  filters: CatalogFilters;
  onChange: (change: Partial<CatalogFilters>) => void;
}) {
  const { filters, onChange } = props;
  const families = useCatalogFamilies();
  const productLines = useProductLines();
  return (
    <Form
      className="row g-2 align-items-end mb-3"
      role="search"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="col-12 col-md-6 col-xl-3">
        <Form.Label htmlFor="catalog-search" className="small mb-1">
          Search
        </Form.Label>
        <Form.Control
          id="catalog-search"
          type="search"
          placeholder="SKU code or name"
          value={props.text}
          onChange={(event) => props.onTextChange(event.target.value)}
        />
      </div>
      <FilterSelect
        id="catalog-family"
        label="Family"
        className="col-6 col-md-3 col-xl-2"
        value={filters.family_id}
        onChange={(familyId) => onChange({ family_id: familyId })}
      >
        <option value="">All families</option>
        {(families.data?.families ?? []).map((f) => (
          <option key={f.id} value={f.id}>
            {f.name}
          </option>
        ))}
      </FilterSelect>
      <div className="col-6 col-md-3 col-xl-3">
        <ProductLineFilter
          id="catalog-product-line"
          lines={productLines.data?.nodes ?? []}
          chosen={filters.node_ids}
          onChange={(nodeIds) => onChange({ node_ids: nodeIds })}
          onOpen={() => void productLines.refetch()}
        />
      </div>
      <FilterSelect
        id="catalog-kind"
        label="Kind"
        className="col-6 col-md-6 col-xl-2"
        value={filters.kind}
        onChange={(kind) => onChange({ kind: kind as ProductKind | '' })}
      >
        <option value="">All kinds</option>
        {PRODUCT_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {KIND_LABELS[kind]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        id="catalog-status"
        label="Status"
        className="col-6 col-md-6 col-xl-2"
        value={filters.status}
        onChange={(status) => onChange({ status: status as CatalogFilters['status'] })}
      >
        <option value="all">All statuses</option>
        <option value="active">Active</option>
        <option value="inactive">Inactive</option>
      </FilterSelect>
    </Form>
  );
}
