import type { FastifyServerOptions } from 'fastify';
import type { ServerConfig } from '../config.ts';

/**
 * pino's options for the server's log: the level from configuration, and the headers that carry
 * credentials removed wherever a serializer or a handler would print them.
 */
export function loggerOptions(config: Pick<ServerConfig, 'logLevel'>) {
  return {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  } satisfies FastifyServerOptions['logger'];
}
