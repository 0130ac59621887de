import { useDebouncedSearch } from '@/lib/use-debounced-value.ts';
import { useState } from 'react';
import { useCatalogSkus } from './catalog-skus.ts';

/**
 * Finds SKUs by code or name as the admin types, inactive ones too (their prices are kept, and a
 * bundle editor says why it refuses them): the first few matches, nothing while the box is empty.
 */
export function useSkuSearch(pageSize = 8) {
  const [text, setText] = useState('');
  const search = useDebouncedSearch(text);
  const results = useCatalogSkus(
    {
      search,
      family_id: '',
      kind: '',
      status: 'all',
      node_id: null,
      sort: 'sku',
      direction: 'asc',
      page: 1,
      page_size: pageSize,
    },
    { enabled: search !== '' },
  );
  return { text, setText, search, results };
}
