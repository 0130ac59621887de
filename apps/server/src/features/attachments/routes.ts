import type { FastifyInstance } from 'fastify';
import type { Database } from '@bastion/db/client';
import type { Mailer } from '../../lib/mailer.ts';
import type { ApproverQuoteAccess } from '../../lib/visibility.ts';

/** Files attached to a quote: upload, list, download, 40-second links, delete (issue 17). */
export function registerAttachmentRoutes(
  _app: FastifyInstance,
  _deps: { db: Database; mailer: Mailer; publicUrl: string; approverAccess: ApproverQuoteAccess },
) {}
