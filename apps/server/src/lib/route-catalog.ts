import type { FastifyInstance, RouteOptions } from 'fastify';
import type { RecordScope, RouteAccess } from './access.ts';

/** One method of one route as registered, read when asked (plugins may still adjust it). */
export interface CatalogedRoute {
  method: string;
  url: string;
  /** What the route declares; undefined means it declared nothing (the guard then denies). */
  readonly access: RouteAccess | undefined;
  /** The one record the route addresses, if it declares one. */
  readonly addresses: RecordScope | undefined;
  /** An upload route: its body is multipart, not JSON (config.acceptsUploads). */
  readonly acceptsUploads: boolean;
  readonly schema: {
    body?: unknown;
    querystring?: unknown;
    params?: unknown;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, in registration order: the source of the generated checks. */
    routeCatalog: readonly CatalogedRoute[];
  }
}

/**
 * Records every route registered from now on, so that the authorization matrix, the fuzzing and
 * the generated documentation follow the route table instead of a hand-kept list.
 */
export function registerRouteCatalog(app: FastifyInstance) {
  const routes: CatalogedRoute[] = [];
  app.decorate('routeCatalog', routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routes.push({
        method,
        url: route.url,
        // Read through the live options: an encapsulated plugin's onRoute hook runs after ours.
        get access() {
          return route.config?.access;
        },
        get addresses() {
          return route.config?.addresses;
        },
        get acceptsUploads() {
          return route.config?.acceptsUploads === true;
        },
        get schema() {
          return (route.schema ?? {}) as CatalogedRoute['schema'];
        },
      });
    }
  });
}
