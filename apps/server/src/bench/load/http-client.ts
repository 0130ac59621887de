import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { CallStats } from './call-stats.ts';

/*
 * The simulated users' HTTP: node:http over one keep-alive agent (the load generator shares the
 * two cores with the servers, so it should cost as little as it can), a session cookie per user,
 * and every call timed into the shared statistics under its name.
 */

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, keepAliveMsecs: 10_000 });

export class CallFailed extends Error {
  constructor(
    readonly call: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${call}: HTTP ${status} ${body.slice(0, 200)}`);
  }
}

interface Answer {
  status: number;
  body: string;
  setCookie: string[];
}

function send(base: URL, path: string, body: unknown, cookie: string | null): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path,
        method: payload === undefined ? 'GET' : 'POST',
        headers: {
          accept: 'application/json',
          // What a browser on the app's own page sends: the CSRF check sees its own origin.
          origin: base.origin,
          ...(payload === undefined
            ? {}
            : {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(payload),
              }),
          ...(cookie ? { cookie } : {}),
        },
        timeout: 60_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            setCookie: response.headers['set-cookie'] ?? [],
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out after 60 s')));
    request.on('error', reject);
    request.end(payload);
  });
}

/** One simulated browser: its session cookie and its calls, timed under their names. */
export class BenchClient {
  private cookie: string | null = null;

  constructor(
    private readonly base: URL,
    /** Where the calls are timed; another run may reuse the signed-in client with its own. */
    public stats: CallStats | null,
  ) {}

  get isSignedIn(): boolean {
    return this.cookie !== null;
  }

  /** POSTs `body` (GET without one) and answers the envelope's `data`; a non-200 throws. */
  async call<T>(name: string, path: string, body?: unknown): Promise<T> {
    const started = performance.now();
    let answer: Answer;
    try {
      answer = await send(this.base, path, body, this.cookie);
    } catch (error) {
      this.stats?.record(name, performance.now() - started, `network: ${String(error)}`);
      throw new CallFailed(name, 0, String(error));
    }
    const elapsed = performance.now() - started;
    if (answer.status !== 200) {
      this.stats?.record(name, elapsed, `HTTP ${answer.status} ${answer.body.slice(0, 160)}`);
      throw new CallFailed(name, answer.status, answer.body);
    }
    this.stats?.record(name, elapsed, null);
    for (const header of answer.setCookie) {
      const pair = header.split(';')[0] ?? '';
      if (pair.startsWith('bastion_session=')) this.cookie = pair;
    }
    return (JSON.parse(answer.body) as { data: T }).data;
  }
}

export function closeConnections(): void {
  agent.destroy();
}
