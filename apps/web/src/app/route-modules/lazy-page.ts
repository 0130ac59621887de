import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

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

/**
 * A route whose page is the export `name` of a module loaded on demand. Written as a call, the
 * route table (which every page downloads first, the sign-in page included) stays small.
 */
export function pageRoute<TName extends string, TModule extends Record<TName, ComponentType>>(
  path: string,
  load: () => Promise<TModule>,
  name: TName,
): RouteObject {
  return { path, lazy: lazyPage(load, (loaded) => loaded[name]) };
}
