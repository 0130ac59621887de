import { StatusBadge } from '@/components/status-badge.tsx';
import { skuStatusOf } from './catalog-labels.ts';
import { SkuSearch } from './sku-search.tsx';

/** Finds a SKU by code or name, inactive ones too: their prices are kept as well. */
export function SkuPicker({
  selected,
  onSelect,
  label = 'Find a SKU',
  isCompact,
}: {
  selected: string | null;
  onSelect: (sku: string) => void;
  /** The search box's label (default: "Find a SKU"). */
  label?: string;
  isCompact?: boolean;
}) {
  return (
    <SkuSearch
      label={label}
      placeholder="SKU code or name, e.g. FW-60F"
      listLabel="Matching SKUs"
      isCompact={isCompact}
      selected={selected}
      onSelect={(row) => onSelect(row.sku)}
      end={(row) => {
        if (row.is_active) return null;
        const status = skuStatusOf(false);
        return <StatusBadge label={status.label} tone={status.tone} />;
      }}
    />
  );
}
