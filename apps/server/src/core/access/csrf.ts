import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

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

const mimeOf = (contentType: string | undefined) =>
  (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

function isJson(contentType: string | undefined): boolean {
  const mime = mimeOf(contentType);
  return mime === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(mime);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An upload route: it takes multipart/form-data from a caller that names its origin. */
    acceptsUploads?: boolean;
  }
}

/**
 * A cross-site HTML form can post multipart/form-data, so an upload is taken only by a route
 * made for it and only with an Origin (or Referer) of our own, which browsers always send with
 * a POST from a page.
 */
function isUploadFromOwnPage(request: FastifyRequest, origin: string | null): boolean {
  return (
    request.routeOptions.config.acceptsUploads === true &&
    origin !== null &&
    mimeOf(request.headers['content-type']) === 'multipart/form-data'
  );
}

/**
 * Cross-site request forgery defence (docs/decisions/004-csrf.md): SameSite=Lax cookies, the
 * Origin (or Referer) of every state-changing call must be our own or a configured one, and
 * bodies must be JSON, which a cross-site HTML form cannot send; uploads (multipart) only to
 * upload routes, with an Origin.
 */
export function registerCsrfProtection(
  app: FastifyInstance,
  options: { allowedOrigins: readonly string[] },
) {
  const configured = new Set(options.allowedOrigins);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = originOf(request);
    // A call with an API token is authenticated by the header alone (the cookie is not read), and
    // no page of another site can add that header without a CORS preflight we never grant.
    const carriesToken = request.headers.authorization !== undefined;
    if (origin !== null && !carriesToken) {
      const own = `${request.protocol}://${request.host}`;
      if (origin !== own && !configured.has(origin)) {
        throw new AppError('CSRF_REJECTED', 'This request came from a site that is not allowed.', {
          logMessage: `cross-site request refused: origin ${origin}, host ${request.host}`,
        });
      }
    }
    if (
      hasBody(request) &&
      !isJson(request.headers['content-type']) &&
      !isUploadFromOwnPage(request, origin)
    ) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Send the request body as JSON (Content-Type: application/json).',
      );
    }
  });
}
