import type { FastifyInstance } from 'fastify';
import { randomIp } from '../test/test-app.ts';

/**
 * One way to call the API whether the server is the in-process app (`inject`) or real
 * processes over HTTP, so the same concurrency scenarios run against one app and against two
 * server instances sharing a database.
 */
export interface Answer {
  status: number;
  body: unknown;
  /** `name=value` of the session cookie the answer set, if any. */
  sessionCookie: string | null;
}

export interface Api {
  /** Where the call went, for messages ("A", "B", "in-process"). */
  readonly name: string;
  post(url: string, payload: object, cookie?: string): Promise<Answer>;
  get(url: string, cookie?: string): Promise<Answer>;
}

export const SESSION_COOKIE = 'bastion_session';

function sessionCookieOf(setCookies: readonly string[]): string | null {
  for (const header of setCookies) {
    const [pair] = header.split(';');
    if (pair?.startsWith(`${SESSION_COOKIE}=`) && pair.length > SESSION_COOKIE.length + 1) {
      return pair.trim();
    }
  }
  return null;
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** The in-process app; its calls come from an address of their own (per-address limits). */
export function injectApi(app: FastifyInstance, name = 'in-process', ip = randomIp()): Api {
  const send = async (method: 'GET' | 'POST', url: string, payload?: object, cookie?: string) => {
    const response = await app.inject({
      method,
      url,
      remoteAddress: ip,
      ...(payload ? { payload } : {}),
      headers: cookie ? { cookie } : {},
    });
    const raw = response.headers['set-cookie'];
    const setCookies = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    return {
      status: response.statusCode,
      body: parse(response.body),
      sessionCookie: sessionCookieOf(setCookies),
    };
  };
  return {
    name,
    post: (url, payload, cookie) => send('POST', url, payload, cookie),
    get: (url, cookie) => send('GET', url, undefined, cookie),
  };
}

/**
 * A running server over HTTP. Requests carry no Origin (as a non-browser client's do), which
 * the CSRF check allows, and a JSON body.
 */
export function httpApi(baseUrl: string, name: string): Api {
  const send = async (method: 'GET' | 'POST', url: string, payload?: object, cookie?: string) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        ...(payload ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
      },
      ...(payload ? { body: JSON.stringify(payload) } : {}),
    });
    return {
      status: response.status,
      body: parse(await response.text()),
      sessionCookie: sessionCookieOf(response.headers.getSetCookie()),
    };
  };
  return {
    name,
    post: (url, payload, cookie) => send('POST', url, payload, cookie),
    get: (url, cookie) => send('GET', url, undefined, cookie),
  };
}

/** The `data` of a 200 answer; anything else fails with what the server said. */
export function dataOf<T>(answer: Answer, what: string): T {
  if (answer.status !== 200) {
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return (answer.body as { data: T }).data;
}

/** The message of a refusal (the error envelope of decision 005). */
export function messageOf(answer: Answer): string {
  const body = answer.body as { message?: unknown } | null;
  return typeof body?.message === 'string' ? body.message : JSON.stringify(answer.body);
}

export async function signIn(
  api: Api,
  credentials: { email: string; password: string },
): Promise<string> {
  const answer = await api.post('/api/security/auth/login', credentials);
  if (answer.status !== 200 || !answer.sessionCookie) {
    throw new Error(`sign-in of ${credentials.email} on ${api.name}: ${answer.status}`);
  }
  return answer.sessionCookie;
}
