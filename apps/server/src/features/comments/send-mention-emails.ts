import type { FastifyBaseLogger } from 'fastify';
import type { QuoteCommentKind } from '@bastion/domain/comments/comment-rules';
import { plainBody } from '@bastion/domain/comments/mentions';
import type { Mailer } from '../../integrations/mail/mailer.ts';
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
 * the quote in its state, through the outbox. The comment is saved already: a mail that cannot
 * be queued is logged, not turned into a failure of the comment.
 */
export async function sendMentionEmails(
  deps: { mailer: Mailer; publicUrl: string; log: FastifyBaseLogger },
  mail: MentionMail,
): Promise<void> {
  const { quote, author } = mail;
  const what = mail.kind === 'note' ? 'an internal note' : 'a comment';
  const link = `${deps.publicUrl}${targetPathOfQuote(quote)}`;
  const customer = quote.accountName ? ` for ${quote.accountName}` : '';
  for (const person of mail.recipients) {
    if (person.id === author.id) continue;
    try {
      await deps.mailer.send({
        to: person.email,
        subject: `${author.name} mentioned you on quote ${quote.quoteNumber}`,
        text: [
          `Hello ${person.name},`,
          '',
          `${author.name} mentioned you in ${what} on quote ${quote.quoteNumber} "${quote.quoteName}"${customer}:`,
          '',
          plainBody(mail.body),
          '',
          `Open the quote: ${link}`,
        ].join('\n'),
        purpose: MENTION_MAIL_PURPOSE,
      });
    } catch (error) {
      deps.log.error({ err: error, quoteId: quote.id }, 'mention e-mail not queued');
    }
  }
}
