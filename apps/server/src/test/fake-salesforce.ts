import { randomBytes, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { salesforceId18 } from '../integrations/crm/salesforce/record-values.ts';
import { matches, parseSoql, project, type FakeRecord } from './fake-soql.ts';

/**
 * Test support: a local stand-in for the parts of the Salesforce REST API the adapter uses
 * (salesforce-adapter.ts), so its tests run against real HTTP without a Salesforce org. It
 * answers the OAuth token endpoint (client credentials and JWT bearer), the versions list, SOQL
 * queries (a small subset of SOQL, evaluated over in-memory records, paged like Salesforce),
 * PATCH of an Opportunity and the sObject Collections calls that create, update and delete
 * opportunity products (all or none, checked as Salesforce checks them). Used by tests only.
 */

export type { FakeRecord };

export interface FakeSalesforceOptions {
  clientId: string;
  /** Accepted for the client-credentials flow; without one that flow is refused. */
  clientSecret?: string;
  /** The JWT bearer flow: the user the assertion names and the key that checks its signature. */
  username?: string;
  jwtPublicKey?: KeyObject | string;
  /** Records per query page; Salesforce uses 2000, a test uses fewer to make queryMore run. */
  pageSize?: number;
  /** What GET /services/data/ lists. */
  apiVersions?: string[];
}

export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  /** The SOQL of a query call, decoded. */
  soql: string | null;
  authorization: string | null;
  /** The raw body, so a test sees exactly what was sent. */
  body: string;
  status: number;
}

export interface FakeSalesforce {
  /** Both the login URL and the instance URL. */
  readonly url: string;
  /** Records by SObject name; tests add, change and read them directly. */
  readonly records: Record<string, FakeRecord[]>;
  readonly requests: RecordedRequest[];
  /** Every access token issued so far stops working (the next call gets INVALID_SESSION_ID). */
  expireSessions(): void;
  /** Refuses every access token, even new ones, until switched off. */
  rejectAllSessions(isOn: boolean): void;
  /** Answers every request with 503, as during a Salesforce outage, until switched off. */
  setOutage(isOn: boolean): void;
  /** The next data call (not a token call) gets this error instead of its answer. */
  failNext(failure: { status: number; errorCode: string; message: string }): void;
  close(): Promise<void>;
}

const JSON_TYPE = 'application/json;charset=UTF-8';
const JWT_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const DATA_PATH = /^\/services\/data\/v(\d+\.\d)\/(.+)$/;

class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

const apiError = (status: number, errorCode: string, message: string) =>
  new HttpProblem(status, [{ message, errorCode }]);

export async function startFakeSalesforce(options: FakeSalesforceOptions): Promise<FakeSalesforce> {
  const pageSize = options.pageSize ?? 2000;
  const apiVersions = options.apiVersions ?? ['60.0', '61.0', '62.0'];
  const records: Record<string, FakeRecord[]> = {
    Opportunity: [],
    Account: [],
    Contact: [],
    OpportunityTeamMember: [],
    OpportunityLineItem: [],
    Pricebook2: [],
    PricebookEntry: [],
  };
  let createdCount = 0;
  const requests: RecordedRequest[] = [];
  const validTokens = new Set<string>();
  const cursors = new Map<string, FakeRecord[]>();
  let cursorCount = 0;
  let isOutage = false;
  let isRejectingSessions = false;
  let nextFailure: { status: number; errorCode: string; message: string } | null = null;
  let url = '';

  function issueToken() {
    const accessToken = `00DFAKE!${randomBytes(24).toString('base64url')}`;
    validTokens.add(accessToken);
    return {
      access_token: accessToken,
      instance_url: url,
      id: `${url}/id/00DFAKE000000000AAA/005FAKE000000000AAA`,
      token_type: 'Bearer',
      issued_at: String(Date.now()),
      signature: randomBytes(32).toString('base64'),
    };
  }

  const oauthError = (error: string, description: string) =>
    new HttpProblem(400, { error, error_description: description });

  function token(body: string) {
    const form = new URLSearchParams(body);
    const grantType = form.get('grant_type');
    if (grantType === 'client_credentials') {
      if (form.get('client_id') !== options.clientId) {
        throw oauthError('invalid_client_id', 'client identifier invalid');
      }
      if (!options.clientSecret || form.get('client_secret') !== options.clientSecret) {
        throw oauthError('invalid_client', 'invalid client credentials');
      }
      return issueToken();
    }
    if (grantType === JWT_GRANT) return jwtBearer(form.get('assertion') ?? '');
    throw oauthError('unsupported_grant_type', 'grant type not supported');
  }

  function jwtBearer(assertion: string) {
    const [header = '', claims = '', signature = ''] = assertion.split('.');
    const decode = (part: string): Record<string, unknown> | null => {
      try {
        const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
        return typeof value === 'object' && value !== null
          ? (value as Record<string, unknown>)
          : null;
      } catch {
        return null;
      }
    };
    const head = decode(header);
    const payload = decode(claims);
    if (!head || !payload || head.alg !== 'RS256' || !options.jwtPublicKey) {
      throw oauthError('invalid_grant', 'invalid assertion');
    }
    const isSigned = verify(
      'sha256',
      Buffer.from(`${header}.${claims}`),
      options.jwtPublicKey,
      Buffer.from(signature, 'base64url'),
    );
    if (!isSigned) throw oauthError('invalid_grant', 'invalid assertion');
    if (payload.iss !== options.clientId) {
      throw oauthError('invalid_client_id', 'client identifier invalid');
    }
    if (payload.aud !== url) throw oauthError('invalid_grant', 'audience is invalid');
    if (typeof payload.exp !== 'number' || payload.exp * 1000 < Date.now()) {
      throw oauthError('invalid_grant', 'expired authorization code');
    }
    if (payload.sub !== options.username) {
      throw oauthError('invalid_grant', 'user hasn’t approved this consumer');
    }
    return issueToken();
  }

  function requireSession(request: IncomingMessage) {
    const [scheme, accessToken] = (request.headers.authorization ?? '').split(' ');
    if (
      scheme !== 'Bearer' ||
      !accessToken ||
      !validTokens.has(accessToken) ||
      isRejectingSessions
    ) {
      throw apiError(401, 'INVALID_SESSION_ID', 'Session expired or invalid');
    }
  }

  function page(rows: FakeRecord[], version: string) {
    if (rows.length <= pageSize) return { totalSize: rows.length, done: true, records: rows };
    cursorCount += 1;
    const locator = `01gFAKE${String(cursorCount).padStart(11, '0')}-${pageSize}`;
    cursors.set(locator, rows.slice(pageSize));
    return {
      totalSize: rows.length,
      done: false,
      nextRecordsUrl: `/services/data/v${version}/query/${locator}`,
      records: rows.slice(0, pageSize),
    };
  }

  function data(
    method: string,
    version: string,
    rest: string,
    search: URLSearchParams,
    body: string,
  ) {
    if (!apiVersions.includes(version)) {
      throw apiError(404, 'NOT_FOUND', 'The requested resource does not exist');
    }
    // query skips records in the recycle bin (IsDeleted = true); queryAll includes them.
    if (method === 'GET' && (rest === 'query' || rest === 'queryAll')) {
      const soql = search.get('q') ?? '';
      const query = parseSoql(soql);
      const table = records[query.sobject];
      if (!table) {
        throw apiError(400, 'INVALID_TYPE', `sObject type '${query.sobject}' is not supported.`);
      }
      const rows = table
        .filter((row) => rest === 'queryAll' || row.IsDeleted !== true)
        .filter((row) => query.conditions.every((condition) => matches(row, condition)))
        .slice(0, query.limit ?? undefined)
        .map((row) => project(row, query.sobject, query.fields));
      return page(rows, version);
    }
    const more = /^query\/(01g[\w-]+)$/.exec(rest);
    if (method === 'GET' && more?.[1]) {
      const rows = cursors.get(more[1]);
      if (!rows) throw apiError(400, 'INVALID_QUERY_LOCATOR', 'invalid query locator');
      cursors.delete(more[1]);
      return page(rows, version);
    }
    const update = /^sobjects\/Opportunity\/(\w+)$/.exec(rest);
    if (method === 'PATCH' && update?.[1]) {
      const record = records.Opportunity?.find((row) => row.Id === update[1]);
      if (!record) throw apiError(404, 'NOT_FOUND', 'The requested resource does not exist');
      Object.assign(record, JSON.parse(body) as Record<string, unknown>);
      return null;
    }
    if (rest === 'composite/sobjects') return collection(method, search, body);
    throw apiError(404, 'NOT_FOUND', 'The requested resource does not exist');
  }

  /**
   * sObject Collections on OpportunityLineItem, allOrNone: every record is checked first; when
   * one is refused, nothing changes and the others say they were rolled back.
   */
  function collection(method: string, search: URLSearchParams, body: string) {
    const lines = records.OpportunityLineItem ?? [];
    const refusal = (statusCode: string, message: string) => ({ statusCode, message, fields: [] });
    type Check = { record: FakeRecord | null; error: ReturnType<typeof refusal> | null };
    let checks: Check[];
    let apply: () => void;
    if (method === 'DELETE') {
      const ids = (search.get('ids') ?? '').split(',').filter(Boolean);
      checks = ids.map((id) => {
        const record = lines.find((line) => line.Id === id) ?? null;
        return { record, error: record ? null : refusal('ENTITY_IS_DELETED', 'entity is deleted') };
      });
      apply = () => {
        records.OpportunityLineItem = lines.filter((line) => !ids.includes(line.Id));
      };
    } else if (method === 'POST' || method === 'PATCH') {
      const parsed = JSON.parse(body) as { allOrNone?: boolean; records?: FakeRecord[] };
      if (parsed.allOrNone !== true) throw new Error('the fake only answers allOrNone calls');
      const incoming = parsed.records ?? [];
      const keys = new Set<unknown>();
      checks = incoming.map((fields) => {
        const existing = method === 'PATCH' ? lines.find((line) => line.Id === fields.Id) : null;
        if (method === 'PATCH' && !existing) {
          return { record: null, error: refusal('ENTITY_IS_DELETED', 'entity is deleted') };
        }
        const entry = records.PricebookEntry?.find((row) => row.Id === fields.PricebookEntryId);
        if (method === 'POST' && (!entry || entry.IsActive !== true)) {
          return {
            record: null,
            error: refusal(
              'FIELD_INTEGRITY_EXCEPTION',
              'field integrity exception: PricebookEntryId',
            ),
          };
        }
        const key = fields.Bastion_Line_Key__c ?? existing?.Bastion_Line_Key__c ?? null;
        const isDuplicate =
          key !== null &&
          (keys.has(key) ||
            lines.some((line) => line !== existing && line.Bastion_Line_Key__c === key));
        keys.add(key);
        if (isDuplicate) {
          return { record: null, error: refusal('DUPLICATE_VALUE', 'duplicate value found') };
        }
        if (typeof fields.Quantity !== 'number' || fields.Quantity <= 0) {
          return { record: null, error: refusal('FIELD_INTEGRITY_EXCEPTION', 'Quantity') };
        }
        const values: Record<string, unknown> = { ...fields };
        delete values.attributes;
        const record: FakeRecord = existing
          ? { ...existing, ...values }
          : {
              ...values,
              Id:
                salesforceId18(`00k${String(9_000_000 + ++createdCount).padStart(12, '0')}`) ?? '',
              Product2: entry?.Product2 ?? null,
              Is_Manual__c: false,
            };
        const total = Number(record.TotalPrice);
        // Salesforce derives the sales price from the total it is given.
        record.UnitPrice = Math.round((total / Number(record.Quantity)) * 100) / 100;
        return { record, error: null };
      });
      apply = () => {
        for (const { record } of checks) {
          if (!record) continue;
          const at = lines.findIndex((line) => line.Id === record.Id);
          if (at >= 0) lines[at] = record;
          else lines.push(record);
        }
      };
    } else {
      throw apiError(405, 'METHOD_NOT_ALLOWED', 'HTTP Method not allowed');
    }
    const isRefused = checks.some((check) => check.error);
    if (!isRefused) apply();
    return checks.map(({ record, error }) => ({
      id: record?.Id ?? null,
      success: !isRefused,
      errors: isRefused
        ? [error ?? refusal('ALL_OR_NONE_OPERATION_ROLLED_BACK', 'Record rolled back')]
        : [],
    }));
  }

  function answer(request: IncomingMessage, body: string): { status: number; body: unknown } {
    const method = request.method ?? 'GET';
    const target = new URL(request.url ?? '/', url);
    if (isOutage) throw new HttpProblem(503, null);
    if (method === 'POST' && target.pathname === '/services/oauth2/token') {
      return { status: 200, body: token(body) };
    }
    // The versions list needs no session, as in Salesforce.
    if (method === 'GET' && target.pathname === '/services/data/') {
      return {
        status: 200,
        body: apiVersions.map((version) => ({
          label: `Fake ${version}`,
          url: `/services/data/v${version}`,
          version,
        })),
      };
    }
    const dataPath = DATA_PATH.exec(target.pathname);
    if (!dataPath?.[1] || !dataPath[2]) {
      throw apiError(404, 'NOT_FOUND', 'The requested resource does not exist');
    }
    requireSession(request);
    if (nextFailure) {
      const failure = nextFailure;
      nextFailure = null;
      throw apiError(failure.status, failure.errorCode, failure.message);
    }
    const result = data(method, dataPath[1], dataPath[2], target.searchParams, body);
    return result === null ? { status: 204, body: null } : { status: 200, body: result };
  }

  function send(response: ServerResponse, status: number, body: unknown) {
    if (status === 503) {
      response.writeHead(503, { 'content-type': 'text/html' });
      response.end('<html><body>Service Unavailable</body></html>');
    } else if (body === null) {
      response.writeHead(status).end();
    } else {
      response.writeHead(status, { 'content-type': JSON_TYPE }).end(JSON.stringify(body));
    }
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const target = new URL(request.url ?? '/', url);
      const recorded: RecordedRequest = {
        method: request.method ?? 'GET',
        path: target.pathname,
        soql: target.searchParams.get('q'),
        authorization: request.headers.authorization ?? null,
        body,
        status: 0,
      };
      requests.push(recorded);
      try {
        const result = answer(request, body);
        recorded.status = result.status;
        send(response, result.status, result.body);
      } catch (error) {
        const problem =
          error instanceof HttpProblem
            ? error
            : apiError(400, 'MALFORMED_QUERY', error instanceof Error ? error.message : 'bad');
        recorded.status = problem.status;
        send(response, problem.status, problem.body);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    records,
    requests,
    expireSessions: () => validTokens.clear(),
    rejectAllSessions: (isOn) => {
      isRejectingSessions = isOn;
    },
    setOutage: (isOn) => {
      isOutage = isOn;
    },
    failNext: (failure) => {
      nextFailure = failure;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // fetch keeps connections alive; without this, close waits for them to time out.
        server.closeAllConnections();
      }),
  };
}
