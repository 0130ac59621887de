import { describe, expect, it } from 'vitest';
import { lookupNamesOf } from './lookups.ts';
import type { FormRecipe } from './recipe.ts';

describe('lookupNamesOf', () => {
  it('lists each field lookup once, with the lists composite renderers need', () => {
    const recipe: FormRecipe = {
      initial_state: {},
      rules: [],
      rows: [
        [
          { field: 'a', label: 'A', renderer: 'Select', lookup: 'slas' },
          { field: 'b', label: 'B', renderer: 'Select', lookup: 'slas' },
        ],
        [
          { field: 'c', label: 'C' },
          { field: 'd', label: 'D', renderer: 'ShippingBreakups' },
          { field: 'e', label: 'E', renderer: 'SecureAccess', lookup: 'sku_types' },
        ],
      ],
    };
    expect(lookupNamesOf(recipe)).toEqual(['slas', 'shipping_regions', 'incoterms', 'sku_types']);
  });
});
