import type { FastifyBaseLogger } from 'fastify';
import type { QuoteCommentKind } from '@bastion/domain/comments/comment-rules';
import { plainBody } from '@bastion/domain/comments/mentions';
import type { Database } from '@bastion/db/client';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { notify } from '../../core/notifications/notify.ts';
import { targetPathOfQuote } from '../../core/quotes/quote-target-path.ts';
import type { QuoteRow } from '../../core/quotes/quote-writes.repository.ts';
import type { PersonRow } from './comments.repository.ts';

export const MENTION_MAIL_PURPOSE = 'quote_mention';

export interface MentionMail {
  quote: QuoteRow;
  author: { id: string; name: string };
  kind: QuoteCommentKind;
  body: string;
  /** The people newly mentioned; the author is never mailed about their own words. */
  recipients: readonly PersonRow[];
}

/**
 * Tells each person mentioned who wrote what on which quote, with a link to the page that opens
 * the quote in its state: in their bell, and by e-mail as they chose (decision 042). The comment
 * is saved already: a notice that cannot be recorded is logged, not turned into a failure of it.
 */
export async function sendMentionEmails(
  deps: { db: Database; mailer: Mailer; publicUrl: string; log: FastifyBaseLogger },
  mail: MentionMail,
  now = new Date(),
): Promise<void> {
  const { quote, author } = mail;
  const what = mail.kind === 'note' ? 'an internal note' : 'a comment';
  const path = targetPathOfQuote(quote);
  const customer = quote.accountName ? ` for ${quote.accountName}` : '';
  const subject = `${author.name} mentioned you on quote ${quote.quoteNumber}`;
  await notify(
    deps,
    'mentioned',
    mail.recipients
      .filter((person) => person.id !== author.id)
      .map((person) => ({
        userId: person.id,
        email: person.email,
        quoteId: quote.id,
        title: subject,
        body: plainBody(mail.body).slice(0, 280),
        linkPath: path,
        mail: {
          subject,
          text: [
            `Hello ${person.name},`,
            '',
            `${author.name} mentioned you in ${what} on quote ${quote.quoteNumber} "${quote.quoteName}"${customer}:`,
            '',
            plainBody(mail.body),
            '',
            `Open the quote: ${deps.publicUrl}${path}`,
          ].join('\n'),
          purpose: MENTION_MAIL_PURPOSE,
        },
      })),
    now,
  );
}
