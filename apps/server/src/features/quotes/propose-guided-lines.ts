import type { FormValues } from '@bastion/domain/forms/recipe';
import { proposeLines } from '@bastion/domain/product-rules/guided-selling';
import type { GuidedProposal } from '@bastion/domain/product-rules/guided-schemas';
import type { Database } from '@bastion/db/client';
import type { AuthContext } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { appNow } from '../../lib/clock.ts';
import { todayIso } from '../../core/renewals/contracts.repository.ts';
import { loadFormDefinition } from '../../core/forms/form-definitions.repository.ts';
import {
  labelledActions,
  loadRuleSet,
  recordRuleFailures,
  ruleQuoteFacts,
  storedLinesHiddenSkus,
} from '../../core/pricing/product-rule-inputs.repository.ts';
import { validateRecipeSubmission } from '../../core/forms/recipe-submission.ts';
import { requireVisibleQuote } from '../../core/quotes/visibility.repository.ts';
import { refuseRenewalQuote } from './save-quote-configuration.ts';

/** Questionnaires are the form recipes named guided_… (issue 34). */
const GUIDED_PREFIX = 'guided_';

/** An answer as rules read it: a number, a yes/no as 1 or 0; anything else is no answer. */
function numericAnswers(values: FormValues): Record<string, number> {
  const answers: Record<string, number> = {};
  for (const [question, value] of Object.entries(values)) {
    if (typeof value === 'boolean') answers[question] = value ? 1 : 0;
    else if (typeof value === 'number' && Number.isFinite(value)) answers[question] = value;
    else if (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value))
      answers[question] = Number(value);
  }
  return answers;
}

/**
 * POST /api/dx/guided-selling/propose (issue 34): the questionnaire's answers checked with its
 * recipe (400 at the fields, as any form; 400 for a form that is no questionnaire), then the lines the product rules propose for them on
 * this quote, each with its reason. Saves nothing: the seller accepts lines on the configure page.
 */
export async function proposeGuidedLines(
  db: Database,
  caller: AuthContext,
  input: { id: string; questionnaire: string; answers: FormValues },
  now = appNow(),
): Promise<GuidedProposal> {
  const quote = await requireVisibleQuote(db, caller, input.id);
  if (quote.quoteType === 'LEGACY') {
    throw new AppError('CONFLICT', 'Legacy quotes are read-only.');
  }
  refuseRenewalQuote(quote);
  // The quote exists for the caller (404 above otherwise): a wrong name is a bad field.
  const noSuch = () => {
    const message = `There is no questionnaire ${input.questionnaire}.`;
    return new AppError('VALIDATION_FAILED', message, {
      details: [{ path: 'questionnaire', message }],
    });
  };
  if (!input.questionnaire.startsWith(GUIDED_PREFIX)) throw noSuch();
  const form = await loadFormDefinition(db, input.questionnaire).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'NOT_FOUND' ? noSuch() : error;
  });
  const values = validateRecipeSubmission(form.recipe, input.answers, {
    lookups: form.lookups,
    context: { is_deal_desk_user: caller.permissions.is_deal_desk_user },
  });
  const ruleSet = await loadRuleSet(db);
  const proposal = proposeLines(
    { quote: ruleQuoteFacts(quote), catalog: ruleSet.catalog },
    numericAnswers(values),
    ruleSet.rules,
    todayIso(now),
  );
  await recordRuleFailures(db, ruleSet, proposal.broken, now);
  // What the quote's finder would not offer (end of sale, a filter rule) is not proposed either.
  const hidden = new Set(await storedLinesHiddenSkus(db, quote, now));
  const offered = proposal.lines.filter(
    (line) => !hidden.has(line.sku) && ruleSet.catalog[line.sku]?.is_end_of_sale !== true,
  );
  const [labelled] = await labelledActions(db, [
    {
      rule_id: 'proposal',
      label: '',
      changes: offered.map((line) => ({ op: 'add', sku: line.sku, quantities: line.quantities })),
    },
  ]);
  return {
    lines: offered.map((line, index) => {
      const label = labelled?.changes[index];
      return {
        ...line,
        name: label?.name ?? line.sku,
        kind: label?.kind ?? '',
        billing: label?.billing ?? '',
        ha_capable: ruleSet.catalog[line.sku]?.attributes.ha_capable === true,
      };
    }),
  };
}
