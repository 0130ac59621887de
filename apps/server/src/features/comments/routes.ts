import type { FastifyInstance } from 'fastify';
import type { Database } from '@bastion/db/client';
import type { Mailer } from '../../lib/mailer.ts';
import type { ApproverQuoteAccess } from '../../lib/visibility.ts';

/** Comments and internal notes on a quote, with @-mentions (issue 17). */
export function registerCommentRoutes(
  _app: FastifyInstance,
  _deps: { db: Database; mailer: Mailer; publicUrl: string; approverAccess: ApproverQuoteAccess },
) {}
