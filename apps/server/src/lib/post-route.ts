import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { Database } from '@bastion/db/client';
import type { RecordScope, RouteAccess } from './access.ts';
import { recordAudit, type AuditEntry } from './audit.ts';
import { ok } from './envelope.ts';

/** What the `data` of a `{code, data}` response schema (zEnvelope) holds. */
type EnvelopeData<R extends z.ZodType> = z.input<R> extends { data: infer D } ? D : never;

/** The request a handler receives: the body as its zod schema parsed it. */
export type PostRequest<B extends z.ZodType> = FastifyRequest<{ Body: z.output<B> }>;

/**
 * One POST route, declared: who may call it (`config.access`, and `config.addresses` when it
 * names one quote or opportunity, as the route catalog and the authorization matrix read them),
 * its body schema, the `{code, data}` schema of its answer, and what it does.
 */
export interface PostRoute<B extends z.ZodType, R extends z.ZodType, Result> {
  path: string;
  access: RouteAccess;
  addresses?: RecordScope;
  body: B;
  /** The envelope schema (zEnvelope) of the 200 answer. */
  response: R;
  bodyLimit?: number;
  /** Runs after the access guard, before the body is validated. */
  preValidation?: () => Promise<void>;
  handler: (request: PostRequest<B>) => Promise<Result>;
}

/** What an audited handler returns: the answer's data and the audit entry, if any, to record. */
export interface Audited<T> {
  data: T;
  audit: AuditEntry | null;
}

function register<B extends z.ZodType, R extends z.ZodType, Result>(
  app: FastifyInstance,
  route: PostRoute<B, R, Result>,
  answer: (request: PostRequest<B>, result: Result) => Promise<{ code: 200; data: unknown }>,
) {
  const { path, access, addresses, body, response, bodyLimit, preValidation, handler } = route;
  const options: RouteShorthandOptions = {
    config: addresses ? { access, addresses } : { access },
    ...(bodyLimit === undefined ? {} : { bodyLimit }),
    ...(preValidation ? { preValidation } : {}),
    schema: { body, response: { 200: response } },
  };
  // The app's zod validator and serializer compilers apply the schemas; PostRoute types them.
  app.post(path, options, async (request) => {
    const typed = request as unknown as PostRequest<B>;
    return answer(typed, await handler(typed));
  });
}

/** Registers a POST route whose handler returns the answer's data; it is sent as `ok(data)`. */
export function postRoute<B extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  route: PostRoute<B, R, EnvelopeData<R>>,
) {
  register(app, route, async (_request, data) => ok(data));
}

/**
 * Registers a POST route that changes something: the handler returns the answer's data and the
 * audit entry of the change (null when nothing changed); the entry is recorded, then the data
 * sent as `ok(data)`.
 */
export function auditedPostRoute<B extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  db: Database,
  route: PostRoute<B, R, Audited<EnvelopeData<R>>>,
) {
  register(app, route, async (request, { data, audit }) => {
    if (audit) await recordAudit(db, request, audit);
    return ok(data);
  });
}
