import { opensOnRenewalPage } from '@bastion/domain/renewals/renewal-draft';
import { evaluateProductRules } from '@bastion/domain/product-rules/evaluate';
import type {
  LineAttributes,
  OfferedAction,
  ProductRule,
  ProductRuleResult,
  RuleCatalog,
  RuleCatalogEntry,
} from '@bastion/domain/product-rules/model';
import { contractYearsOf } from '@bastion/domain/documents/document-values';
import {
  actionSkus,
  blockingMessages,
  NO_LINE_ATTRIBUTES,
  NO_RULE_OUTCOME,
  labelActions,
  storedLineAttributes,
  storedSkuAttributes,
  type RuleActionView,
  type RuleOutcome,
} from '@bastion/domain/product-rules/schemas';
import { ruleFromStored } from '@bastion/domain/product-rules/stored-rule';
import type { Database } from '@bastion/db/client';
import { productRules, skus } from '@bastion/db/schema/catalog';
import { quoteLines, type QuoteRow } from '@bastion/db/schema/quotes';
import { asc, eq, inArray } from 'drizzle-orm';
import { AppError } from './app-error.ts';
import { todayIso } from './contracts.ts';
import { type ReferenceReader, referenceReader } from './reference-data.ts';

/**
 * The product rules in the pricing pass (issue 34, docs/configuration.md): the catalogue as
 * rules read it and the rules that still check against it, both kept with the reference data
 * (a SKU or rule change gives the data a new version), and one evaluation per priced request.
 */

export interface RuleSet {
  catalog: RuleCatalog;
  /**
   * Checked against the catalogue, in no order (the evaluator orders by priority); a stored rule
   * the catalogue no longer satisfies is left out (the admin's list says why).
   */
  rules: ProductRule[];
}

async function readRuleCatalog(db: Database): Promise<RuleCatalog> {
  const rows = await db
    .select({
      sku: skus.sku,
      family: skus.familyId,
      kind: skus.kind,
      attributes: skus.attributes,
      isActive: skus.isActive,
    })
    .from(skus);
  const catalog: Record<string, RuleCatalogEntry> = {};
  for (const row of rows) {
    catalog[row.sku] = {
      family: row.family,
      kind: row.kind,
      attributes: storedSkuAttributes(row.attributes),
      // The catalogue's SKUs that are no longer sold: their spec says "End of sale".
      is_end_of_sale: !row.isActive,
    };
  }
  return catalog;
}

async function readRuleSet(db: Database, catalog: RuleCatalog): Promise<RuleSet> {
  const rows = await db.select().from(productRules);
  const rules: ProductRule[] = [];
  for (const row of rows) {
    const check = ruleFromStored(
      {
        id: row.id,
        name: row.name,
        kind: row.kind,
        is_active: row.isActive,
        priority: row.priority,
        effective_from: row.effectiveFrom,
        effective_to: row.effectiveTo,
        definition: row.definition,
      },
      catalog,
    );
    if (check.ok) rules.push(check.rule);
  }
  return { catalog, rules };
}

/** The catalogue and rules as of now, read once per version of the reference data. */
export async function loadRuleSet(db: Database, reader?: ReferenceReader): Promise<RuleSet> {
  const reference = reader ?? (await referenceReader(db));
  return reference.get('product-rules', async () =>
    readRuleSet(db, await reference.get('product-rule-catalog', () => readRuleCatalog(db))),
  );
}

/** A line as the pricing pass hands it to the rules. */
export interface RuleDraftLine {
  key: string;
  sku: string;
  quantities: readonly number[];
  attributes?: LineAttributes | undefined;
}

/** What the rules say of a quote's lines, on `today` ('YYYY-MM-DD'). */
export function evaluateQuoteRules(
  ruleSet: RuleSet,
  quote: Pick<
    QuoteRow,
    | 'quoteType'
    | 'dealType'
    | 'salesChannel'
    | 'region'
    | 'currencyCode'
    | 'renewal'
    | 'isCoterm'
    | 'isRenewal'
  >,
  lines: readonly RuleDraftLine[],
  today: string,
): ProductRuleResult {
  return evaluateProductRules(
    {
      quote: {
        quote_type: quote.quoteType,
        deal_type: quote.dealType,
        sales_channel: quote.salesChannel,
        region: quote.region,
        currency: quote.currencyCode,
        is_renewal: opensOnRenewalPage(quote),
      },
      lines: lines.map((line) => ({
        key: line.key,
        sku: line.sku,
        quantities: [...line.quantities],
        attributes: line.attributes ?? NO_LINE_ATTRIBUTES,
      })),
      catalog: ruleSet.catalog,
    },
    ruleSet.rules,
    today,
  );
}

/** A quote's stored lines as the rules read them, keyed by line id, in quote order. */
export async function readStoredRuleLines(db: Database, quoteId: string, years: number) {
  const rows = await db
    .select({
      id: quoteLines.id,
      sku: quoteLines.sku,
      y1: quoteLines.y1,
      y2: quoteLines.y2,
      y3: quoteLines.y3,
      y4: quoteLines.y4,
      y5: quoteLines.y5,
      attributes: quoteLines.attributes,
    })
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, quoteId))
    .orderBy(asc(quoteLines.position));
  return rows.map((row) => storedRuleLine(row, years));
}

/** One stored line as the rules read it. */
export const storedRuleLine = (
  row: Pick<
    typeof quoteLines.$inferSelect,
    'id' | 'sku' | 'y1' | 'y2' | 'y3' | 'y4' | 'y5' | 'attributes'
  >,
  years: number,
): RuleDraftLine => ({
  key: row.id,
  sku: row.sku,
  quantities: [row.y1, row.y2, row.y3, row.y4, row.y5].slice(0, years),
  attributes: storedLineAttributes(row.attributes),
});

/**
 * Next and Submit wait while a rule says error (issue 34): 409 with each error, naming the first
 * line it concerns (`lines.N` by `indexOf`, when the request sent the lines).
 */
export function refuseRuleErrors(
  outcome: RuleOutcome,
  indexOf: (key: string) => number | undefined = () => undefined,
) {
  const errors = blockingMessages(outcome);
  if (errors.length === 0) return;
  const details = errors.map((error) => {
    const first = error.line_keys[0];
    const index = first === undefined ? undefined : indexOf(first);
    return { path: index === undefined ? 'lines' : `lines.${index}`, message: error.message };
  });
  throw new AppError('CONFLICT', errors.map((error) => error.message).join(' '), { details });
}

/** The rules' evaluation of a quote's stored lines (keyed by line id), on `now`'s day. */
async function evaluateStoredLines(db: Database, quote: QuoteRow, now: Date) {
  const lines = await readStoredRuleLines(
    db,
    quote.id,
    contractYearsOf(quote.quoteType, quote.contractLength),
  );
  return evaluateQuoteRules(await loadRuleSet(db), quote, lines, todayIso(now));
}

/** The SKUs the product rules' filters keep out of the finder on this quote. */
export async function storedLinesHiddenSkus(
  db: Database,
  quote: QuoteRow,
  now: Date,
): Promise<string[]> {
  if (quote.quoteType === 'LEGACY') return [];
  return (await evaluateStoredLines(db, quote, now)).hidden_skus;
}

/** What the rules say of a quote's stored lines (keyed by line id), on `now`'s day. */
export async function storedLinesRuleOutcome(
  db: Database,
  quote: QuoteRow,
  now: Date,
): Promise<RuleOutcome> {
  if (quote.quoteType === 'LEGACY') return NO_RULE_OUTCOME;
  return sellerOutcomeOf(db, await evaluateStoredLines(db, quote, now));
}

/** What a seller sees of an evaluation: messages, and offers naming their SKUs. */
export async function sellerOutcomeOf(
  db: Database,
  result: ProductRuleResult,
): Promise<RuleOutcome> {
  return {
    rule_messages: result.messages,
    rule_actions: await labelledActions(db, result.actions),
  };
}

/** Offers with the name, kind and billing of each SKU they change (a new line shows them). */
export async function labelledActions(
  db: Database,
  actions: readonly OfferedAction[],
): Promise<RuleActionView[]> {
  const codes = actionSkus(actions);
  const rows =
    codes.length === 0
      ? []
      : await db
          .select({ sku: skus.sku, name: skus.name, kind: skus.kind, billing: skus.billing })
          .from(skus)
          .where(inArray(skus.sku, codes));
  const labels = new Map(rows.map((row) => [row.sku, row]));
  return labelActions(actions, (sku) => labels.get(sku));
}
