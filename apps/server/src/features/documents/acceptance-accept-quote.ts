import type { AcceptanceRecord } from '@bastion/domain/documents/acceptance-schemas';
import type { Database } from '@bastion/db/client';
import { AppError } from '../../lib/app-error.ts';
import { appNow } from '../../lib/clock.ts';
import { recordInstalledBase } from '../../core/renewals/installed-base.repository.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { notify, type NotifyDeps } from '../../core/notifications/notify.ts';
import { writeQuoteAtVersion } from '../../core/quotes/quote-writes.repository.ts';
import { findUserEmail, insertAcceptance, type AcceptanceRow } from './acceptance.repository.ts';
import { acceptanceRecordOf, customerNameOf, linkRefusal } from './acceptance-records.ts';
import { openAcceptanceLink } from './acceptance-public-view.ts';

export const QUOTE_CHANGED_MESSAGE =
  'This quote has changed since this link was sent. Ask your contact for a new link.';

/** Where the request came from, as recorded with the acceptance. */
export interface AcceptingClient {
  /** request.ip: the proxy's forwarded address when TRUST_PROXY says to believe it. */
  address: string;
  userAgent: string;
}

/**
 * The customer accepts through their link (no account): the acceptance is recorded with the
 * time, the client's address, the document's SHA-256 and the quote's version, and the quote moves
 * APPROVED → ACCEPTED at the version the link was sent at, in one transaction that also ends the
 * quote's other links. A quote that changed since refuses. The owner is told by e-mail.
 */
export async function acceptQuote(
  deps: { db: Database; mailer: Mailer; publicUrl: string; log: NotifyDeps['log'] },
  token: string,
  input: { name: string; title: string; email: string; agreed: true },
  client: AcceptingClient,
  now = appNow(),
): Promise<AcceptanceRecord> {
  const { db } = deps;
  const { found, state } = await openAcceptanceLink(db, token, now);
  if (state !== 'active') throw linkRefusal(state);
  const { link, quote } = found;
  if (quote.statusId !== 'APPROVED') throw new AppError('CONFLICT', QUOTE_CHANGED_MESSAGE);

  const customer = customerNameOf(input);
  let accepted: AcceptanceRow | null = null;
  const written = await writeQuoteAtVersion(
    db,
    {
      quoteId: quote.id,
      expectedVersion: link.quoteVersion,
      set: { statusId: 'ACCEPTED', acceptedAt: now },
      changes: [
        { field: 'status_id', before: quote.statusId, after: 'ACCEPTED' },
        { field: 'customer', before: null, after: customer },
        { field: 'customer e-mail', before: null, after: input.email },
        { field: 'document', before: null, after: found.documentFileName },
        { field: 'document sha256', before: null, after: found.documentSha256 },
      ],
      action: 'customer_accepted',
      // A customer is not a user: the history names them in its changes.
      actorUserId: null,
      kind: 'lifecycle',
      // A lock holds the sellers' edits; the customer accepts what was already sent.
      ignoresLock: true,
    },
    now,
    async (tx) => {
      await recordInstalledBase(tx, quote, now);
      accepted = await insertAcceptance(
        tx,
        {
          quoteId: quote.id,
          linkId: link.id,
          documentId: link.documentId,
          documentSha256: found.documentSha256,
          quoteVersion: link.quoteVersion,
          acceptedName: input.name,
          acceptedTitle: input.title,
          acceptedEmail: input.email,
          agreed: input.agreed,
          clientAddress: client.address,
          userAgent: client.userAgent.slice(0, 500),
          acceptedAt: now,
        },
        now,
      );
    },
  );
  const record = accepted as AcceptanceRow | null;
  if (!written || !record) {
    // Someone wrote first: say what happened (accepted through another link, or changed).
    const after = await openAcceptanceLink(db, token, now);
    if (after.state !== 'active') throw linkRefusal(after.state);
    throw new AppError('CONFLICT', QUOTE_CHANGED_MESSAGE);
  }

  const owner = quote.ownerUserId ? await findUserEmail(db, quote.ownerUserId) : null;
  if (owner && !owner.isDisabled && quote.ownerUserId) {
    const summaryPath = `/cpq/quote-summary/${quote.id}/${quote.quoteType}`;
    const subject = `Quote ${quote.quoteNumber} accepted by ${input.name}`;
    await notify(
      deps,
      'quote_accepted',
      [
        {
          userId: quote.ownerUserId,
          email: owner.email,
          quoteId: quote.id,
          title: subject,
          body: `${customer} accepted version ${link.quoteVersion} of ${quote.quoteName}.`,
          linkPath: summaryPath,
          mail: {
            subject,
            text: [
              `${customer} (${input.email}) accepted quote ${quote.quoteNumber} (${quote.quoteName}), version ${link.quoteVersion}.`,
              `Document: ${found.documentFileName}, SHA-256 ${found.documentSha256}.`,
              '',
              `The acceptance record is on the quote's summary: ${deps.publicUrl.replace(/\/+$/, '')}${summaryPath}`,
            ].join('\n'),
            purpose: 'quote_accepted',
          },
        },
      ],
      now,
    );
  }
  return acceptanceRecordOf(record, found.documentFileName);
}
