import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signedIn, type TestContext } from '../test/test-app.ts';
import { SESSION_REQUIRED_MESSAGE } from './access.ts';
import {
  API_DOCS_PATH,
  OPENAPI_FILE,
  OPENAPI_JSON_PATH,
  renderOpenApiDocument,
  zErrorEnvelope,
} from './openapi.ts';

interface Operation {
  security?: Record<string, string[]>[];
  description?: string;
  tags?: string[];
  'x-bastion-access'?: { kind: string; permission?: string; personOnly?: boolean };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

let ctx: TestContext;
let cookie: string;
let documentText: string;
let document: Document;

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = await signedIn(ctx.app, await createUser(ctx.db));
  const response = await ctx.app.inject({ url: OPENAPI_JSON_PATH, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  document = response.json<Document>();
  documentText = renderOpenApiDocument(document);
});

/** `/api/x/:id` as OpenAPI writes it: `/api/x/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('the OpenAPI document', () => {
  it(`is committed as ${OPENAPI_FILE}, as the code describes it`, () => {
    const file = fileURLToPath(new URL(`../../../../${OPENAPI_FILE}`, import.meta.url));
    const committed = readFileSync(file, 'utf8');
    // Not toEqual on the text: a 1.6 MB diff helps nobody; the message says what to do.
    expect(
      committed === documentText,
      `${OPENAPI_FILE} is out of date: run \`npm run api:docs\` and commit the result`,
    ).toBe(true);
  });

  it('lists every route of the app with its method, static files aside', () => {
    const missing = ctx.app.routeCatalog
      .filter((r) => r.method !== 'HEAD' && !r.url.includes('*'))
      .filter((r) => (r.schema as { hide?: boolean }).hide !== true)
      .filter((r) => !document.paths[openApiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    expect(document.paths[API_DOCS_PATH]?.get).toBeDefined();
    expect(document.paths[OPENAPI_JSON_PATH]?.get).toBeDefined();
  });

  it('says who may call each operation', () => {
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    for (const operation of operations) {
      expect(operation.tags).toHaveLength(1);
      const access = operation['x-bastion-access'];
      if (access?.kind === 'public') {
        expect(operation.security).toEqual([]);
        expect(operation.description).toContain('Public');
      } else {
        expect(access?.kind).toBe('session');
        expect(operation.security).toEqual(
          access?.personOnly
            ? [{ sessionCookie: [] }]
            : [{ sessionCookie: [] }, { bearerAuth: [] }],
        );
        expect(operation.description).toContain('Needs a signed-in user');
      }
    }
    const login = document.paths['/api/security/auth/login']?.post;
    expect(login?.['x-bastion-access']).toEqual({ kind: 'public' });
    const createQuote = document.paths['/api/dx/create-quote']?.post;
    expect(createQuote?.['x-bastion-access']).toEqual({
      kind: 'session',
      permission: 'can_create_quote',
    });
    expect(createQuote?.description).toContain('with permission `can_create_quote`');
  });
});

describe('the API reference', () => {
  it('answers a caller without a session as every API route does', async () => {
    const response = await ctx.app.inject({ url: OPENAPI_JSON_PATH });
    expect(response.statusCode).toBe(403);
    const body = zErrorEnvelope.parse(response.json());
    expect(body).toMatchObject({ error: 'SESSION_REQUIRED', message: SESSION_REQUIRED_MESSAGE });
  });

  it('sends a browser without a session to the sign-in page', async () => {
    const response = await ctx.app.inject({
      url: API_DOCS_PATH,
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login');
  });

  it('shows the reference page to a signed-in user, under the app’s own CSP', async () => {
    const page = await ctx.app.inject({
      url: API_DOCS_PATH,
      headers: { cookie, accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui-bundle.js');
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    for (const file of ['swagger-ui-bundle.js', 'swagger-initializer.js', 'swagger-ui.css']) {
      const response = await ctx.app.inject({
        url: `${API_DOCS_PATH}/static/${file}`,
        headers: { cookie },
      });
      expect(response.statusCode, file).toBe(200);
    }
    const anonymous = await ctx.app.inject({ url: `${API_DOCS_PATH}/static/swagger-ui-bundle.js` });
    expect(anonymous.statusCode).toBe(403);
  });
});
