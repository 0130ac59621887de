import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import rootPackage from '../../../../package.json' with { type: 'json' };
import { SESSION_REQUIRED_MESSAGE, signedInAccess, type RouteAccess } from './access.ts';
import { APP_ERROR_STATUS, AppError, type AppErrorCode } from './app-error.ts';
import type { ErrorEnvelope } from './envelope.ts';
import { namedApiSchemas } from './openapi-schemas.ts';

/*
 * The OpenAPI 3.1 description of the API, generated from the zod schemas that validate every
 * route (decision 027). Signed-in users read it at /api/docs (Swagger UI, served from the
 * package) and /api/docs/openapi.json; docs/api/openapi.json is the committed copy
 * (`npm run api:docs`), which a test keeps in step with the code.
 */

export const API_DOCS_PATH = '/api/docs';
export const OPENAPI_JSON_PATH = `${API_DOCS_PATH}/openapi.json`;
/** Where `npm run api:docs` writes the document, from the repository root. */
export const OPENAPI_FILE = 'docs/api/openapi.json';

const ERROR_SCHEMA_REF = '#/components/schemas/ErrorEnvelope';
const SESSION_SCHEME = 'sessionCookie';
const BEARER_SCHEME = 'bearerAuth';
/** A route only a person may call (`personOnly`): the session, not an API token. */
const PERSON_SECURITY: Record<string, string[]>[] = [{ [SESSION_SCHEME]: [] }];
/** Either way of signing in will do. */
const SIGNED_IN_SECURITY: Record<string, string[]>[] = [
  { [SESSION_SCHEME]: [] },
  { [BEARER_SCHEME]: [] },
];

/** The body of every failed answer, as http-errors.ts sends it. */
export const zErrorEnvelope = z.object({
  code: z.number().int().min(400).max(599).describe('The HTTP status of the answer.'),
  error: z.enum(Object.keys(APP_ERROR_STATUS) as [AppErrorCode, ...AppErrorCode[]]),
  message: z.string().describe('Safe to show to the user.'),
  errors: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional()
    .describe('Each invalid field of a refused request (VALIDATION_FAILED).'),
  request_id: z.string().describe('Quote it to support: the server logs it.'),
});
namedApiSchemas.add(zErrorEnvelope, { id: 'ErrorEnvelope' });
// The compiler checks that the documented envelope is one sendError can send.
type Sendable<T extends ErrorEnvelope> = T;
export type DocumentedErrorEnvelope = Sendable<z.output<typeof zErrorEnvelope>>;

/** The document as served: loose, so that zod passes it through untouched. */
const zOpenApiDocument = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** Feature areas, by URL; the first match names the tag. Other URLs get one from their path. */
const TAG_RULES: [RegExp, string][] = [
  [/acceptance/, 'Quote acceptance'],
  [/^\/api\/security\/impersonate/, 'Impersonation'],
  [/^\/api\/security\/maintenance_mode/, 'Maintenance'],
  [/api-token/, 'API tokens'],
  [/webhook/, 'Webhooks'],
  [/^\/api\/security\//, 'Authentication'],
  [/^\/api\/sfdc\//, 'CRM'],
  [/^\/api\/admin\/margin\//, 'Margin data'],
  [/approval-admin|approval-skus/, 'Approval administration'],
  [/approval/, 'Approvals'],
  [/broadcast/, 'Broadcasts'],
  [/delegation/, 'Delegations'],
  [/global-accounts/, 'Global accounts'],
  [/^\/api\/admin\/(?:users|user-|create-user|update-user|set-user|reset-user-mfa)/, 'Users'],
  [/catalog|lookups/, 'Catalog'],
  [/terms/, 'Terms and conditions'],
  [/renewal|installed-base/, 'Renewals'],
  [/report/, 'Reports'],
  [/search/, 'Search'],
  [/attachment|upload-file|download-file|download-link/, 'Attachments'],
  [/comment|mention/, 'Comments'],
  [/document/, 'Documents'],
  [/pricing/, 'Pricing'],
  [/form-recipe|validate-form/, 'Forms'],
  [/setting|sign-in-policy|outbox/, 'Settings'],
  [/is-disabled|reload|secure-access/, 'Session flags'],
  [/quote|grid|opportunit/, 'Quotes'],
  [/^\/api\/(?:health|test|docs)(?:\/|$)|^\/meta\.json$/, 'System'],
];

/** The feature area of a URL, for grouping in the reference. */
export function tagOf(url: string): string {
  for (const [pattern, tag] of TAG_RULES) if (pattern.test(url)) return tag;
  const [first, second] = url.replace(/^\/(?:api\/)?/, '').split('/');
  return second && !second.startsWith(':') ? `${first}/${second}` : first || 'Other';
}

function describeAccess(access: RouteAccess): string {
  if (access.kind === 'public') return 'Public: no sign-in needed.';
  const who = access.permission
    ? `Needs a signed-in user with permission \`${access.permission.name}\`.`
    : 'Needs a signed-in user.';
  const also = [
    access.allowDisabled ? 'a disabled user' : null,
    access.duringMfaEnrolment ? 'a user who must still set up two-step sign-in' : null,
    access.duringMaintenance ? 'a user held by maintenance mode' : null,
  ].filter((x) => x !== null);
  const person = access.personOnly ? ' Not with an API token: only a person who signed in.' : '';
  return (also.length > 0 ? `${who} Also open to ${also.join(', ')}.` : who) + person;
}

/** The `x-bastion-access` extension: what config.access declares, without its functions. */
function accessExtension(access: RouteAccess) {
  if (access.kind === 'public') return { kind: 'public' };
  return {
    kind: 'session',
    ...(access.permission ? { permission: access.permission.name } : {}),
    ...(access.personOnly ? { personOnly: true } : {}),
    ...(access.allowDisabled ? { allowDisabled: true } : {}),
    ...(access.duringMfaEnrolment ? { duringMfaEnrolment: true } : {}),
    ...(access.duringMaintenance ? { duringMaintenance: true } : {}),
  };
}

const errorResponse = (description: string, example: Record<string, unknown>) => ({
  description,
  content: {
    'application/json': {
      schema: { $ref: ERROR_SCHEMA_REF },
      example: { ...example, request_id: '6f1c0b8e-2d4a-4a57-9b1e-1f0c5a9d3e21' },
    },
  },
});

/** The failures an operation can answer with, each in the error envelope. */
function errorResponses(route: RouteOptions, access: RouteAccess, takesInput: boolean) {
  const responses: Record<string, unknown> = {};
  if (takesInput) {
    responses['400'] = errorResponse(
      'The request is malformed or invalid (`VALIDATION_FAILED` lists each field in `errors`).',
      {
        code: 400,
        error: 'VALIDATION_FAILED',
        message: 'Invalid request. name: Required.',
        errors: [{ path: 'name', message: 'Required.' }],
      },
    );
  }
  if (access.kind !== 'public') {
    responses['401'] = errorResponse(
      '`API_TOKEN_INVALID`: the bearer token has expired, was revoked, or was never issued.',
      {
        code: 401,
        error: 'API_TOKEN_INVALID',
        message: 'This API token is not valid: it has expired, was revoked, or was never issued.',
      },
    );
  }
  const refusals: string[] = [];
  if (access.kind !== 'public') {
    refusals.push('`SESSION_REQUIRED`: no valid session or token, or a disabled user');
    if (access.permission) refusals.push(`\`FORBIDDEN\`: without \`${access.permission.name}\``);
    if (access.personOnly) refusals.push('`FORBIDDEN`: called with an API token');
    refusals.push('`MFA_ENROLMENT_REQUIRED`: two-step sign-in must be set up first');
  }
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.some((m) => m !== 'GET' && m !== 'HEAD')) {
    refusals.push('`CSRF_REJECTED`: a browser request from another origin');
  }
  if (refusals.length > 0) {
    const example =
      access.kind === 'public'
        ? {
            code: 403,
            error: 'CSRF_REJECTED',
            message: 'This request came from a site that is not allowed.',
          }
        : { code: 403, error: 'SESSION_REQUIRED', message: SESSION_REQUIRED_MESSAGE };
    responses['403'] = errorResponse(`Refused: ${refusals.join('; ')}.`, example);
  }
  responses.default = errorResponse(
    'Any other failure, in the same envelope: for example `NOT_FOUND` (404), `CONFLICT` (409), `RATE_LIMITED` (429), `INTERNAL` (500), `MAINTENANCE` (503).',
    { code: 404, error: 'NOT_FOUND', message: 'Not found.' },
  );
  return responses;
}

const operationIdOf = (method: string, url: string) =>
  [method.toLowerCase(), ...url.split(/[^A-Za-z0-9]+/).filter(Boolean)]
    .map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join('');

const zodTransform = createJsonSchemaTransform({ skipList: [], schemaRegistry: namedApiSchemas });
const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: namedApiSchemas });

/** One route's operation: its zod schemas as JSON Schema, its access, tag and failures. */
const transformRoute: SwaggerTransform = (input) => {
  const { route } = input;
  // Fastify adds `/prefix/` beside `/prefix` for a plugin's '/' route, sharing the options
  // (Swagger UI's page): list it once, under the name without the slash.
  const url =
    (route as { routePath?: string }).routePath === '/' && input.url.length > 1
      ? input.url.replace(/\/$/, '')
      : input.url;
  const source = (input.schema ?? {}) as Record<string, unknown>;
  // Static files (the web build, Swagger UI's own files) are no API.
  if (source.hide === true || url.includes('*')) return { schema: { hide: true }, url };
  const transformed = zodTransform({ ...input, schema: source }).schema as Record<string, unknown>;
  const access = route.config?.access ?? signedInAccess;
  const method = Array.isArray(route.method) ? (route.method[0] ?? 'GET') : route.method;
  const takesUploads = route.config?.acceptsUploads === true;
  const takesInput =
    takesUploads || ['body', 'querystring', 'params'].some((part) => source[part] !== undefined);
  const ownDescription = typeof source.description === 'string' ? source.description : null;
  return {
    url,
    schema: {
      ...transformed,
      operationId: operationIdOf(method, url),
      tags: Array.isArray(source.tags) ? source.tags : [tagOf(url)],
      description: [ownDescription, describeAccess(access)].filter(Boolean).join('\n\n'),
      security:
        access.kind === 'public' ? [] : access.personOnly ? PERSON_SECURITY : SIGNED_IN_SECURITY,
      'x-bastion-access': accessExtension(access),
      ...(takesUploads
        ? {
            consumes: ['multipart/form-data'],
            body: {
              type: 'object',
              properties: {
                file: { type: 'string', contentMediaType: 'application/octet-stream' },
              },
              required: ['file'],
            },
          }
        : {}),
      response: {
        ...(transformed.response ?? {}),
        ...errorResponses(route, access, takesInput),
      },
    },
  };
};

const METHOD_ORDER = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const sortedEntries = <T>(record: Record<string, T>) =>
  Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** Every `#/components/schemas/…` name a value refers to. */
function referencedSchemas(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) referencedSchemas(item, found);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (
        key === '$ref' &&
        typeof child === 'string' &&
        child.startsWith('#/components/schemas/')
      ) {
        found.add(child.slice('#/components/schemas/'.length));
      } else {
        referencedSchemas(child, found);
      }
    }
  }
  return found;
}

type Operation = { responses?: Record<string, { description?: string; content?: unknown }> };

/**
 * The whole document, made deterministic: paths and component schemas in name order, methods in
 * a fixed order, the tags listed, components kept only where something refers to them.
 */
const transformDocument: SwaggerTransformObject = (input) => {
  const document = zodTransformObject(input) as Record<string, unknown> & {
    paths: Record<string, Record<string, Operation & { tags?: string[] }>>;
    components: { schemas?: Record<string, unknown>; securitySchemes?: unknown };
  };
  const paths: Record<string, Record<string, Operation>> = {};
  const tags = new Set<string>();
  for (const [url, item] of sortedEntries(document.paths)) {
    const ordered = Object.entries(item).sort(
      ([a], [b]) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b),
    );
    for (const [, operation] of ordered) {
      for (const tag of operation.tags ?? []) tags.add(tag);
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (response.description === 'Default Response') {
          response.description = status.startsWith('2') ? 'Success.' : 'Answer.';
        }
      }
    }
    paths[url] = Object.fromEntries(ordered);
  }
  // The components something refers to, following references between components too.
  const all = document.components.schemas ?? {};
  const kept = new Set<string>();
  let pending = [...referencedSchemas(paths)];
  while (pending.length > 0) {
    const next: string[] = [];
    for (const name of pending) {
      if (kept.has(name)) continue;
      if (!(name in all)) {
        throw new Error(
          `The OpenAPI document refers to schema "${name}", which it does not define. A recursive zod schema (z.lazy) needs a name: add it to namedApiSchemas (lib/openapi-schemas.ts).`,
        );
      }
      kept.add(name);
      next.push(...referencedSchemas(all[name]));
    }
    pending = next;
  }
  const schemas = Object.fromEntries(sortedEntries(all).filter(([name]) => kept.has(name)));
  const { openapi, info, components, ...rest } = document;
  return {
    openapi,
    info,
    ...rest,
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: { ...components, schemas },
  } as ReturnType<SwaggerTransformObject>;
};

const API_DESCRIPTION = [
  'The HTTP API of Bastion CPQ, generated from the zod schemas that validate every request and answer.',
  '',
  'Every answer is JSON in an envelope: `{code: 200, data}` on success, and on failure `{code, error, message, errors?, request_id}` (the `ErrorEnvelope` schema) with the HTTP status in `code`.',
  '',
  'Calls authenticate with the session cookie the browser gets from `POST /api/security/auth/login`, or with an API token as `Authorization: Bearer <token>`. Each operation says who may call it in its description and in `x-bastion-access` (`kind`: `public` or `session`, and the `permission` it needs, if any). Requests that change something and come from a browser must come from the app’s own origin.',
].join('\n');

/** GET on the page itself, from a browser: the one answer that sends a visitor to sign in. */
function isPageVisit(request: FastifyRequest): boolean {
  const url = request.url.split('?')[0];
  return (
    request.method === 'GET' &&
    (url === API_DOCS_PATH || url === `${API_DOCS_PATH}/`) &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/**
 * Collects every route registered from now on into the OpenAPI document (register it before the
 * routes), and serves the document and its reference page to signed-in users.
 */
export async function registerApiDocs(app: FastifyInstance, options: { sessionCookie: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Bastion CPQ API',
        version: rootPackage.version,
        description: API_DESCRIPTION,
      },
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: { type: 'apiKey', in: 'cookie', name: options.sessionCookie },
          [BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API token of a service account: `Authorization: Bearer <token>`.',
          },
        },
      },
    },
    transform: transformRoute,
    transformObject: transformDocument,
  });

  await app.register(async (docs) => {
    // Everything served here, Swagger UI's own files included, is for signed-in users.
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: signedInAccess };
      // The page itself is listed with the API (Swagger UI hides its routes).
      if (route.method === 'GET' && route.url === API_DOCS_PATH) {
        route.schema = {
          ...route.schema,
          hide: false,
          description:
            'This reference, as a web page (Swagger UI). A browser that is not signed in is sent to the sign-in page.',
        };
      }
    });
    docs.setErrorHandler((error, request, reply) => {
      if (error instanceof AppError && error.code === 'SESSION_REQUIRED' && isPageVisit(request)) {
        return reply.redirect('/login');
      }
      // The app's error handler answers everything else in the usual envelope.
      throw error;
    });

    docs.get(
      OPENAPI_JSON_PATH,
      {
        schema: {
          description: 'This document: the OpenAPI 3.1 description of every route.',
          response: { 200: zOpenApiDocument },
        },
      },
      async () => app.swagger(),
    );

    await docs.register(swaggerUi, {
      routePrefix: API_DOCS_PATH,
      theme: { title: 'Bastion CPQ API' },
      uiConfig: {
        // No top bar: its logo and address box are Swagger's, not ours.
        layout: 'BaseLayout',
        deepLinking: true,
        docExpansion: 'none',
        defaultModelsExpandDepth: 0,
        filter: true,
        tryItOutEnabled: false,
      },
    });
  });
}

/** The committed file's text: two-space JSON and a final newline. */
export const renderOpenApiDocument = (document: unknown) =>
  `${JSON.stringify(document, null, 2)}\n`;
