import { countRule, type BundleFeature } from '@bastion/domain/catalog/bundle-options';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable } from '@/components/data-table/data-table.tsx';
import type { BundleComponent } from '../api/catalog-skus.ts';
import { SELECTION_LABELS } from './catalog-labels.ts';
import { IN_ORDER } from './catalog-columns.tsx';

/** The components table, read or edited. */
export const COMPONENTS_TABLE = {
  caption: 'Components',
  size: 'sm',
  className: 'small',
} as const;

/** "Support tier · Default", or the selection alone outside any group. */
const placeOf = (c: Pick<BundleComponent, 'feature' | 'selection'>) =>
  [c.feature, SELECTION_LABELS[c.selection]].filter(Boolean).join(' · ');

const column = createColumnHelper<BundleComponent>();

/** A bundle's components and option groups as everyone reads them. */
export function BundleComponentsList(props: {
  components: readonly BundleComponent[];
  features: readonly BundleFeature[];
}) {
  const { components, features } = props;
  return (
    <>
      <DataTable
        {...COMPONENTS_TABLE}
        getRowId={(c) => c.sku}
        data={components}
        emptyState="No components yet."
        columns={[
          column.accessor('sku', {
            ...IN_ORDER,
            header: 'SKU',
            meta: { className: 'fw-semibold' },
          }),
          column.accessor('name', { ...IN_ORDER, header: 'Name', meta: { isText: true } }),
          ...(features.length > 0
            ? [
                column.display({
                  id: 'option',
                  header: 'Group and selection',
                  cell: ({ row: { original: c } }) => placeOf(c),
                }),
              ]
            : []),
          column.accessor('quantity', { ...IN_ORDER, header: 'Quantity', meta: { align: 'end' } }),
        ]}
      />
      {features.length > 0 ? (
        <p className="small mb-0">
          <span className="fw-semibold">Option groups: </span>
          {features.map((f) => `${f.name} (${countRule(f)})`).join(', ')}
        </p>
      ) : null}
    </>
  );
}
