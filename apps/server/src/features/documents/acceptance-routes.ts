import type { FastifyInstance } from 'fastify';
import type { Database } from '@bastion/db/client';
import type { Mailer } from '../../lib/mailer.ts';
import type { ApproverQuoteAccess } from '../../lib/visibility.ts';

/** Customer acceptance of an approved quote's PDF through an expiring link (issue 17). */
export function registerAcceptanceRoutes(
  _app: FastifyInstance,
  _deps: { db: Database; mailer: Mailer; publicUrl: string; approverAccess: ApproverQuoteAccess },
) {}
