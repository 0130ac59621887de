import type { DealOptions, SetQuoteOptionBody } from '@bastion/domain/deal-options/api';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CrmAdapter } from '../../integrations/crm/crm-adapter.ts';
import { writeBackNewQuote } from '../../integrations/crm/write-back-new-quote.ts';
import { announceProductsDue } from '../../core/crm-products/products-due.ts';
import { quoteHeadingOf } from '../../core/quotes/quote-heading.ts';
import { listOpportunityQuotes, makePrimary } from '../../core/quotes/primary-quote.repository.ts';
import {
  quoteActorOf,
  recordQuoteEvent,
  userNameOf,
  type QuoteRow,
} from '../../core/quotes/quote-writes.repository.ts';
import {
  findVisibleQuote,
  requireVisibleQuote,
  viewerOf,
} from '../../core/quotes/visibility.repository.ts';
import { setOptionLabel } from './deal-options.repository.ts';

/*
 * Issue 37 (decision 043): the quotes of one opportunity as the options of its deal, and its
 * primary quote. Naming an option and choosing the primary change nothing a quote says (no new
 * version, no approval affected): each is a history event of the quotes concerned.
 */

export interface DealOptionDeps {
  db: Database;
  crm: CrmAdapter;
  log: { warn: (details: object, message: string) => void };
}

/** Why the caller may not name options or choose the primary here; null when they may. */
function changeBlockedOf(
  caller: AuthContext,
  quote: QuoteRow,
  siblings: readonly QuoteRow[],
): string | null {
  if (!caller.permissions.can_create_quote && !caller.permissions.is_deal_desk_user) {
    return 'Only those who make quotes, and the deal desk, name options and choose the primary quote.';
  }
  if (quote.quoteType === 'LEGACY') return 'Legacy quotes are read-only.';
  if (quote.opportunityId === null) return 'This quote has no opportunity, so it has no options.';
  const won = siblings.find((s) => s.statusId === 'COMPLETED');
  if (won) {
    return `${won.quoteNumber} won this deal: it stays the primary quote, and the options are kept as they were.`;
  }
  return null;
}

async function optionsOf(
  db: Database,
  caller: AuthContext,
  quote: QuoteRow,
): Promise<{ answer: DealOptions; siblings: QuoteRow[] }> {
  const all = quote.opportunityId ? await listOpportunityQuotes(db, quote.opportunityId) : [quote];
  const viewer = viewerOf(caller);
  const visible: QuoteRow[] = [];
  for (const sibling of all) {
    if (sibling.id === quote.id || (await findVisibleQuote(db, viewer, sibling.id))) {
      visible.push(sibling);
    }
  }
  const owners = await Promise.all(visible.map((q) => userNameOf(db, q.ownerUserId)));
  const blocked = changeBlockedOf(caller, quote, all);
  return {
    siblings: all,
    answer: {
      opportunity_id: quote.opportunityId,
      can_change: blocked === null,
      change_blocked: blocked,
      quotes: visible.map((q, index) => ({
        ...quoteHeadingOf(q),
        option_label: q.optionLabel,
        is_primary: q.isPrimary,
        currency_code: q.currencyCode,
        total_amount_minor: q.totalAmountMinor,
        owner_name: owners[index] ?? '—',
      })),
    },
  };
}

/** POST /api/dx/quote-options: the opportunity's quotes as options, and which is primary. */
export async function readDealOptions(db: Database, caller: AuthContext, quoteId: string) {
  const quote = await requireVisibleQuote(db, caller, quoteId);
  return (await optionsOf(db, caller, quote)).answer;
}

async function requireChangeable(db: Database, caller: AuthContext, quoteId: string) {
  const quote = await requireVisibleQuote(db, caller, quoteId);
  const { siblings } = await optionsOf(db, caller, quote);
  const blocked = changeBlockedOf(caller, quote, siblings);
  if (blocked !== null) {
    throw new AppError(
      caller.permissions.can_create_quote || caller.permissions.is_deal_desk_user
        ? 'CONFLICT'
        : 'FORBIDDEN',
      blocked,
    );
  }
  return quote;
}

/** POST /api/dx/set-quote-option: names the option this quote is, or takes it out. */
export async function setQuoteOption(
  db: Database,
  caller: AuthContext,
  body: SetQuoteOptionBody,
  now = new Date(),
): Promise<DealOptions> {
  const quote = await requireChangeable(db, caller, body.quote_id);
  if ((quote.optionLabel ?? null) !== body.option_label) {
    await db.transaction(async (tx) => {
      await setOptionLabel(tx, quote.id, body.option_label);
      await recordQuoteEvent(
        tx,
        {
          ...quoteActorOf(caller),
          quoteId: quote.id,
          action: 'option_labelled',
          changes: [{ field: 'option_label', before: quote.optionLabel, after: body.option_label }],
        },
        now,
      );
    });
  }
  return readDealOptions(db, caller, quote.id);
}

/**
 * POST /api/dx/make-quote-primary: this quote becomes its opportunity's primary (the previous
 * one no longer is), and the CRM gets its amount. The CRM is told after the change is kept: if
 * it cannot be reached, the next change of the primary or the next sync tells it.
 */
export async function makeQuotePrimary(
  deps: DealOptionDeps,
  caller: AuthContext,
  quoteId: string,
  now = new Date(),
): Promise<DealOptions> {
  const { db } = deps;
  const quote = await requireChangeable(db, caller, quoteId);
  if (quote.statusId === 'ARCHIVED') {
    throw new AppError(
      'CONFLICT',
      'An archived quote cannot be the primary quote: unarchive it first.',
    );
  }
  if (!quote.isPrimary && quote.opportunityId) {
    const previous = (await listOpportunityQuotes(db, quote.opportunityId)).find(
      (q) => q.isPrimary,
    );
    await db.transaction(async (tx) => {
      await makePrimary(tx, quote);
      const actor = quoteActorOf(caller);
      await recordQuoteEvent(
        tx,
        {
          ...actor,
          quoteId: quote.id,
          action: 'primary_changed',
          changes: [{ field: 'is_primary', before: false, after: true }],
        },
        now,
      );
      if (previous) {
        await recordQuoteEvent(
          tx,
          {
            ...actor,
            quoteId: previous.id,
            action: 'primary_changed',
            changes: [{ field: 'is_primary', before: true, after: false }],
          },
          now,
        );
      }
    });
    announceProductsDue(db, quote.opportunityId);
    await writeBackNewQuote(
      deps,
      quote.opportunityId,
      quote,
      'primary quote not written back to the CRM',
    );
  }
  return readDealOptions(db, caller, quote.id);
}
