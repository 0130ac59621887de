import { z } from 'zod';

/** What the API reference knows of a schema: its component name, for the few that need one. */
export interface ApiSchemaMeta {
  id?: string;
  [key: string]: unknown;
}

/** A WeakMap that reads through to another where it holds nothing itself. */
class ReadThroughWeakMap<K extends WeakKey, V> extends WeakMap<K, V> {
  readonly #fallback: WeakMap<K, V>;

  constructor(fallback: WeakMap<K, V>) {
    super();
    this.#fallback = fallback;
  }

  override get(key: K): V | undefined {
    return super.get(key) ?? this.#fallback.get(key);
  }

  override has(key: K): boolean {
    return super.has(key) || this.#fallback.has(key);
  }
}

/**
 * The schemas the OpenAPI document (the server's lib/openapi.ts) names as components: shared
 * answers, so the document refers to them instead of repeating them, and every recursive schema
 * (z.lazy), whose `$ref` needs a name (without one the document would point at nothing; the docs
 * test says which). What `.meta()` and `.describe()` record in zod's global registry is read
 * through, so formats and descriptions still reach the document. Naming a schema here changes
 * nothing it validates.
 */
export const namedApiSchemas = z.registry<ApiSchemaMeta>();
// zod offers no public way to layer registries; fastify-type-provider-zod reads `_map` the same way.
namedApiSchemas._map = new ReadThroughWeakMap(z.globalRegistry._map);
