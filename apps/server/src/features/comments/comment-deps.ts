import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@bastion/db/client';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import type { ApproverQuoteAccess } from '../../core/quotes/visibility.repository.ts';

/** What the comment changes need: the database, the outbox and who else may read a quote. */
export interface CommentDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  approverAccess: ApproverQuoteAccess | undefined;
  log: FastifyBaseLogger;
}
