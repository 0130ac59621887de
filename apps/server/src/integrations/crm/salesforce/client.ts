import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import type { Connection, HttpRequest } from 'jsforce';
import type { ServerConfig } from '../../../config.ts';
import { CrmUnavailableError } from '../crm-adapter.ts';
import { isRecord, type SfRecord } from './record-values.ts';

/**
 * The HTTP side of the Salesforce adapter: signing in (OAuth 2.0 client credentials or JWT
 * bearer against the login URL), one jsforce Connection per token, a fresh sign-in when the
 * session expires, the one retry a dropped kept-alive connection gets, and Salesforce's errors
 * turned into CrmUnavailableError messages with no secret in them.
 */

export type SalesforceCrmConfig = Extract<ServerConfig['crm'], { adapter: 'salesforce' }>;

export interface SalesforceAdapterOptions {
  /** For the OAuth token endpoint; REST calls go through jsforce's own HTTP client. */
  fetch?: typeof globalThis.fetch;
  /** The clock that dates the JWT assertion. */
  now?: () => Date;
  /** How long one HTTP call may take; 30 s unless told. */
  timeoutMs?: number;
}

interface QueryPage {
  done: boolean;
  records: SfRecord[];
  nextRecordsUrl?: string;
}

interface Session {
  connection: Connection;
}

const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** Salesforce accepts an assertion for at most three minutes after it is made. */
const JWT_LIFETIME_SECONDS = 180;

/**
 * The `aud` of a JWT bearer assertion: Salesforce wants its login server, not the My Domain URL
 * the token is asked from; a sandbox wants test.salesforce.com. Anything else (an Experience
 * Cloud site, a test double) names itself.
 */
export function salesforceJwtAudience(loginUrl: string): string {
  const host = new URL(loginUrl).hostname.toLowerCase();
  if (host === 'test.salesforce.com' || host.endsWith('.sandbox.my.salesforce.com')) {
    return 'https://test.salesforce.com';
  }
  if (host === 'login.salesforce.com' || host.endsWith('.my.salesforce.com')) {
    return 'https://login.salesforce.com';
  }
  return loginUrl.replace(/\/+$/, '');
}

/** Environment variables often hold a PEM with its line breaks written as \n. */
const pemOf = (text: string) => (text.includes('\n') ? text : text.replace(/\\n/g, '\n')).trim();

/**
 * Salesforce's own words, fit for one line: a SOQL error repeats the query and points at the
 * column before saying what is wrong ("ERROR at Row:1:Column:52\nNo such column …"), so only
 * what follows that pointer is kept.
 */
function salesforceWords(message: string): string {
  const lines = message.split('\n');
  const pointer = lines.findIndex((line) => /^ERROR at Row:/.test(line));
  const words = lines
    .slice(pointer + 1)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
    // The caller ends the sentence.
    .replace(/\.$/, '');
  return words.length > 300 ? `${words.slice(0, 300)}…` : words;
}

const isQueryPage = (value: unknown): value is QueryPage =>
  isRecord(value) && typeof value.done === 'boolean' && Array.isArray(value.records);

/** Why a call got no HTTP answer (refused, timed out…); null when it did get one. */
function networkProblem(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'no answer in time';
  // jsforce's own time limit.
  if (error.message === 'Request Timeout') return 'no answer in time';
  // jsforce uses node-fetch (FetchError); the token call uses Node's fetch (TypeError).
  const isFetchFailure =
    error.name === 'FetchError' || (error instanceof TypeError && error.message === 'fetch failed');
  if (!isFetchFailure) return null;
  for (const source of [error, error.cause]) {
    if (isRecord(source) && typeof source.code === 'string' && source.code) return source.code;
  }
  return 'no answer';
}

export interface SalesforceClient {
  /** One REST call (a path under the API version, or /services/data/). */
  call: <T>(request: HttpRequest, what: string) => Promise<T>;
  /** Every record a SOQL query finds, following nextRecordsUrl from page to page. */
  query: (soql: string, what: string, endpoint?: 'query' | 'queryAll') => Promise<SfRecord[]>;
  /** A CrmUnavailableError whose message has the secret and tokens removed. */
  unavailable: (message: string) => CrmUnavailableError;
}

export function createSalesforceClient(
  config: SalesforceCrmConfig,
  options: SalesforceAdapterOptions = {},
): SalesforceClient {
  const fetchFn = options.fetch ?? globalThis.fetch;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 30_000;
  const loginUrl = config.loginUrl.replace(/\/+$/, '');
  const loginOrigin = new URL(loginUrl).origin;
  // JWT when configured: it names the user Bastion acts as and shares no secret.
  const jwt =
    config.username && config.jwtPrivateKey
      ? { username: config.username, pem: config.jwtPrivateKey }
      : null;
  // One immediate retry, only for a kept-alive connection the server had already dropped;
  // nothing else is retried inside a call: the caller retries a whole sync, and an outage is
  // reported in seconds instead of after jsforce's back-off of ~15 s.
  const requestOptions = {
    retry: { maxRetries: 1, minTimeout: 0, errorCodes: ['ECONNRESET'], statusCodes: [] },
    timeout: timeoutMs,
  };
  /** The latest tokens, kept only to scrub them from messages. */
  const recentTokens: string[] = [];
  let privateKey: KeyObject | null = null;
  let pending: Promise<Session> | null = null;
  let instanceOrigin = loginOrigin;

  /** Removes the secret and any token from text that may end up in a message or a log. */
  function redact(text: string): string {
    let safe = text;
    for (const secret of [config.clientSecret, ...recentTokens]) {
      if (secret) safe = safe.split(secret).join('[redacted]');
    }
    return safe;
  }

  const unavailable = (message: string) => new CrmUnavailableError(redact(message));

  function jwtAssertion(username: string, pem: string): string {
    if (!privateKey) {
      try {
        privateKey = createPrivateKey(pemOf(pem));
      } catch {
        throw unavailable(
          'The Salesforce JWT private key (SALESFORCE_JWT_PRIVATE_KEY) is not a readable PEM private key.',
        );
      }
    }
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
    const issuedAt = Math.floor(now().getTime() / 1000);
    const unsigned = `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({
      iss: config.clientId,
      sub: username,
      aud: salesforceJwtAudience(loginUrl),
      exp: issuedAt + JWT_LIFETIME_SECONDS,
    })}`;
    return `${unsigned}.${sign('sha256', Buffer.from(unsigned), privateKey).toString('base64url')}`;
  }

  function tokenRequestBody(): URLSearchParams {
    if (jwt) {
      return new URLSearchParams({
        grant_type: JWT_BEARER_GRANT,
        assertion: jwtAssertion(jwt.username, jwt.pem),
      });
    }
    if (!config.clientSecret) {
      throw unavailable(
        'Salesforce is configured without a client secret or a JWT key and user name, so Bastion cannot sign in.',
      );
    }
    return new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: config.clientId,
      client_secret: config.clientSecret,
    });
  }

  function refusal(body: SfRecord): CrmUnavailableError {
    const error = typeof body.error === 'string' ? body.error : 'refused';
    const description =
      typeof body.error_description === 'string' && body.error_description
        ? ` (${salesforceWords(body.error_description)})`
        : '';
    const who = jwt ? `for the user ${jwt.username}` : `for the connected app`;
    const hint =
      !jwt && /not supported on this domain/i.test(description)
        ? ' The client-credentials flow needs your My Domain URL (https://…my.salesforce.com) in SALESFORCE_LOGIN_URL.'
        : '';
    return unavailable(`Salesforce refused the credentials ${who}: ${error}${description}.${hint}`);
  }

  async function authenticate(): Promise<Session> {
    const tokenUrl = `${loginUrl}/services/oauth2/token`;
    const body = tokenRequestBody();
    let status: number;
    let text: string;
    try {
      const response = await fetchFn(tokenUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw unavailable(
        `Salesforce could not be reached at ${loginOrigin} (${networkProblem(error) ?? 'no answer'}).`,
      );
    }
    let answer: unknown = null;
    try {
      answer = JSON.parse(text);
    } catch {
      // Not JSON: an HTML error page, a proxy's answer; the status says enough.
    }
    if (status < 200 || status > 299) {
      if (isRecord(answer) && typeof answer.error === 'string') throw refusal(answer);
      throw unavailable(`Salesforce sign-in at ${loginOrigin} answered HTTP ${status}.`);
    }
    const accessToken = isRecord(answer) ? answer.access_token : null;
    const instanceUrl = isRecord(answer) ? answer.instance_url : null;
    if (
      typeof accessToken !== 'string' ||
      accessToken === '' ||
      typeof instanceUrl !== 'string' ||
      !/^https?:\/\/[^/]+/.test(instanceUrl)
    ) {
      throw unavailable(
        `Salesforce sign-in at ${loginOrigin} answered without an access token and instance URL.`,
      );
    }
    recentTokens.unshift(accessToken);
    recentTokens.splice(5);
    instanceOrigin = new URL(instanceUrl).origin;
    // jsforce is loaded when first needed: deployments on the embedded CRM never pay for it.
    const { Connection } = await import('jsforce');
    const connection = new Connection({ instanceUrl, accessToken, version: config.apiVersion });
    return { connection };
  }

  /** The cached session, or a sign-in shared by everyone who asks while it runs. */
  function session(): Promise<Session> {
    if (!pending) {
      const attempt = authenticate();
      pending = attempt;
      // A failed sign-in is not cached: the next call tries again.
      void attempt.catch(() => {
        if (pending === attempt) pending = null;
      });
    }
    return pending;
  }

  /** A REST error from Salesforce (via jsforce), a network failure, or something else. */
  function translate(error: unknown, what: string): unknown {
    if (error instanceof CrmUnavailableError) return error;
    const problem = networkProblem(error);
    if (problem) {
      return unavailable(`Salesforce could not be reached at ${instanceOrigin} (${problem}).`);
    }
    if (!isRecord(error) || typeof error.errorCode !== 'string') return error;
    const code = error.errorCode;
    const httpStatus = /^ERROR_HTTP_(\d{3})$/.exec(code)?.[1];
    if (httpStatus) return unavailable(`Salesforce answered HTTP ${httpStatus} to ${what}.`);
    const message = error instanceof Error ? salesforceWords(error.message) : '';
    const hint = /^(INVALID_FIELD|INVALID_TYPE|NO_SUCH_COLUMN)/.test(code)
      ? ' Check that the org has the fields Bastion expects (CRM admin page, field mapping) and that the integration user may read them.'
      : '';
    return unavailable(`Salesforce refused ${what}: ${code}: ${message}.${hint}`);
  }

  const isExpiredSession = (error: unknown) =>
    isRecord(error) &&
    (error.errorCode === 'INVALID_SESSION_ID' || error.errorCode === 'ERROR_HTTP_401');

  /**
   * One REST call with the cached session; when Salesforce says the session expired, signs in
   * again once (callers that failed on the same session share that sign-in) and retries.
   */
  async function call<T>(request: HttpRequest, what: string): Promise<T> {
    const current = session();
    const attempt = async (promise: Promise<Session>) =>
      (await promise).connection.request<T>(request, requestOptions);
    try {
      return await attempt(current);
    } catch (error) {
      if (!isExpiredSession(error)) throw translate(error, what);
    }
    if (pending === current) pending = null;
    try {
      return await attempt(session());
    } catch (error) {
      if (isExpiredSession(error)) {
        throw unavailable(
          `Salesforce refused a fresh session for ${what} (INVALID_SESSION_ID). Check that the integration user may use the API.`,
        );
      }
      throw translate(error, what);
    }
  }

  async function query(
    soql: string,
    what: string,
    endpoint: 'query' | 'queryAll' = 'query',
  ): Promise<SfRecord[]> {
    const records: SfRecord[] = [];
    let url = `/${endpoint}?q=${encodeURIComponent(soql)}`;
    for (;;) {
      const page = await call<unknown>({ method: 'GET', url }, what);
      if (!isQueryPage(page)) {
        throw unavailable(`Salesforce answered ${what} with something that is not a query result.`);
      }
      records.push(...page.records);
      if (page.done || !page.nextRecordsUrl) return records;
      url = page.nextRecordsUrl;
    }
  }

  return { call, query, unavailable };
}
