import fc from 'fast-check';

/**
 * Ways to spoil a valid request body, as an attacker or a broken client would. Each case is
 * the raw text sent, so that bodies JSON.stringify cannot express (prototype keys, nesting deeper
 * than its recursion, broken JSON) are sent too.
 */
export const MUTATIONS = [
  'valid',
  'missing field',
  'extra field',
  'wrong type',
  'boundary number',
  'NUL character',
  'lone surrogate',
  '1 MB string',
  '5,000-element array',
  'deep nesting',
  'prototype keys',
  'not an object',
  'broken JSON',
] as const;
export type Mutation = (typeof MUTATIONS)[number];

export interface FuzzCase {
  mutation: Mutation;
  payload: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

const BOUNDARY_NUMBERS = [
  0,
  -1,
  1,
  0.5,
  -0.000001,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
];
const WRONG_VALUES: Json[] = [null, true, 0, -1, '', 'x', [], {}, [null], { a: 1 }];

/** Every place in the value, the root included, where something can be changed. */
function pathsOf(value: Json, path: Path = [], into: Path[] = []): Path[] {
  into.push(path);
  if (Array.isArray(value)) value.forEach((item, i) => pathsOf(item, [...path, i], into));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) pathsOf(item, [...path, key], into);
  }
  return into;
}

function getAt(value: Json, path: Path): Json {
  return path.reduce<Json>((v, k) => (v as Record<string | number, Json>)[k] ?? null, value);
}

function setAt(value: Json, path: Path, replacement: Json): Json {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value);
  const parent = getAt(copy, path.slice(0, -1)) as Record<string | number, Json>;
  parent[path.at(-1)!] = replacement;
  return copy;
}

function deleteAt(value: Json, path: Path): Json {
  if (path.length === 0) return {};
  const copy = structuredClone(value);
  const parent = getAt(copy, path.slice(0, -1));
  const key = path.at(-1)!;
  if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else if (parent && typeof parent === 'object') delete parent[key];
  return copy;
}

const pick = <T>(items: readonly T[], n: number): T => items[n % items.length]!;

/** Objects only: where a field can be added or taken away. */
function objectPaths(value: Json): Path[] {
  return pathsOf(value).filter((p) => {
    const v = getAt(value, p);
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  });
}

function stringPaths(value: Json): Path[] {
  return pathsOf(value).filter((p) => typeof getAt(value, p) === 'string');
}

/** Splices raw JSON text in place of a marker, for what JSON.stringify cannot produce. */
function withRaw(value: Json, path: Path, raw: string): string {
  const marker = '__fuzz_marker_7f3a__';
  return JSON.stringify(setAt(value, path, marker)).replace(JSON.stringify(marker), raw);
}

export function mutate(sample: unknown, mutation: Mutation, a: number, b: number): FuzzCase {
  const value = (sample ?? {}) as Json;
  const anywhere = pathsOf(value);
  const make = (payload: string): FuzzCase => ({ mutation, payload });
  switch (mutation) {
    case 'valid':
      return make(JSON.stringify(value));
    case 'missing field': {
      const fields = anywhere.filter((p) => p.length > 0);
      return make(JSON.stringify(fields.length ? deleteAt(value, pick(fields, a)) : {}));
    }
    case 'extra field': {
      const objects = objectPaths(value);
      const at = objects.length ? pick(objects, a) : [];
      const target = {
        ...(getAt(value, at) as object),
        [pick(['zz_extra', 'role', 'id'], b)]: 'x',
      };
      return make(JSON.stringify(setAt(value, at, target)));
    }
    case 'wrong type': {
      const at = pick(anywhere, a);
      const current = getAt(value, at);
      const options = WRONG_VALUES.filter((w) => typeof w !== typeof current);
      return make(JSON.stringify(setAt(value, at, pick(options, b))));
    }
    case 'boundary number': {
      const numbers = anywhere.filter((p) => typeof getAt(value, p) === 'number');
      const at = numbers.length ? pick(numbers, a) : pick(anywhere, a);
      return make(JSON.stringify(setAt(value, at, pick(BOUNDARY_NUMBERS, b))));
    }
    case 'NUL character':
    case 'lone surrogate': {
      const bad =
        mutation === 'NUL character' ? '\u0000' : pick(['\uD800', '\uDC00', 'a\uDBFFb'], b);
      const strings = stringPaths(value);
      if (strings.length === 0) {
        return make(JSON.stringify(setAt(value, pick(anywhere, a), `x${bad}y`)));
      }
      const at = pick(strings, a);
      const text = getAt(value, at) as string;
      const cut = b % (text.length + 1);
      return make(JSON.stringify(setAt(value, at, text.slice(0, cut) + bad + text.slice(cut))));
    }
    case '1 MB string': {
      const strings = stringPaths(value);
      const at = strings.length ? pick(strings, a) : pick(anywhere, a);
      return make(JSON.stringify(setAt(value, at, 'A'.repeat(1_000_000 - (b % 1000)))));
    }
    case '5,000-element array': {
      const at = pick(anywhere, a);
      const current = getAt(value, at);
      const item = Array.isArray(current) && current.length > 0 ? current[0]! : current;
      return make(
        JSON.stringify(
          setAt(
            value,
            at,
            Array.from({ length: 5000 }, () => item),
          ),
        ),
      );
    }
    case 'deep nesting': {
      const depth = 1_000 + (b % 50_000);
      const open = pick(['[', '{"a":'], a);
      const close = open === '[' ? ']' : '}';
      return make(
        withRaw(value, pick(anywhere, a), `${open.repeat(depth)}1${close.repeat(depth)}`),
      );
    }
    case 'prototype keys': {
      const raw = pick(
        [
          '{"__proto__":{"is_root_admin":true,"polluted":1}}',
          '{"constructor":{"prototype":{"polluted":1}}}',
          '{"__proto__":null}',
        ],
        b,
      );
      const objects = objectPaths(value);
      return make(withRaw(value, objects.length ? pick(objects, a) : [], raw));
    }
    case 'not an object':
      return make(pick(['[]', '"text"', '42', 'null', 'true', '[{}]'], b));
    case 'broken JSON': {
      const text = JSON.stringify(value);
      return make(
        pick([text.slice(0, Math.max(1, b % text.length)), `${text},`, "{'a':1}", '{"a":}'], a),
      );
    }
  }
}

/** A case for a route: a valid body from its schema, spoilt one way. */
export function fuzzCase(valid: fc.Arbitrary<unknown>): fc.Arbitrary<FuzzCase> {
  return fc
    .tuple(valid, fc.constantFrom(...MUTATIONS), fc.nat(), fc.nat())
    .map(([sample, mutation, a, b]) => mutate(sample, mutation, a, b));
}
