import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { ResolvedRenewalLine } from '@bastion/domain/renewals/renewal-draft';
import type {
  RenewalConfiguration,
  ZSaveRenewalConfigurationBody,
} from '@bastion/domain/renewals/schemas';
import type { Database } from '@bastion/db/client';
import { contracts } from '@bastion/db/schema/quotes';
import type { AuthContext } from '../../lib/access.ts';
import { AppError, type AppErrorDetail } from '../../lib/app-error.ts';
import { requireEditableQuote, type LineDraft } from './configure-lines.ts';
import { listQuoteLines } from './quote-lines.repository.ts';
import type { HistoryChange } from './quotes.repository.ts';
import {
  contractColumnsOf,
  pricingOfResolved,
  quantitiesOf,
  renewalConfigurationOf,
  requireRenewalKind,
  resolveDraft,
} from './renewal-lines.ts';
import { writeQuoteLines } from './write-quote-lines.ts';

const refuse = (details: AppErrorDetail[]) => {
  throw new AppError('VALIDATION_FAILED', details[0]?.message ?? 'Check the lines.', { details });
};

/**
 * POST /api/dx/renewals/save-configuration: the draft, resolved and priced, replaces the quote's
 * lines and its renewal record (contracts, term, drops) in one write at the version the caller
 * saw; a renewal also becomes its contract's renewal quote. Any problem refuses the whole save.
 */
export async function saveRenewalConfiguration(
  db: Database,
  caller: AuthContext,
  input: z.output<typeof ZSaveRenewalConfigurationBody>,
  now = new Date(),
): Promise<RenewalConfiguration> {
  const quote = await requireEditableQuote(db, caller, input.id, input.version);
  const kind = requireRenewalKind(quote);
  const draft = await resolveDraft(db, caller, quote, kind, input.draft);
  const { resolved } = draft;
  const hidden = resolved.problems.find((p) => p.not_found);
  if (hidden) throw new AppError('NOT_FOUND', hidden.message);
  const blocking = resolved.problems.filter((p) => input.advance || !p.only_on_advance);
  if (blocking.length > 0) refuse(blocking.map(({ path, message }) => ({ path, message })));
  const renewal = resolved.renewal;
  if (renewal === null) return refuse([{ path: 'contract_ids', message: 'Choose a contract.' }]);

  const { engineProblems } = await pricingOfResolved(db, quote, draft);
  if (engineProblems.length > 0) refuse(engineProblems);

  const stored = await listQuoteLines(db, quote.id);
  const ids = matchStoredLines(
    stored.map((row) => row.line),
    resolved.lines,
  );
  const priced = { ...quote, contractLength: resolved.contract_length };
  const drafts: LineDraft[] = resolved.lines.map((line, index) => ({
    id: ids[index],
    key: `line-${index}`,
    sku: line.sku,
    quantities: quantitiesOf(priced, line.quantity),
    manual_discount_percent: line.manual_discount_percent ?? undefined,
    contract: contractColumnsOf(line),
  }));
  const target = renewal.contract_ids[0] ?? null;
  const changes: HistoryChange[] = [];
  if (JSON.stringify(quote.renewal) !== JSON.stringify(renewal)) {
    changes.push({ field: 'renewal', before: quote.renewal, after: renewal });
  }
  if (quote.contractLength !== resolved.contract_length) {
    changes.push({
      field: 'contract_length',
      before: quote.contractLength,
      after: resolved.contract_length,
    });
  }
  const { quote: updated } = await writeQuoteLines(db, caller, priced, stored, drafts, {
    advance: input.advance,
    action: input.advance ? 'configured' : 'products_saved',
    now,
    // A renewal's lines follow its contracts: automatic rules say, but change nothing here.
    applyAutomatic: false,
    set: { renewal, contractId: target, contractLength: resolved.contract_length },
    setChanges: changes,
    // A renewal in progress shows on its contract (renewals desk: IN_PROGRESS).
    alsoWrite:
      kind === 'RENEWAL' && target !== null
        ? async (tx) => {
            await tx
              .update(contracts)
              .set({ renewalQuoteId: quote.id })
              .where(and(eq(contracts.id, target), isNull(contracts.renewalQuoteId)));
          }
        : undefined,
  });
  return renewalConfigurationOf(db, caller, updated, kind);
}

/**
 * The stored line each resolved line carries on (same contract line, or a new product of the same
 * SKU), so its history and shipping follow it; undefined for a line new to the quote.
 */
function matchStoredLines(
  stored: readonly { id: string; sku: string; entitlementId: string | null }[],
  lines: readonly ResolvedRenewalLine[],
): (string | undefined)[] {
  const used = new Set<string>();
  return lines.map((line) => {
    const match = stored.find(
      (s) =>
        !used.has(s.id) &&
        (line.entitlement_id === null
          ? s.entitlementId === null && s.sku === line.sku
          : s.entitlementId === line.entitlement_id),
    );
    if (match) used.add(match.id);
    return match?.id;
  });
}
