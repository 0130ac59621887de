import type { ComponentType } from 'react';

/**
 * A route's component from a module loaded on demand. React Router calls it when the route
 * matches, for all matched routes at once, so a page and the signed-in shell download in parallel.
 */
export function lazyPage<TModule>(
  load: () => Promise<TModule>,
  pick: (loaded: TModule) => ComponentType,
): () => Promise<{ Component: ComponentType }> {
  return async () => ({ Component: pick(await load()) });
}
