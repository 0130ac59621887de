import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Database } from '@bastion/db/client';
import type { ServerConfig } from './config.ts';
import { registerApprovalAdminRoutes } from './features/approval-admin/routes.ts';
import { registerAppSettingRoutes } from './features/app-settings/routes.ts';
import { registerBroadcastRoutes } from './features/broadcasts/routes.ts';
import { registerNotificationRoutes } from './features/notifications/routes.ts';
import { registerDealOptionRoutes } from './features/deal-options/routes.ts';
import { registerGlobalAccountRoutes } from './features/global-accounts/routes.ts';
import { registerReportRoutes } from './features/reports/routes.ts';
import { registerSearchRoutes } from './features/search/routes.ts';
import { findQuoteAsApprover } from './features/approvals/approval-state.ts';
import { registerApprovalRoutes } from './features/approvals/routes.ts';
import { registerAttachmentRoutes } from './features/attachments/routes.ts';
import { registerAuthRoutes } from './features/auth/routes.ts';
import { registerCatalogRoutes } from './features/catalog/routes.ts';
import { registerCatalogAdminRoutes } from './features/catalog-admin/routes.ts';
import { registerCatalogPriceRoutes } from './features/catalog-admin/price-routes.ts';
import { registerPricingMethodRoutes } from './features/catalog-admin/pricing-method-routes.ts';
import { registerProductRuleRoutes } from './features/catalog-admin/product-rule-routes.ts';
import { registerPriceBookRoutes } from './features/price-books/routes.ts';
import { registerCommentRoutes } from './features/comments/routes.ts';
import { registerRevisionRoutes } from './features/revisions/routes.ts';
import { registerCrmRoutes } from './features/crm/routes.ts';
import { registerExchangeRateRoutes } from './features/exchange-rates/routes.ts';
import { registerAcceptanceRoutes } from './features/documents/acceptance-routes.ts';
import { registerDocumentRoutes } from './features/documents/routes.ts';
import { registerFormRoutes } from './features/forms/routes.ts';
import { registerGoogleSignInRoutes } from './features/google-sign-in/routes.ts';
import { registerImpersonationRoutes } from './features/impersonation/routes.ts';
import { registerMaintenanceRoutes } from './features/maintenance/routes.ts';
import { registerMarginDataRoutes } from './features/margin-data/routes.ts';
import { registerQuoteRoutes } from './features/quotes/routes.ts';
import { registerRenewalQuoteRoutes } from './features/quotes/renewal-routes.ts';
import { registerRenewalRoutes } from './features/renewals/routes.ts';
import { resolveSessionOnce, type ResolvedSession } from './features/auth/resolve-session.ts';
import { registerSessionFlagRoutes } from './features/session-flags/routes.ts';
import { registerSystemRoutes } from './features/system/routes.ts';
import { registerTermsRoutes } from './features/terms/routes.ts';
import { registerUserAdminRoutes } from './features/users/routes.ts';
import { registerWebhookRoutes } from './features/webhooks/routes.ts';
import { logRuleFailuresTo } from './core/pricing/product-rule-inputs.repository.ts';
import { publicAccess, registerAccessGuard } from './lib/access.ts';
import { registerCsrfProtection } from './core/access/csrf.ts';
import { registerErrorHandling } from './lib/http-errors.ts';
import { registerApiDocs } from './lib/openapi.ts';
import { loggerOptions } from './lib/logging.ts';
import { registerRateLimiting } from './lib/rate-limit.ts';
import { validatorCompiler } from './lib/request-validation.ts';
import { registerRouteCatalog } from './lib/route-catalog.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { registerSessionCache } from './core/access/session-cache.ts';
import type { CrmAdapter } from './integrations/crm/crm-adapter.ts';
import { createCrmAdapter } from './integrations/crm/create-crm-adapter.ts';
import { createMailer } from './integrations/mail/mailer.ts';

/**
 * Text worth compressing: JSON, text, XML and SVG. Not octet-stream, PDF, DOCX, images or
 * archives: attachments and documents are mostly compressed already.
 */
const COMPRESSIBLE_TYPES =
  /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|^image\/svg\+xml/;

export interface AppDependencies {
  config: ServerConfig;
  db: Database;
  version: string;
  logger?: FastifyServerOptions['logger'];
  /** The CRM to use instead of the configured one (tests). */
  crmAdapter?: CrmAdapter;
}

export async function buildApp({ config, db, version, logger, crmAdapter }: AppDependencies) {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    genReqId: () => randomUUID(),
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
  });
  registerRouteCatalog(app);
  // A product rule that fails while pricing is skipped there and logged here (issue 34).
  logRuleFailuresTo(app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The existing client may POST named calls with an empty body and a JSON content type.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, done);
  });

  await app.register(cookie);
  // API answers over 1 KB go out compressed when the client accepts it (issue 20). Brotli at
  // quality 4 compresses about as fast as gzip and smaller. Registered before any route: it
  // hooks each route as it is added. Answers already compressed (the web build's .br and .gz
  // files) pass untouched.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    customTypes: COMPRESSIBLE_TYPES,
  });
  await registerSecurityHeaders(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const indexFile = config.webDistDir ? path.join(config.webDistDir, 'index.html') : null;
  const spaIndex = indexFile && existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  registerErrorHandling(app, { spaIndex });
  registerCsrfProtection(app, { allowedOrigins: config.allowedOrigins });
  const sessionCache = await registerSessionCache<ResolvedSession>(app, {
    db,
    ttlMs: config.session.cacheSeconds * 1000,
  });
  const resolveCaller = (request: FastifyRequest) =>
    resolveSessionOnce(db, config, request, sessionCache);
  registerAccessGuard(app, resolveCaller);
  await registerRateLimiting(app, { db, config, resolveCaller });
  // Before the routes: the OpenAPI document collects each route as it is added.
  await registerApiDocs(app, { sessionCookie: config.session.cookieName });

  registerSystemRoutes(app, {
    db,
    webDistDir: config.webDistDir,
    fallbackVersion: version,
    testClock: config.testClock,
  });
  const mailer = createMailer(db, config, app.log);
  registerAuthRoutes(app, { db, config, mailer });
  registerGoogleSignInRoutes(app, { db, config });
  registerSessionFlagRoutes(app, { db });
  registerUserAdminRoutes(app, { db, config, mailer });
  registerImpersonationRoutes(app, { db });
  registerMaintenanceRoutes(app, { db });
  registerFormRoutes(app, { db });
  const crm = crmAdapter ?? createCrmAdapter(db, config);
  registerCrmRoutes(app, { db, config, adapter: crm });
  registerQuoteRoutes(app, { db, crm, approverAccess: findQuoteAsApprover });
  registerRenewalQuoteRoutes(app, { db, crm });
  registerRenewalRoutes(app, { db });
  registerCatalogRoutes(app, { db });
  registerCatalogAdminRoutes(app, { db });
  registerCatalogPriceRoutes(app, { db });
  registerPricingMethodRoutes(app, { db });
  registerProductRuleRoutes(app, { db });
  registerPriceBookRoutes(app, { db });
  registerTermsRoutes(app, { db, approverAccess: findQuoteAsApprover });
  registerMarginDataRoutes(app, { db });
  registerExchangeRateRoutes(app, { db });
  registerApprovalAdminRoutes(app, { db });
  registerApprovalRoutes(app, { db, crm, mailer, publicUrl: config.publicUrl });
  registerReportRoutes(app, { db });
  registerSearchRoutes(app, { db });
  registerBroadcastRoutes(app, { db });
  registerNotificationRoutes(app, { db, mailer, publicUrl: config.publicUrl });
  registerDealOptionRoutes(app, { db, crm });
  registerGlobalAccountRoutes(app, { db });
  registerAppSettingRoutes(app, { db });
  registerWebhookRoutes(app, { db, config });
  const quoteFileDeps = {
    db,
    mailer,
    publicUrl: config.publicUrl,
    approverAccess: findQuoteAsApprover,
  };
  registerDocumentRoutes(app, quoteFileDeps);
  registerAcceptanceRoutes(app, quoteFileDeps);
  registerAttachmentRoutes(app, quoteFileDeps);
  registerCommentRoutes(app, quoteFileDeps);
  registerRevisionRoutes(app, { db, approverAccess: findQuoteAsApprover });

  if (config.webDistDir && spaIndex !== null) {
    const root = config.webDistDir;
    // The built app is public content: mark its routes so the deny-by-default guard lets them by.
    await app.register(async (assets) => {
      assets.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: publicAccess };
        // Files, not API: left out of the OpenAPI document.
        route.schema = { ...route.schema, hide: true };
      });
      await assets.register(fastifyStatic, {
        root,
        index: false,
        // One route per file of the build, found once at start: a wildcard route would list the
        // build's directories on every request to check the path's spelling (a tenth of the
        // server's CPU while the browser tests ran). The build does not change while it runs.
        wildcard: false,
        // Compressed copies are chosen by Accept-Encoding; meta.json has its own uncached route.
        globIgnore: [
          '**/*.br',
          '**/*.gz',
          'meta.json',
          ...(config.serveSourceMaps ? [] : ['**/*.map']),
        ],
        // The build writes a .br and a .gz next to each text file (apps/web/compress-assets.ts):
        // sent by Accept-Encoding, with Vary, so no request compresses them again.
        preCompressed: true,
        // Source maps publish the source; only where the operator asks for them.
        allowedPath: (pathName) => config.serveSourceMaps || !pathName.endsWith('.map'),
        // Hashed assets can be cached for ever; index.html is served by the not-found handler.
        setHeaders: (reply, filePath) => {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            reply.header('cache-control', 'public, max-age=31536000, immutable');
          }
        },
      });
      assets.get('/', (_request, reply) =>
        reply.type('text/html').header('cache-control', 'no-cache').send(spaIndex),
      );
    });
  }
  return app;
}
