import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAcceptanceLinkResponse,
  ZAcceptanceRecordResponse,
  ZAcceptanceTokenParams,
  ZAcceptQuoteBody,
  ZPublicAcceptanceViewResponse,
  ZQuoteAcceptanceBody,
  ZQuoteAcceptanceResponse,
  ZRevokeAcceptanceLinkBody,
  ZSendAcceptanceLinkBody,
  ZSentAcceptanceLinkResponse,
} from '@bastion/domain/documents/acceptance-schemas';
import type { Database } from '@bastion/db/client';
import {
  addressesQuote,
  currentUser,
  DEFAULT_MAINTENANCE_MESSAGE,
  publicAccess,
  signedInAccess,
} from '../../lib/access.ts';
import { accessSettings } from '../../core/access/access-settings.repository.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/envelope.ts';
import { sendFile } from '../../lib/file-answers.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { postRoute, recordChangeRoute } from '../../lib/post-route.ts';
import type { ApproverQuoteAccess } from '../../core/quotes/visibility.repository.ts';
import { acceptQuote } from './acceptance-accept-quote.ts';
import { readAcceptanceDocument, viewAcceptanceLink } from './acceptance-public-view.ts';
import { revokeAcceptanceLink } from './acceptance-revoke-link.ts';
import { sendAcceptanceLink } from './acceptance-send-link.ts';
import { getQuoteAcceptance } from './acceptance-status.ts';

/** Customer acceptance of an approved quote's PDF through an expiring link (issue 17). */
export function registerAcceptanceRoutes(
  app: FastifyInstance,
  deps: { db: Database; mailer: Mailer; publicUrl: string; approverAccess: ApproverQuoteAccess },
) {
  const { db } = deps;

  recordChangeRoute(app, db, {
    path: '/api/dx/send-acceptance-link',
    access: signedInAccess,
    addresses: addressesQuote('quote_id'),
    entityType: 'quote',
    body: ZSendAcceptanceLinkBody,
    response: ZSentAcceptanceLinkResponse,
    handler: async (request) => {
      const sent = await sendAcceptanceLink(deps, currentUser(request), request.body);
      return {
        data: sent,
        action: 'acceptance_link_sent',
        entityId: request.body.quote_id,
        details: {
          link_id: sent.link.id,
          recipient_email: sent.link.recipient_email,
          expires_at: sent.link.expires_at,
        },
      };
    },
  });

  postRoute(app, {
    path: '/api/dx/quote-acceptance',
    access: signedInAccess,
    addresses: addressesQuote('quote_id'),
    body: ZQuoteAcceptanceBody,
    response: ZQuoteAcceptanceResponse,
    handler: (request) => getQuoteAcceptance(deps, currentUser(request), request.body.quote_id),
  });

  recordChangeRoute(app, db, {
    path: '/api/dx/revoke-acceptance-link',
    access: signedInAccess,
    addresses: addressesQuote('quote_id'),
    entityType: 'quote',
    body: ZRevokeAcceptanceLinkBody,
    response: ZAcceptanceLinkResponse,
    handler: async (request) => {
      const link = await revokeAcceptanceLink(deps, currentUser(request), request.body);
      return {
        data: link,
        action: 'acceptance_link_revoked',
        entityId: request.body.quote_id,
        details: { link_id: link.id },
      };
    },
  });

  // The customer's calls: no account, the token is the key (only its hash is stored).
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/public/acceptance/:token',
    {
      config: { access: publicAccess },
      schema: {
        params: ZAcceptanceTokenParams,
        response: { 200: ZPublicAcceptanceViewResponse },
      },
    },
    async (request) => ok(await viewAcceptanceLink(db, request.params.token)),
  );

  r.get(
    '/api/public/acceptance/:token/document',
    { config: { access: publicAccess }, schema: { params: ZAcceptanceTokenParams } },
    async (request, reply) =>
      sendFile(reply, await readAcceptanceDocument(db, request.params.token)),
  );

  r.post(
    '/api/public/acceptance/:token/accept',
    {
      config: { access: publicAccess },
      schema: {
        params: ZAcceptanceTokenParams,
        body: ZAcceptQuoteBody,
        response: { 200: ZAcceptanceRecordResponse },
      },
    },
    async (request) => {
      // The customer has no session for the guard to hold: an acceptance is a write, so it waits
      // for the end of maintenance like every user's (reading the quotation does not).
      const settings = await accessSettings(deps.db);
      if (settings.isMaintenanceOn) {
        throw new AppError(
          'MAINTENANCE',
          settings.maintenanceMessage || DEFAULT_MAINTENANCE_MESSAGE,
        );
      }
      const record = await acceptQuote(
        { ...deps, log: request.log },
        request.params.token,
        request.body,
        {
          address: request.ip,
          userAgent: z.string().catch('').parse(request.headers['user-agent']),
        },
      );
      return ok(record);
    },
  );
}
