import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { ServerConfig } from '../config.ts';

/**
 * Secrets that travel in a URL: an e-mailed approval link's token in its path (issue 37) and a
 * `token` query parameter (password links). Logged URLs carry "…" instead.
 */
export function withoutUrlSecrets(url: string): string {
  return url.replace(/(\/approval-link\/)[^/?#]+/, '$1…').replace(/([?&]token=)[^&#]*/g, '$1…');
}

/**
 * pino's options for the server's log: the level from configuration, and the headers that carry
 * credentials removed wherever a serializer or a handler would print them; request URLs without
 * the secrets links carry (fastify's request serializer otherwise).
 */
export function loggerOptions(config: Pick<ServerConfig, 'logLevel'>) {
  return {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: withoutUrlSecrets(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  } satisfies FastifyServerOptions['logger'];
}
