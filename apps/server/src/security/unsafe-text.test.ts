import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_VALUES } from '@bastion/domain/permissions/roles';
import { NUL_MESSAGE, SURROGATE_MESSAGE, TOO_DEEP_MESSAGE } from '../lib/request-validation.ts';
import { arbitraryFor } from '../test/fuzz/schema-arbitrary.ts';
import { createUser, randomIp, signedIn } from '../test/test-app.ts';
import { useTestApp } from '../test/test-bed.ts';
import { callableRoutes, routeName, urlWithParams, validParamsOf } from './security-bed.ts';

/*
 * Text PostgreSQL cannot store is refused at the schema layer, once for every route: a NUL or a
 * lone surrogate anywhere in a body, in any field of any route, is a 400 naming the field, and
 * nothing reaches a use-case or the database.
 */

const ctx = useTestApp();
let cookie: string;

beforeAll(async () => {
  // Every role, and an internal tester's address: every access check lets the body through.
  const user = await createUser(ctx.db, {
    roles: ROLE_VALUES.map((role) => ({ role })),
    emailDomain: ctx.config.internalTestDomains[0] ?? 'bastion.test',
  });
  cookie = await signedIn(ctx.app, user);
});

const post = (url: string, payload: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: randomIp(),
    headers: { cookie, 'content-type': 'application/json' },
  });

type Answer = { error: string; message: string; errors?: { path: string; message: string }[] };

describe('text that PostgreSQL cannot store', () => {
  // The routes an attacker's scan found answering 500 to a NUL (issue 14), with ordinary bodies.
  const reported: [string, object, string][] = [
    ['/api/sfdc/accounts/list', { search: 'Acme\u0000' }, 'search'],
    ['/api/sfdc/opportunities/list', { search: '\u0000' }, 'search'],
    ['/api/dx/catalog/search-skus', { search: 'FW\u0000-100' }, 'search'],
    ['/api/dx/get-setting-value', { name: 'maintenance\u0000' }, 'name'],
    ['/api/dx/get-form-recipe', { name: 'quote\u0000' }, 'name'],
    ['/api/dx/approval-admin/partner-options', { search: 'Red\u0000line' }, 'search'],
    ['/api/admin/catalog/skus/list', { search: '\u0000' }, 'search'],
    [
      '/api/admin/catalog/hierarchy/add',
      { parent_id: null, name: 'Fire\u0000walls', family_id: 'FIREWALL' },
      'name',
    ],
    ['/api/admin/margin/hw-sku-costs/list', { search: 'FW\u0000' }, 'search'],
    ['/api/admin/approval-skus/sku-options', { search: '\u0000' }, 'search'],
  ];

  it.each(reported)(
    '%s refuses a NUL in %j with a 400 naming the field',
    async (url, body, field) => {
      const response = await post(url, JSON.stringify(body));
      expect(response.statusCode, response.body).toBe(400);
      const answer = response.json<Answer>();
      expect(answer.error).toBe('VALIDATION_FAILED');
      expect(answer.errors).toEqual([{ path: field, message: NUL_MESSAGE }]);
      expect(answer.message).toBe(`Invalid request. ${field}: ${NUL_MESSAGE}`);
    },
  );

  it('refuses a NUL or a lone surrogate in every field of every route that takes a body', async () => {
    const unrefused: string[] = [];
    // Uploads are multipart: their text is the file name, made safe before it is stored
    // (decision 022), and their path parameters, which the schema layer checks like bodies.
    const withJsonBodies = callableRoutes(ctx.app).filter(
      (r) => r.method !== 'GET' && !r.acceptsUploads,
    );
    for (const route of withJsonBodies) {
      expect(route.schema.body, `${routeName(route)} takes a body without a schema`).toBeDefined();
      const [sample] = fc.sample(arbitraryFor(route.schema.body, { maxItems: 1 }), {
        seed: 7,
        numRuns: 1,
      });
      const fields = stringFields(sample);
      const url = urlWithParams(route, validParamsOf(route));
      // A body without text fields still gets one, where the schema does not expect it.
      const targets = fields.length > 0 ? fields : [['note']];
      for (const [bad, message] of [
        ['\u0000', NUL_MESSAGE],
        ['\uDC00', SURROGATE_MESSAGE],
      ] as const) {
        for (const path of targets.slice(0, 8)) {
          const body = withTextAt(sample, path, `before${bad}after`);
          const response = await post(url, JSON.stringify(body));
          const answer = response.json<Answer>();
          const refused =
            response.statusCode === 400 &&
            answer.errors?.some((e) => e.path === path.join('.') && e.message === message);
          if (!refused) {
            unrefused.push(
              `${routeName(route)} ${path.join('.')}: ${response.statusCode} ${response.body.slice(0, 160)}`,
            );
          }
        }
      }
    }
    expect(unrefused).toEqual([]);
  }, 120_000);

  it('refuses a NUL in a field name, which a JSON column would store', async () => {
    const response = await post(
      '/api/dx/validate-form',
      JSON.stringify({ name: 'quote', values: { 'a\u0000b': 1 } }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<Answer>().errors).toEqual([
      { path: 'values', message: `A field name is unusable. ${NUL_MESSAGE}` },
    ]);
  });

  it('refuses nesting deeper than any real request, before it reaches a schema', async () => {
    const deep = `{"name":"quote","values":{"a":${'['.repeat(40)}1${']'.repeat(40)}}}`;
    const response = await post('/api/dx/validate-form', deep);
    expect(response.statusCode).toBe(400);
    expect(response.json<Answer>().errors?.[0]?.message).toBe(TOO_DEEP_MESSAGE);
  });

  it('keeps text with emoji, accents and paired surrogates', async () => {
    const response = await post(
      '/api/dx/catalog/search-skus',
      JSON.stringify({ search: 'Zürich 🔥 ☃' }),
    );
    expect(response.statusCode, response.body).toBe(200);
  });
});

type Path = (string | number)[];

function stringFields(value: unknown, path: Path = [], into: Path[] = []): Path[] {
  if (typeof value === 'string') into.push(path);
  else if (Array.isArray(value)) value.forEach((item, i) => stringFields(item, [...path, i], into));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) stringFields(item, [...path, key], into);
  }
  return into;
}

function withTextAt(value: unknown, path: Path, text: string): unknown {
  if (path.length === 0) return text;
  const copy = (structuredClone(value ?? {}) ?? {}) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[path.at(-1)!] = text;
  return copy;
}
