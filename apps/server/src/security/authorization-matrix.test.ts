import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { format, resolveConfig } from 'prettier';
import { beforeAll, describe, expect, it } from 'vitest';
import { visibilityScopeOf } from '@bastion/domain/permissions/visibility';
import type { $ZodType } from 'zod/v4/core';
import { safeParse } from 'zod/v4/core';
import { PERMISSION_REQUIRED_MESSAGE, SESSION_REQUIRED_MESSAGE } from '../lib/access.ts';
import {
  acceptanceLinks,
  quoteAttachments,
  quoteComments,
  quoteDocuments,
} from '@bastion/db/schema/documents';
import type { RecordScope } from '../lib/access.ts';
import { appNow } from '../lib/clock.ts';
import { eq } from 'drizzle-orm';
import { skus } from '@bastion/db/schema/catalog';
import { crmOpportunities } from '@bastion/db/schema/crm';
import { contracts, entitlements, quotes } from '@bastion/db/schema/quotes';
import { quoteRevisions } from '@bastion/db/schema/quote-revisions';
import type { CatalogedRoute } from '../lib/route-catalog.ts';
import { arbitraryFor } from '../test/fuzz/schema-arbitrary.ts';
import { headerValues, insertOpportunity, unique } from '../test/quote-fixtures.ts';
import { createTestApp, createUser, signedIn, type TestContext } from '../test/test-app.ts';
import {
  renderAuthorizationMatrix,
  type MatrixRow,
  type ScopedRouteResult,
} from './authorization-matrix.ts';
import {
  callableRoutes,
  callersOfThisEngine,
  checksEveryRoute,
  createCallers,
  expectedOutcome,
  routeName,
  routesOfThisEngine,
  urlWithParams,
  validParamsOf,
  type Caller,
  type GuardOutcome,
} from './security-bed.ts';

/*
 * The authorization matrix, generated from the route table: every route, called by nobody, by
 * one user per role, and by the users whose roles do not tell the whole story, must answer as
 * its declared access and the domain's permission functions say. Routes that address one quote
 * or opportunity are also called with a valid body by everyone the guard lets through: those
 * who may not see the record get 404. The result is written to docs/security, where a reviewer
 * reads who may call what; CI fails when the file and the code disagree.
 */

const MATRIX_FILE = fileURLToPath(
  new URL('../../../../docs/security/authorization-matrix.md', import.meta.url),
);
const UPDATE = process.env.UPDATE_SECURITY_DOCS === '1';

let ctx: TestContext;
let callers: Caller[];
let routes: CatalogedRoute[];

beforeAll(async () => {
  ctx = await createTestApp();
  callers = await createCallers(ctx.app, ctx.db, ctx.config);
  routes = callableRoutes(ctx.app);
});

/** The routes the matrix calls here: all of them, or the second engine's sample. */
const calledRoutes = () => routesOfThisEngine(routes);

function outcomeOf(response: { statusCode: number; body: string }): GuardOutcome {
  if (response.statusCode !== 403) return 'allowed';
  const body = JSON.parse(response.body) as { error?: string; message?: string };
  if (body.error === 'SESSION_REQUIRED' && body.message === SESSION_REQUIRED_MESSAGE) {
    return 'no session';
  }
  if (body.error === 'FORBIDDEN' && body.message === PERMISSION_REQUIRED_MESSAGE) {
    return 'forbidden';
  }
  return 'allowed';
}

function call(
  route: Pick<CatalogedRoute, 'method' | 'url'>,
  cookie: string | null,
  body?: unknown,
  url = route.url,
) {
  return ctx.app.inject({
    method: route.method as 'GET' | 'POST',
    url,
    headers: cookie ? { cookie } : {},
    ...(route.method === 'GET' ? {} : { payload: body ?? {} }),
  });
}

/** A request to a route: its URL (path parameters filled in) and its body. */
interface RouteRequest {
  url: string;
  body: unknown;
}

/** Signing out ends the caller's session, so it is called last. */
const endsSession = (route: CatalogedRoute) => route.url === '/api/security/logout';

describe('the route table', () => {
  it('declares who may call every route', () => {
    const undeclared = routes.filter((r) => r.access === undefined).map(routeName);
    expect(undeclared, 'routes without config.access').toEqual([]);
  });

  it('names the record of every route that addresses one quote', () => {
    const quoteLike = routes.filter((route) => {
      const body = route.schema.body as { shape?: Record<string, unknown> } | undefined;
      const options = (body as { options?: { shape?: Record<string, unknown> }[] } | undefined)
        ?.options;
      const keys = new Set([
        ...Object.keys(body?.shape ?? {}),
        ...(options ?? []).flatMap((o) => Object.keys(o.shape ?? {})),
      ]);
      return keys.has('quote_id') || (/quote/i.test(route.url) && keys.has('id'));
    });
    const unnamed = quoteLike.filter((r) => r.addresses?.record !== 'quote').map(routeName);
    expect(unnamed, 'quote routes without config.addresses').toEqual([]);
  });
});

describe('the authorization matrix', () => {
  it('lets each caller through exactly where the declared access allows', async () => {
    // Before the matrix, whose last calls sign everyone out.
    const scoped = await checkRecordScopes();
    const rows: MatrixRow[] = [];
    const mismatches: string[] = [];
    const called = calledRoutes();
    const ordered = [...called.filter((r) => !endsSession(r)), ...called.filter(endsSession)];
    for (const route of ordered) {
      const access = route.access;
      if (!access) continue;
      const outcomes: GuardOutcome[] = [];
      const url = urlWithParams(route, validParamsOf(route));
      for (const caller of callersOfThisEngine(access, callers)) {
        const response = await call(route, caller.cookie, undefined, url);
        expect(response.statusCode, `${routeName(route)} as ${caller.name}`).toBeLessThan(500);
        const actual = outcomeOf(response);
        const expected = expectedOutcome(access, caller);
        if (actual !== expected) {
          mismatches.push(`${routeName(route)} as ${caller.name}: ${actual}, expected ${expected}`);
        }
        outcomes.push(actual);
      }
      rows.push({ route, outcomes });
    }
    expect(mismatches).toEqual([]);
    // The document lists every route: the engine that calls them all writes and checks it.
    if (!checksEveryRoute()) return;

    // Formatted as `npm run format` would, so the check and the formatter agree on the file.
    const document = await format(renderAuthorizationMatrix(callers, rows, scoped), {
      ...(await resolveConfig(MATRIX_FILE)),
      filepath: MATRIX_FILE,
    });
    if (UPDATE) {
      mkdirSync(path.dirname(MATRIX_FILE), { recursive: true });
      writeFileSync(MATRIX_FILE, document);
    }
    const committed = existsSync(MATRIX_FILE) ? readFileSync(MATRIX_FILE, 'utf8') : '';
    expect(
      committed === document,
      'docs/security/authorization-matrix.md is out of date: run `npm run security:matrix` and commit it',
    ).toBe(true);
  }, 240_000);
});

/**
 * Calls every route that addresses one record with valid bodies naming a record of an EMEA
 * seller, as everyone the guard lets through. Those whose scope does not reach it must be
 * refused exactly as for an id that names nothing (404, or a refusal that does not depend on the
 * record); the owner must get something else than 404 for at least one body, else the check
 * would be blind.
 */
async function checkRecordScopes(): Promise<ScopedRouteResult[]> {
  const owner = await createUser(ctx.db, {
    roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['EMEA'] }],
  });
  const ownerCookie = await signedIn(ctx.app, owner);
  const opportunityId = await insertOpportunity(ctx.db, { region: 'EMEA' });
  const made = await ctx.app.inject({
    method: 'POST',
    url: '/api/dx/create-quote',
    headers: { cookie: ownerCookie },
    payload: { opportunity_id: opportunityId, values: headerValues() },
  });
  expect(made.statusCode, made.body).toBe(200);
  const quoteId = made.json<{ data: { id: string } }>().data.id;
  const contractId = await insertContractOf(opportunityId);

  const outsider = await createUser(ctx.db, {
    roles: [{ role: 'SALES_USER', assignment: 'REGION', assignmentValue: ['APJ'] }],
  });
  const outsiderCaller: Caller = {
    name: 'SALES_USER of another region',
    cookie: await signedIn(ctx.app, outsider),
    isDisabled: false,
    flags: callers.find((c) => c.name === 'SALES_USER')!.flags,
  };
  const everyone = [...callers, outsiderCaller];
  const results: ScopedRouteResult[] = [];
  const failures: string[] = [];

  for (const route of calledRoutes().filter((r) => r.addresses)) {
    const scope = route.addresses!;
    const recordId = { quote: quoteId, opportunity: opportunityId, contract: contractId }[
      scope.record
    ];
    const absentId = scope.record === 'opportunity' ? `006${unique()}` : randomUUID();
    // Fresh records of the quote for each route: a route may delete the one it names.
    const parts = scope.record === 'quote' ? await insertQuoteParts(quoteId, owner.id) : {};
    const requests = requestsNaming(route, scope, recordId, undefined, parts);
    const madeUpOf = (request: RouteRequest) => requestsNaming(route, scope, absentId, request);
    expect(
      requests.length,
      `no valid body could be generated for ${routeName(route)}`,
    ).toBeGreaterThan(0);
    let outsiders = 0;
    let insiders = 0;
    for (const caller of everyone) {
      if (!caller.flags || caller.isDisabled) continue;
      // The second engine asks as one outsider: the answer's path through the driver is the same.
      if (!checksEveryRoute() && outsiders > 0) break;
      if (expectedOutcome(route.access!, caller) !== 'allowed') continue;
      const sees = visibilityScopeOf([], caller.flags).kind === 'all';
      if (sees) {
        insiders++;
        continue;
      }
      outsiders++;
      for (const request of requests) {
        // The answer must not tell the record exists: the same as for an id that names nothing.
        const real = await call(route, caller.cookie, request.body, request.url);
        const [madeUpRequest] = madeUpOf(request);
        const madeUp = await call(route, caller.cookie, madeUpRequest?.body, madeUpRequest?.url);
        const seen = (r: typeof real) =>
          `${r.statusCode} ${String(r.json<{ message?: string }>().message)}`
            .replaceAll(recordId, '<id>')
            .replaceAll(absentId, '<id>');
        if (real.statusCode < 400 || seen(real) !== seen(madeUp)) {
          failures.push(
            `${routeName(route)} as ${caller.name} with ${request.url} ${JSON.stringify(request.body)}: ${seen(real)}, for no record ${seen(madeUp)}`,
          );
        }
      }
    }
    const ownerAnswers = [];
    for (const request of requests) {
      ownerAnswers.push((await call(route, ownerCookie, request.body, request.url)).statusCode);
    }
    if (!ownerAnswers.some((status) => status !== 404)) {
      failures.push(`${routeName(route)}: even the owner gets 404 (${ownerAnswers.join(', ')})`);
    }
    results.push({ route, outsiders, insiders: insiders + 1 });
  }
  expect(failures).toEqual([]);
  return results;
}

/**
 * Requests naming the record: in the body (a few valid bodies, always the same ones), or in a
 * path parameter (one URL, with a body the schema accepts). Given `like`, the same request with
 * the id replaced (a record that does not exist).
 */
function requestsNaming(
  route: CatalogedRoute,
  scope: RecordScope,
  recordId: string,
  like?: RouteRequest,
  parts: QuoteParts = {},
): RouteRequest[] {
  if (scope.from === 'params') {
    const url = urlWithParams(route, validParamsOf(route, { [scope.idField]: recordId }));
    if (like) return [{ url, body: like.body }];
    const bodies = route.schema.body ? validBodiesNaming(route, null, recordId, parts) : [{}];
    return bodies.map((body) => ({ url, body }));
  }
  if (like) {
    return [{ url: like.url, body: { ...(like.body as object), [scope.idField]: recordId } }];
  }
  const url = urlWithParams(route, validParamsOf(route));
  return validBodiesNaming(route, scope.idField, recordId, parts).map((body) => ({ url, body }));
}

/** A running contract of the opportunity's account and region (issue 18), with one line. */
async function insertContractOf(opportunityId: string): Promise<string> {
  const [opportunity] = await ctx.db
    .select()
    .from(crmOpportunities)
    .where(eq(crmOpportunities.id, opportunityId));
  const [sku] = await ctx.db
    .select({ sku: skus.sku })
    .from(skus)
    .where(eq(skus.billing, 'ANNUAL'))
    .limit(1);
  const [contract] = await ctx.db
    .insert(contracts)
    .values({
      contractNumber: `C-TEST-${unique()}`,
      accountId: opportunity!.accountId,
      region: opportunity!.region,
      opportunityId,
      currencyCode: 'USD',
      startDate: '2026-01-01',
      endDate: '2027-12-31',
      origin: 'IMPORT',
    })
    .returning({ id: contracts.id });
  await ctx.db.insert(entitlements).values({
    contractId: contract!.id,
    accountId: opportunity!.accountId,
    sku: sku!.sku,
    quantity: 10,
    startDate: '2026-01-01',
    endDate: '2027-12-31',
    unitNetMinor: 100_00,
    currencyCode: 'USD',
  });
  return contract!.id;
}

/** Ids of records that belong to one quote, by the body field that names them. */
type QuoteParts = Record<string, string>;

/**
 * A comment, an attachment, a generated document, an acceptance link and a revision of the quote, so that
 * the routes naming one of them reach it (the owner must get past 404).
 */
async function insertQuoteParts(quoteId: string, ownerId: string): Promise<QuoteParts> {
  const bytes = Buffer.from('%PDF-1.4\n%%EOF\n');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const [comment] = await ctx.db
    .insert(quoteComments)
    .values({
      quoteId,
      kind: 'comment',
      body: 'A comment.',
      authorUserId: ownerId,
      createdAt: appNow(),
    })
    .returning({ id: quoteComments.id });
  const [attachment] = await ctx.db
    .insert(quoteAttachments)
    .values({
      quoteId,
      category: 'attachment',
      fileName: 'order.pdf',
      sizeBytes: bytes.length,
      sizeKb: 1,
      contentType: 'application/pdf',
      sha256,
      uploadedBy: ownerId,
      content: bytes,
    })
    .returning({ id: quoteAttachments.id });
  const [document] = await ctx.db
    .insert(quoteDocuments)
    .values({
      quoteId,
      format: 'pdf',
      fileName: 'quote.pdf',
      sha256,
      sizeBytes: bytes.length,
      quoteVersion: 1,
      quoteStatus: 'INCOMPLETE',
      generatedBy: ownerId,
      content: bytes,
    })
    .returning({ id: quoteDocuments.id });
  const [link] = await ctx.db
    .insert(acceptanceLinks)
    .values({
      quoteId,
      tokenHash: createHash('sha256').update(randomUUID()).digest('hex'),
      documentId: document!.id,
      quoteVersion: 1,
      recipientEmail: 'buyer@example.com',
      sentBy: ownerId,
      expiresAt: new Date(appNow().getTime() + 86_400_000),
    })
    .returning({ id: acceptanceLinks.id });
  const [revision] = await ctx.db
    .insert(quoteRevisions)
    .values({
      quoteId,
      revisionNumber:
        1 + (await ctx.db.$count(quoteRevisions, eq(quoteRevisions.quoteId, quoteId))),
      name: 'Sent to customer',
      reason: 'SAVED',
      quoteVersion: 1,
      statusId: 'INCOMPLETE',
      currencyCode: 'USD',
      snapshot: {
        currency_code: 'USD',
        header: [],
        lines: [],
        terms: [],
        totals: null,
        pricing_problems: [],
        approval: null,
      },
      contents: {
        header: {
          quoteName: 'Matrix',
          dealType: 'NB',
          contractLength: 12,
          partnerType: null,
          details: {},
          secureAccess: null,
        },
        lines: [],
        shipping: [],
        terms: [],
        termSet: null,
      },
      createdBy: ownerId,
    })
    .returning({ id: quoteRevisions.id });
  // Another option of the quote's deal (issue 37), for the routes that name two quotes.
  const [original] = await ctx.db.select().from(quotes).where(eq(quotes.id, quoteId));
  const [option] = await ctx.db
    .insert(quotes)
    .values({
      ...original!,
      id: randomUUID(),
      quoteNumber: `Q-TEST-${unique()}`,
      isPrimary: false,
    })
    .returning({ id: quotes.id });
  return {
    other_quote_id: option!.id,
    revision_id: revision!.id,
    // The revisions compared: that one with itself.
    from: revision!.id,
    to: revision!.id,
    comment_id: comment!.id,
    attachment_id: attachment!.id,
    document_id: document!.id,
    link_id: link!.id,
  };
}

/** Bodies the route's schema accepts, naming the record (when idField is given). */
function validBodiesNaming(
  route: CatalogedRoute,
  idField: string | null,
  recordId: string,
  parts: QuoteParts = {},
): unknown[] {
  const schema = route.schema.body as $ZodType;
  const knownIds = Object.fromEntries(
    Object.entries({ ...parts, ...(idField ? { [idField]: recordId } : {}) }).map(([k, v]) => [
      k,
      [v],
    ]),
  );
  // Bodies naming more of the quote's real parts first: they reach past "no such record".
  const partIds = new Set(Object.values(parts));
  const namedParts = (sample: unknown) =>
    sample !== null && typeof sample === 'object'
      ? Object.values(sample).filter((v) => typeof v === 'string' && partIds.has(v)).length
      : 0;
  const samples = fc
    .sample(arbitraryFor(schema, { knownIds }), { seed: 20261125, numRuns: 60 })
    .sort((a, b) => namedParts(b) - namedParts(a));
  const bodies: unknown[] = [];
  const seen = new Set<string>();
  for (const sample of samples) {
    if (sample === null || typeof sample !== 'object' || Array.isArray(sample)) continue;
    const body = idField ? { ...sample, [idField]: recordId } : sample;
    const parsed = safeParse(schema, body);
    if (!parsed.success) continue;
    if (idField && (parsed.data as Record<string, unknown>)[idField] !== recordId) continue;
    // One body per shape (per action, for routes that take several): enough to reach each path.
    const shape =
      JSON.stringify(Object.keys(body).sort()) + String((body as { action?: unknown }).action);
    if (seen.has(shape)) continue;
    seen.add(shape);
    bodies.push(body);
    if (bodies.length >= 6) break;
  }
  return bodies;
}
