import fc from 'fast-check';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';

/**
 * fast-check arbitraries for the inputs a route's zod schema accepts, read from the schema's
 * JSON Schema (`z.toJSONSchema`, a public and stable form) rather than from zod's internals.
 * zod-fast-check, the usual library, supports zod 3 and fast-check 3 only (decision 014).
 * Refinements are not expressible in JSON Schema, so some generated values are refused: that
 * is fine for fuzzing, which mutates them anyway.
 */

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
};

/** Values that stand in for ids: known records make valid bodies reach deeper than a 404. */
export interface ArbitraryOptions {
  /** Ids to prefer for uuid fields, by field name or '*' for any uuid field. */
  knownIds?: Record<string, readonly string[]>;
  /** At most this many items in generated arrays (the schema's own maximum may be larger). */
  maxItems?: number;
}

const MAX_DEPTH = 6;

export function toJsonSchema(schema: unknown): JsonSchema {
  return z.toJSONSchema(schema as $ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

export function arbitraryFor(
  schema: unknown,
  options: ArbitraryOptions = {},
): fc.Arbitrary<unknown> {
  const root = toJsonSchema(schema);
  return build(root, root, options, 0, '');
}

function build(
  node: JsonSchema,
  root: JsonSchema,
  options: ArbitraryOptions,
  depth: number,
  field: string,
): fc.Arbitrary<unknown> {
  if (node.$ref) {
    const name = node.$ref.replace(/^#\/\$defs\//, '');
    const target = node.$ref === '#' ? root : root.$defs?.[name];
    if (!target || depth >= MAX_DEPTH) return fc.constant(null);
    return build(target, root, options, depth + 1, field);
  }
  if (node.const !== undefined) return fc.constant(node.const);
  if (node.enum) return fc.constantFrom(...node.enum);
  const alternatives = node.anyOf ?? node.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((a) => build(a, root, options, depth + 1, field)));
  }
  if (node.allOf && node.allOf.length > 0) {
    const merged = Object.assign({}, ...node.allOf) as JsonSchema;
    return build(merged, root, options, depth + 1, field);
  }
  const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
  if (types.length > 1) {
    return fc.oneof(...types.map((t) => build({ ...node, type: t }, root, options, depth, field)));
  }
  switch (types[0]) {
    case 'string':
      return stringArbitrary(node, options, field);
    case 'integer':
      return fc.integer({
        min: Math.max(bound(node.minimum, node.exclusiveMinimum, 1) ?? -1_000_000, -1e15),
        max: Math.min(bound(node.maximum, node.exclusiveMaximum, -1) ?? 1_000_000, 1e15),
      });
    case 'number':
      return fc.double({
        min: node.minimum ?? node.exclusiveMinimum ?? -1_000_000,
        max: node.maximum ?? node.exclusiveMaximum ?? 1_000_000,
        minExcluded: node.exclusiveMinimum !== undefined,
        maxExcluded: node.exclusiveMaximum !== undefined,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayArbitrary(node, root, options, depth, field);
    case 'object':
      return objectArbitrary(node, root, options, depth);
    default:
      // `{}`: anything JSON.
      return depth >= MAX_DEPTH ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

function bound(inclusive: number | undefined, exclusive: number | undefined, step: number) {
  if (inclusive !== undefined) return inclusive;
  return exclusive === undefined ? undefined : exclusive + step;
}

function stringArbitrary(node: JsonSchema, options: ArbitraryOptions, field: string) {
  const minLength = node.minLength ?? 0;
  const maxLength = Math.min(node.maxLength ?? 40, 200);
  let base: fc.Arbitrary<string>;
  if (node.format === 'uuid') {
    const known = [...(options.knownIds?.[field] ?? []), ...(options.knownIds?.['*'] ?? [])];
    const random = fc.uuid({ version: 4 });
    return known.length > 0 ? fc.oneof(fc.constantFrom(...known), random) : random;
  } else if (node.format === 'email') {
    base = fc.emailAddress();
  } else if (node.format === 'date') {
    base = fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  } else if (node.format === 'date-time') {
    base = fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString());
  } else if (node.pattern) {
    base = fc.stringMatching(new RegExp(node.pattern));
  } else {
    return fc.string({ minLength, maxLength: Math.max(minLength, maxLength), unit: 'grapheme' });
  }
  return base.filter((s) => s.length >= minLength && s.length <= (node.maxLength ?? Infinity));
}

function arrayArbitrary(
  node: JsonSchema,
  root: JsonSchema,
  options: ArbitraryOptions,
  depth: number,
  field: string,
) {
  if (node.prefixItems) {
    return fc.tuple(...node.prefixItems.map((p) => build(p, root, options, depth + 1, field)));
  }
  const minLength = node.minItems ?? 0;
  const maxLength = Math.max(minLength, Math.min(node.maxItems ?? 5, options.maxItems ?? 5));
  const item = node.items ? build(node.items, root, options, depth + 1, field) : fc.jsonValue();
  return fc.array(item, { minLength, maxLength });
}

function objectArbitrary(
  node: JsonSchema,
  root: JsonSchema,
  options: ArbitraryOptions,
  depth: number,
) {
  const properties = node.properties ?? {};
  const keys = Object.keys(properties);
  if (keys.length === 0 && node.additionalProperties && node.additionalProperties !== true) {
    const value = build(node.additionalProperties, root, options, depth + 1, '');
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), value, { maxKeys: 4 });
  }
  const record = Object.fromEntries(
    keys.map((key) => [key, build(properties[key]!, root, options, depth + 1, key)]),
  );
  return fc.record(record, { requiredKeys: (node.required ?? []).filter((k) => k in record) });
}
