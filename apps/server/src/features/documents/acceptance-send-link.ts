import { formatDateTime } from '@bastion/domain/format/date-time';
import type { SentAcceptanceLink } from '@bastion/domain/documents/acceptance-schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { appNow } from '../../lib/clock.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { hashOpaqueToken, newOpaqueToken } from '../../core/access/opaque-token.ts';
import {
  quoteActorOf,
  recordQuoteEvent,
  STALE_QUOTE_MESSAGE,
} from '../../core/quotes/quote-writes.repository.ts';
import {
  requireQuoteForReader,
  type ApproverQuoteAccess,
} from '../../core/quotes/visibility.repository.ts';
import { findAcceptanceLink, insertAcceptanceLink } from './acceptance.repository.ts';
import {
  ACCEPTANCE_OFF_MESSAGE,
  acceptanceLinkOf,
  isAcceptanceEnabled,
  requireAcceptanceManager,
} from './acceptance-records.ts';
import { generateQuoteDocument } from './generate-quote-document.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const NOT_APPROVED_MESSAGE =
  'Only an approved quote can be sent to the customer for acceptance.';

export interface AcceptanceDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  approverAccess: ApproverQuoteAccess;
}

/** The customer's page for a token (apps/web: /accept/:token). */
export const acceptanceUrlOf = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/accept/${token}`;

/**
 * Sends an approved quote's PDF to the customer as a link that expires and cannot be guessed
 * (issue 17, point 4): the PDF is generated and stored now, so the customer reads exactly the
 * bytes whose SHA-256 the acceptance will record. Only the token's hash is kept; the URL is
 * answered this once, for the sender to copy into their own e-mail.
 */
export async function sendAcceptanceLink(
  deps: AcceptanceDeps,
  caller: AuthContext,
  input: {
    quote_id: string;
    version: number;
    recipient_name: string;
    recipient_email: string;
    expires_in_days: number;
  },
  now = appNow(),
): Promise<SentAcceptanceLink> {
  const { db } = deps;
  const quote = await requireQuoteForReader(db, caller, input.quote_id, deps.approverAccess);
  requireAcceptanceManager(caller, quote);
  if (!(await isAcceptanceEnabled(db))) throw new AppError('CONFLICT', ACCEPTANCE_OFF_MESSAGE);
  if (quote.version !== input.version) throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);
  if (quote.statusId !== 'APPROVED') throw new AppError('CONFLICT', NOT_APPROVED_MESSAGE);

  const { document } = await generateQuoteDocument(
    { db, approverAccess: deps.approverAccess },
    caller,
    {
      quoteId: quote.id,
      format: 'pdf',
      name: quote.quoteNumber,
      sentTo: `${input.recipient_name} <${input.recipient_email}>`,
    },
    now,
  );
  // The quote changed while its document was made: the link would be dead on arrival.
  if (document.quote_version !== input.version) {
    throw new AppError('CONFLICT', STALE_QUOTE_MESSAGE);
  }

  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + input.expires_in_days * DAY_MS);
  const link = await insertAcceptanceLink(db, {
    quoteId: quote.id,
    tokenHash: hashOpaqueToken(token),
    documentId: document.id,
    quoteVersion: input.version,
    recipientName: input.recipient_name,
    recipientEmail: input.recipient_email,
    sentBy: caller.userId,
    // Written with the app's clock, which expiry is judged by (browser tests move it).
    sentAt: now,
    expiresAt,
  });
  const url = acceptanceUrlOf(deps.publicUrl, token);
  const until = formatDateTime(expiresAt.getTime() / 1000);
  await deps.mailer.send({
    to: input.recipient_email,
    subject: `Quotation ${quote.quoteNumber}: ${quote.quoteName}`,
    text: [
      `Dear ${input.recipient_name},`,
      '',
      `Please find quotation ${quote.quoteNumber} (${quote.quoteName}) at the link below. You can read the PDF there and accept the quotation online.`,
      '',
      url,
      '',
      `The link is valid until ${until}. If you did not expect this message, you can ignore it.`,
    ].join('\n'),
    purpose: 'quote_acceptance_link',
  });
  await recordQuoteEvent(
    db,
    {
      quoteId: quote.id,
      ...quoteActorOf(caller),
      action: 'acceptance_link_sent',
      changes: [
        {
          field: 'acceptance link',
          before: null,
          after: `${input.recipient_name} <${input.recipient_email}>, valid until ${until}`,
        },
        { field: 'document', before: null, after: document.file_name },
      ],
    },
    now,
  );
  const listed = await findAcceptanceLink(db, quote.id, link.id);
  if (!listed) throw new Error('the acceptance link just sent is not there');
  return { link: acceptanceLinkOf(listed, 'active'), url };
}
