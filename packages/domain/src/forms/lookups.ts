import type { FormRecipe, Renderer } from './recipe.ts';

/** Lists a composite renderer offers besides its field's own `lookup`. */
export const COMPOSITE_LOOKUPS: Readonly<Partial<Record<Renderer, readonly string[]>>> = {
  ShippingBreakups: ['shipping_regions', 'incoterms'],
};

/** Every lookup list a recipe's fields can offer, so a screen can load them in one call. */
export function lookupNamesOf(recipe: FormRecipe): string[] {
  const names = recipe.rows
    .flat()
    .flatMap((field) => [
      ...(field.lookup ? [field.lookup] : []),
      ...(COMPOSITE_LOOKUPS[field.renderer ?? 'Text'] ?? []),
    ]);
  return [...new Set(names)];
}
