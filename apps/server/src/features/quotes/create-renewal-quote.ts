import type { z } from 'zod';
import { partnerTypeFor } from '@bastion/domain/quotes/sales-channel';
import {
  RENEWAL_UPLIFT_SETTING,
  type QuoteRenewal,
  type RenewalKind,
} from '@bastion/domain/renewals/model';
import { monthsCovering, renewalTerm } from '@bastion/domain/renewals/renewal-draft';
import type {
  ContractDetail,
  ZCreatedRenewalQuote,
  ZCreateRenewalQuoteBody,
} from '@bastion/domain/renewals/schemas';
import type { FormValues } from '@bastion/domain/forms/recipe';
import type { Database } from '@bastion/db/client';
import type { ContractRow } from '@bastion/db/schema/quotes';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { readAppSetting } from '../../core/settings/app-settings.repository.ts';
import { appNow } from '../../lib/clock.ts';
import {
  findVisibleContract,
  readContractDetail,
  todayIso,
} from '../../core/renewals/contracts.repository.ts';
import type { CrmAdapter } from '../../integrations/crm/crm-adapter.ts';
import { refreshOpportunity } from '../../integrations/crm/local-copy.repository.ts';
import { targetPathOfQuote } from '../../core/quotes/quote-target-path.ts';
import { writeBackNewQuote } from '../../integrations/crm/write-back-new-quote.ts';
import { claimPrimaryIfNone } from '../../core/quotes/primary-quote.repository.ts';
import { loadFormDefinition } from '../../core/forms/form-definitions.repository.ts';
import { insertQuoteWithHistory, quoteActorOf } from '../../core/quotes/quote-writes.repository.ts';
import { viewerOf } from '../../core/quotes/visibility.repository.ts';
import { CREATE_QUOTE_FORM } from './create-quote.ts';
import { quotableChannelOf } from './quote-channel.ts';
import { mapSnapshot, prefillOf } from './quote-details.ts';
import { claimContractRenewal, insertQuoteLineRows } from './renewal-quotes.repository.ts';

export const NO_SUCH_CONTRACT = 'There is no such contract, or it is not yours to see.';

/** The uplift renewed lines start with when the app setting is absent or not a percentage. */
const FALLBACK_UPLIFT = '5';

const QUOTE_NAME_OF: Readonly<Record<RenewalKind, (contract: ContractRow) => string>> = {
  RENEWAL: (c) => `Renewal of ${c.contractNumber} (${c.accountName})`,
  TRUE_UP: (c) => `True-up of ${c.contractNumber}`,
  COTERM: (c) => `Co-term onto ${c.contractNumber}`,
};

/** The term a new quote of this kind covers (QuoteRenewal's term_start and term_end). */
export function renewalTermOf(
  kind: RenewalKind,
  contract: { startDate: string; endDate: string },
  today: string,
): { termStart: string; termEnd: string; contractLength: number } {
  if (kind === 'RENEWAL') {
    const term = renewalTerm(contract.endDate, 12);
    return { termStart: term.start, termEnd: term.end, contractLength: 12 };
  }
  const termStart = kind === 'COTERM' && contract.startDate > today ? contract.startDate : today;
  // A contract already over leaves a one-day term rather than one that ends before it starts.
  const termEnd = contract.endDate >= termStart ? contract.endDate : termStart;
  return { termStart, termEnd, contractLength: monthsCovering(termStart, termEnd) };
}

async function defaultUpliftPercent(db: Database): Promise<string> {
  const stored = (await readAppSetting(db, RENEWAL_UPLIFT_SETTING))?.trim() ?? '';
  const valid = /^-?\d{1,3}(\.\d{1,2})?$/.test(stored) && Math.abs(Number(stored)) <= 100;
  return valid ? stored : FALLBACK_UPLIFT;
}

function refuseUnusable(contract: ContractRow, detail: ContractDetail, kind: RenewalKind) {
  const number = contract.contractNumber;
  if (contract.renewedAt !== null) {
    throw new AppError('CONFLICT', `${number} is already renewed.`);
  }
  if (contract.lostAt !== null) {
    throw new AppError('CONFLICT', `${number} is marked lost: the customer does not renew.`);
  }
  if (kind === 'RENEWAL' && detail.status === 'IN_PROGRESS' && detail.renewal_quote) {
    throw new AppError(
      'CONFLICT',
      `${number} already has renewal quote ${detail.renewal_quote.quote_number} in progress.`,
    );
  }
}

function refuseWithoutPermission(caller: AuthContext, kind: RenewalKind) {
  const flags = caller.permissions;
  if (kind === 'COTERM' ? !flags.can_create_coterm_quote : !flags.can_create_quote) {
    throw new AppError(
      'FORBIDDEN',
      kind === 'COTERM' ? 'You may not create co-term quotes.' : 'You may not create quotes.',
    );
  }
}

/**
 * POST /api/dx/renewals/create-quote: a renewal, co-term or true-up quote made in one click from a
 * contract on the renewals desk (issue 18). Like create-quote, on the contract's opportunity
 * (refreshed from the CRM first), but the header comes from the contract rather than a form: the
 * term follows the contract, and a renewal starts with one line per annual contract line that
 * runs until the contract's end. The user goes on to the renewal configurator.
 */
export async function createRenewalQuote(
  deps: {
    db: Database;
    crm: CrmAdapter;
    log: { warn: (details: object, message: string) => void };
  },
  caller: AuthContext,
  input: z.output<typeof ZCreateRenewalQuoteBody>,
): Promise<z.infer<typeof ZCreatedRenewalQuote>> {
  const { db, crm } = deps;
  const { kind } = input;
  const contract = await findVisibleContract(db, viewerOf(caller), input.contract_id);
  if (!contract) throw new AppError('NOT_FOUND', NO_SUCH_CONTRACT);
  const detail = await readContractDetail(db, contract.id);
  if (!detail) throw new AppError('NOT_FOUND', NO_SUCH_CONTRACT);
  refuseUnusable(contract, detail, kind);
  refuseWithoutPermission(caller, kind);
  if (contract.opportunityId === null) {
    throw new AppError('CONFLICT', `${contract.contractNumber} has no opportunity to quote on.`);
  }

  // Current data from the CRM (written into the copy); an unreachable CRM is a 502, nothing made.
  const snapshot = await refreshOpportunity(db, crm, contract.opportunityId);
  if (!snapshot) {
    throw new AppError(
      'CONFLICT',
      `The CRM no longer knows opportunity ${contract.opportunityId} of ${contract.contractNumber}.`,
    );
  }
  const opportunity = snapshot.opportunity;
  const { salesChannel, partner, distributor } = quotableChannelOf(caller, snapshot);

  const now = appNow();
  const today = todayIso(now);
  const { termStart, termEnd, contractLength } = renewalTermOf(kind, contract, today);
  const upliftPercent = await defaultUpliftPercent(db);
  const dealType =
    kind === 'RENEWAL' ? 'R' : kind === 'TRUE_UP' ? 'TU' : opportunity.dealType.trim() || 'E';
  const form = await loadFormDefinition(db, CREATE_QUOTE_FORM);
  const mapped = mapSnapshot(snapshot, form.lookups);
  const partnerType = partnerTypeFor(salesChannel, partner?.partnerType);
  const quoteName = QUOTE_NAME_OF[kind](contract);
  // The header as the create form would have given it, its term the contract's.
  const header: FormValues = {
    ...(mapped ? prefillOf(mapped) : {}),
    quote_name: quoteName,
    quote_type: 'STANDARD',
    contract_length: String(contractLength),
    deal_type: dealType,
    sales_channel: salesChannel,
    opportunity_id: opportunity.id,
    is_coterm: kind === 'COTERM',
    contract_start_date: termStart,
    contract_end_date: termEnd,
  };
  if (partnerType) header.partner_type = partnerType;
  const renewal: QuoteRenewal = {
    kind,
    contract_ids: [contract.id],
    term_start: termStart,
    term_end: termEnd,
    default_uplift_percent: upliftPercent,
    drops: [],
  };
  // What runs until the contract's end is what a renewal carries on (spec §5: the deal desk
  // chooses each line's SKU type; others renew the same SKU unless they change it).
  const renewedLines =
    kind === 'RENEWAL'
      ? detail.entitlements.filter((e) => e.billing === 'ANNUAL' && e.end_date === contract.endDate)
      : [];
  const skuType = caller.permissions.is_deal_desk_user ? null : ('SAME' as const);

  const quote = await insertQuoteWithHistory(
    db,
    {
      opportunityId: opportunity.id,
      accountId: contract.accountId,
      accountName:
        snapshot.accounts.find((a) => a.id === opportunity.accountId)?.name ?? contract.accountName,
      // The reseller, else the distributor, the quote goes through (global search, issue 19).
      partnerName: (partner ?? distributor)?.name ?? '',
      region: contract.region,
      ownerUserId: caller.userId,
      createdBy: caller.userId,
      updatedBy: caller.userId,
      quoteName,
      quoteType: 'STANDARD',
      dealType,
      statusId: 'INCOMPLETE',
      isCoterm: kind === 'COTERM',
      isRenewal: kind !== 'COTERM',
      contractLength,
      salesChannel,
      partnerType,
      // The contract's prices are in its currency: the quote that renews them is too.
      currencyCode: contract.currencyCode,
      details: { opportunity: mapped, header },
      contractId: contract.id,
      renewal,
    },
    quoteActorOf(caller),
    now,
    async (tx, row) => {
      await insertQuoteLineRows(
        tx,
        renewedLines.map((entitlement, position) => ({
          quoteId: row.id,
          position,
          sku: entitlement.sku,
          y1: entitlement.quantity,
          entitlementId: entitlement.id,
          skuType,
          priorUnitNetMinor: entitlement.unit_net_minor,
          upliftPercent,
        })),
      );
      if (kind === 'RENEWAL') {
        // Only if no one started another renewal of it meanwhile: else nothing is made.
        const isClaimed = await claimContractRenewal(tx, {
          contractId: contract.id,
          expected: contract.renewalQuoteId,
          quoteId: row.id,
          now,
        });
        if (!isClaimed) {
          throw new AppError(
            'CONFLICT',
            `Someone started a renewal of ${contract.contractNumber} just now: reload the desk.`,
          );
        }
      }
    },
    [
      { field: 'contract_id', before: null, after: contract.id },
      { field: 'renewal_kind', before: null, after: kind },
    ],
  );

  if (await claimPrimaryIfNone(deps.db, quote)) {
    await writeBackNewQuote(deps, opportunity.id, quote, 'quote not written back to the CRM');
  }

  return {
    id: quote.id,
    quote_number: quote.quoteNumber,
    target_path: targetPathOfQuote(quote),
  };
}
