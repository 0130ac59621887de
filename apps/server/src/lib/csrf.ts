import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return origin;
  if (origin === 'null') return 'null';
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return request.headers['transfer-encoding'] !== undefined;
}

function isJson(contentType: string | undefined): boolean {
  const mime = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return mime === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(mime);
}

/**
 * Cross-site request forgery defence (docs/decisions/004-csrf.md): SameSite=Lax cookies, the
 * Origin (or Referer) of every state-changing call must be our own or a configured one, and
 * bodies must be JSON, which a cross-site HTML form cannot send.
 */
export function registerCsrfProtection(
  app: FastifyInstance,
  options: { allowedOrigins: readonly string[] },
) {
  const configured = new Set(options.allowedOrigins);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = originOf(request);
    if (origin !== null) {
      const own = `${request.protocol}://${request.host}`;
      if (origin !== own && !configured.has(origin)) {
        throw new AppError('CSRF_REJECTED', 'This request came from a site that is not allowed.', {
          logMessage: `cross-site request refused: origin ${origin}, host ${request.host}`,
        });
      }
    }
    if (hasBody(request) && !isJson(request.headers['content-type'])) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the request body as JSON (Content-Type: application/json).',
      );
    }
  });
}
