import { partnerTypeFor } from '@bastion/domain/quotes/sales-channel';
import type { FormValues } from '@bastion/domain/forms/recipe';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CrmAdapter } from '../../integrations/crm/crm-adapter.ts';
import { refreshOpportunity } from '../../integrations/crm/local-copy.repository.ts';
import { validateRecipeSubmission } from '../../core/forms/recipe-submission.ts';
import { loadFormDefinition } from '../../core/forms/form-definitions.repository.ts';
import { quotableChannelOf } from './quote-channel.ts';
import { mapSnapshot } from './quote-details.ts';
import { insertQuoteWithHistory, quoteActorOf } from '../../core/quotes/quote-writes.repository.ts';
import { refuseQuoteTypeNotOffered } from '../../core/quotes/ela-offer.repository.ts';
import { targetPathOfQuote } from '../../core/quotes/quote-target-path.ts';
import { writeBackNewQuote } from '../../integrations/crm/write-back-new-quote.ts';
import { claimPrimaryIfNone } from '../../core/quotes/primary-quote.repository.ts';
import { findVisibleOpportunity } from './quotes.repository.ts';
import { viewerOf } from '../../core/quotes/visibility.repository.ts';

/** The recipe of the create-quote form (a form recipe, so admins can change it). */
export const CREATE_QUOTE_FORM = 'quote_details';

export interface CreateQuoteInput {
  opportunityId: string;
  values: FormValues;
}

export interface CreateQuoteDeps {
  db: Database;
  crm: CrmAdapter;
  log: { warn: (details: object, message: string) => void };
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Makes an INCOMPLETE quote from an opportunity (spec §2, §3, §6): the opportunity must be in
 * the caller's scope and is refreshed from the CRM first; the caller must be allowed this kind
 * of quote; the header form is re-validated with its recipe. The quote and its first history
 * entry are written together; the CRM hears about it afterwards.
 */
export async function createQuote(
  deps: CreateQuoteDeps,
  caller: AuthContext,
  input: CreateQuoteInput,
  now = new Date(),
) {
  const { db, crm } = deps;
  const found = await findVisibleOpportunity(db, viewerOf(caller), input.opportunityId);
  if (!found) {
    throw new AppError('NOT_FOUND', `There is no opportunity ${input.opportunityId} you can see.`);
  }

  // Current data from the CRM (written into the copy); an unreachable CRM is a 502, nothing made.
  const snapshot = await refreshOpportunity(db, crm, input.opportunityId);
  if (!snapshot) {
    throw new AppError('NOT_FOUND', `The CRM no longer knows opportunity ${input.opportunityId}.`);
  }

  const form = await loadFormDefinition(db, CREATE_QUOTE_FORM);
  const opportunity = snapshot.opportunity;
  const { salesChannel, partner, distributor } = quotableChannelOf(caller, snapshot);
  const payload = validateRecipeSubmission(
    form.recipe,
    // The channel is the opportunity's, whatever the form sent.
    { ...input.values, sales_channel: salesChannel, opportunity_id: opportunity.id },
    { lookups: form.lookups, context: { is_deal_desk_user: caller.permissions.is_deal_desk_user } },
  );

  const quoteType = text(payload.quote_type) as 'STANDARD' | 'ELA' | 'LEGACY';
  const isCoterm = payload.is_coterm === true;
  const flags = caller.permissions;
  if (isCoterm ? !flags.can_create_coterm_quote : !flags.can_create_quote) {
    throw new AppError(
      'FORBIDDEN',
      isCoterm ? 'You may not create co-term quotes.' : 'You may not create quotes.',
    );
  }
  if (quoteType === 'LEGACY' && !(flags.is_deal_desk_user || flags.is_root_admin)) {
    throw new AppError('FORBIDDEN', 'Only the deal desk records legacy quotes.');
  }
  // App setting remove_ela_healthcare: the customer's industry as the CRM has it now.
  const customer = snapshot.accounts.find((a) => a.id === opportunity.accountId);
  await refuseQuoteTypeNotOffered(db, { quoteType, industry: customer?.industry ?? '' });
  const contractLength = Number(text(payload.contract_length));
  if (!Number.isInteger(contractLength) || contractLength < 1 || contractLength > 60) {
    throw new AppError('VALIDATION_FAILED', 'The contract length must be 1 to 60 months.', {
      details: [
        { path: 'contract_length', message: 'The contract length must be 1 to 60 months.' },
      ],
    });
  }

  const dealType = text(payload.deal_type) || opportunity.dealType;
  const quote = await insertQuoteWithHistory(
    db,
    {
      opportunityId: opportunity.id,
      accountId: opportunity.accountId,
      accountName: snapshot.accounts.find((a) => a.id === opportunity.accountId)?.name ?? '',
      // The reseller, else the distributor, the quote goes through (global search, issue 19).
      partnerName: (partner ?? distributor)?.name ?? '',
      region: opportunity.region,
      ownerUserId: caller.userId,
      createdBy: caller.userId,
      updatedBy: caller.userId,
      quoteName: text(payload.quote_name),
      quoteType,
      dealType,
      statusId: 'INCOMPLETE',
      isCoterm,
      // Renewals and true-ups open on the renewal configurator (spec §2 quote target).
      isRenewal: dealType === 'R' || dealType === 'TU',
      contractLength,
      salesChannel,
      partnerType: partnerTypeFor(salesChannel, text(payload.partner_type) || partner?.partnerType),
      currencyCode: opportunity.currencyCode ?? 'USD',
      // The opportunity as it was when quoted, and the header as the user confirmed it.
      details: { opportunity: mapSnapshot(snapshot, form.lookups), header: payload },
    },
    quoteActorOf(caller),
    now,
  );

  // Only the opportunity's primary quote gives the CRM its amount (decision 043).
  if (await claimPrimaryIfNone(deps.db, quote)) {
    await writeBackNewQuote(deps, opportunity.id, quote, 'quote not written back to the CRM');
  }

  return {
    id: quote.id,
    quote_number: quote.quoteNumber,
    status_id: quote.statusId,
    quote_type: quote.quoteType,
    version: quote.version,
    target_path: targetPathOfQuote(quote),
  };
}
