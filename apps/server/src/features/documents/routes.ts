import type { FastifyInstance } from 'fastify';
import type { Database } from '@bastion/db/client';
import type { Mailer } from '../../lib/mailer.ts';
import type { ApproverQuoteAccess } from '../../lib/visibility.ts';

/** Quote documents (PDF and DOCX) generated from a quote, stored with their SHA-256 (issue 17). */
export function registerDocumentRoutes(
  _app: FastifyInstance,
  _deps: { db: Database; mailer: Mailer; publicUrl: string; approverAccess: ApproverQuoteAccess },
) {}
