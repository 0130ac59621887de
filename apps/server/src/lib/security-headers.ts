import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every answer (docs/decisions/015-security-headers.md). The
 * built app is one module script and one stylesheet from /assets, so nothing inline is allowed.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  // Bootstrap's CSS draws form controls with data: SVGs; QR codes will come as data URLs.
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

export const HSTS = 'max-age=31536000; includeSubDomains';

const isApiUrl = (url: string) => /^\/api(?:[/?]|$)/.test(url);

/**
 * helmet's headers on every answer (API, assets, index.html, errors and 404s: it runs on
 * request), HSTS only over TLS, and no caching of API answers unless a route says otherwise.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // Sent per request below: over plain http (local development) it would be ignored at best,
    // and behind a TLS proxy only request.protocol knows the client's scheme.
    strictTransportSecurity: false,
    // The CSRF check falls back to Referer when a browser sends no Origin (decision 004).
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // Answers carry personal and commercial data: no browser or proxy may keep a copy.
    if (isApiUrl(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
}
