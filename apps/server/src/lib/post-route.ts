import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { Database } from '@bastion/db/client';
import type { RecordScope, RouteAccess } from './access.ts';
import { recordAudit, type AuditEntry } from './db/audit.repository.ts';
import { ok, zEmptyBody } from './envelope.ts';

/** What the `data` of a `{code, data}` response schema (zEnvelope) holds. */
export type EnvelopeData<R extends z.ZodType> = z.input<R> extends { data: infer D } ? D : never;

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
  /** Left out by a route that takes no input: zEmptyBody. */
  body?: B;
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

/**
 * What a handler returns for a change to one record: the answer's data, and the audit entry's
 * action, record id and details (the route names the entity type).
 */
export interface RecordChange<T> {
  data: T;
  action: string;
  entityId: string;
  details?: Record<string, unknown>;
}

/** A route that changes one record of `entityType`, audited as such. */
export interface RecordChangeRoute<B extends z.ZodType, R extends z.ZodType> extends PostRoute<
  B,
  R,
  RecordChange<EnvelopeData<R>>
> {
  entityType: string;
}

/** The audit details of a record: its fields named, or what the function makes of it. */
export type AuditDetails<T> =
  readonly (keyof T & string)[] | ((record: T) => Record<string, unknown>);

function auditDetails<T>(details: AuditDetails<T>, record: T): Record<string, unknown> {
  if (typeof details === 'function') return details(record);
  return Object.fromEntries(details.map((field) => [field, record[field]]));
}

/** What a save use-case returns: the saved record, and whether it was new. */
export type Saved<T> = T & { id: string; isCreated: boolean };

/**
 * A route that creates or updates one record: its handler returns the saved record, which the
 * answer carries (without isCreated); the audit says created or updated, with the details named.
 */
export interface RecordSaveRoute<B extends z.ZodType, R extends z.ZodType> extends PostRoute<
  B,
  R,
  Saved<EnvelopeData<R>>
> {
  entityType: string;
  actions: { created: string; updated: string };
  details: AuditDetails<EnvelopeData<R>>;
}

/**
 * A route that answers with the one record it changed: the audit names the record by its id, with
 * the action and the details the route declares.
 */
export interface ChangedRecordRoute<B extends z.ZodType, R extends z.ZodType> extends PostRoute<
  B,
  R,
  EnvelopeData<R> & { id: string }
> {
  entityType: string;
  action: string;
  details?: AuditDetails<EnvelopeData<R>>;
}

function register<B extends z.ZodType, R extends z.ZodType, Result>(
  app: FastifyInstance,
  route: PostRoute<B, R, Result>,
  answer: (request: PostRequest<B>, result: Result) => Promise<{ code: 200; data: unknown }>,
) {
  const { path, access, addresses, response, bodyLimit, preValidation, handler } = route;
  const options: RouteShorthandOptions = {
    config: addresses ? { access, addresses } : { access },
    ...(bodyLimit === undefined ? {} : { bodyLimit }),
    ...(preValidation ? { preValidation } : {}),
    schema: { body: route.body ?? zEmptyBody, response: { 200: response } },
  };
  // The app's zod validator and serializer compilers apply the schemas; PostRoute types them.
  app.post(path, options, async (request) => {
    const typed = request as unknown as PostRequest<B>;
    return answer(typed, await handler(typed));
  });
}

/** Registers a POST route whose handler returns the answer's data; it is sent as `ok(data)`. */
export function postRoute<B extends z.ZodType = typeof zEmptyBody, R extends z.ZodType = z.ZodType>(
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
export function auditedPostRoute<
  B extends z.ZodType = typeof zEmptyBody,
  R extends z.ZodType = z.ZodType,
>(app: FastifyInstance, db: Database, route: PostRoute<B, R, Audited<EnvelopeData<R>>>) {
  register(app, route, async (request, { data, audit }) => {
    if (audit) await recordAudit(db, request, audit);
    return ok(data);
  });
}

/** Registers a POST route that changes one record (RecordChangeRoute), then audits the change. */
export function recordChangeRoute<
  B extends z.ZodType = typeof zEmptyBody,
  R extends z.ZodType = z.ZodType,
>(app: FastifyInstance, db: Database, route: RecordChangeRoute<B, R>) {
  register(app, route, async (request, { data, ...change }) => {
    await recordAudit(db, request, { ...change, entityType: route.entityType });
    return ok(data);
  });
}

/** Registers a POST route that creates or updates one record (RecordSaveRoute), audited. */
export function recordSaveRoute<B extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  db: Database,
  route: RecordSaveRoute<B, R>,
) {
  register(app, route, async (request, { isCreated, ...saved }) => {
    // The rest of a Saved<T> is the T itself.
    const record = saved as unknown as EnvelopeData<R>;
    await recordAudit(db, request, {
      action: isCreated ? route.actions.created : route.actions.updated,
      entityType: route.entityType,
      entityId: saved.id,
      details: auditDetails(route.details, record),
    });
    return ok(record);
  });
}

/** Registers a POST route that answers with the record it changed (ChangedRecordRoute), audited. */
export function changedRecordRoute<B extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  db: Database,
  route: ChangedRecordRoute<B, R>,
) {
  register(app, route, async (request, record) => {
    await recordAudit(db, request, {
      action: route.action,
      entityType: route.entityType,
      entityId: record.id,
      ...(route.details ? { details: auditDetails(route.details, record) } : {}),
    });
    return ok(record);
  });
}
