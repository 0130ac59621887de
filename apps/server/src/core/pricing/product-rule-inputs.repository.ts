import { opensOnRenewalPage } from '@bastion/domain/renewals/renewal-draft';
import {
  bundleMessages,
  type BundleDefinition,
  type BundleFeature,
  type BundleOption,
  type BundleOptionsView,
} from '@bastion/domain/catalog/bundle-options';
import { evaluateProductRules } from '@bastion/domain/product-rules/evaluate';
import type {
  BrokenRule,
  LineAttributes,
  OfferedAction,
  ProductRule,
  ProductRuleResult,
  RuleCatalog,
  RuleCatalogEntry,
  RuleQuoteFacts,
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
import {
  bundleComponents,
  bundleFeatures,
  productRuleFailures,
  productRules,
  skus,
} from '@bastion/db/schema/catalog';
import type { FastifyBaseLogger } from 'fastify';
import { quoteLines, type QuoteRow } from '@bastion/db/schema/quotes';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import { todayIso } from '../renewals/contracts.repository.ts';
import { type ReferenceReader, referenceReader } from '../../lib/db/reference-data.ts';
import { readTogether } from '../../lib/db/read-together.ts';

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
  /** The configurable bundles' option groups, by bundle SKU (a fixed bundle is not here). */
  bundles?: Readonly<Record<string, BundleDefinition>>;
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

/** The option groups of every bundle that has some, with their options in the bundle's order. */
async function readBundleDefinitions(db: Database): Promise<Record<string, BundleDefinition>> {
  const [features, options] = await readTogether(db, [
    () =>
      db
        .select()
        .from(bundleFeatures)
        .orderBy(asc(bundleFeatures.bundleSku), asc(bundleFeatures.position)),
    () =>
      db
        .select()
        .from(bundleComponents)
        .orderBy(asc(bundleComponents.position), asc(bundleComponents.componentSku)),
  ]);
  const definitions: Record<string, { features: BundleFeature[]; options: BundleOption[] }> = {};
  for (const feature of features)
    (definitions[feature.bundleSku] ??= { features: [], options: [] }).features.push({
      name: feature.name,
      min_options: feature.minOptions,
      max_options: feature.maxOptions,
    });
  for (const option of options)
    definitions[option.bundleSku]?.options.push({
      sku: option.componentSku,
      quantity: option.quantity,
      feature: option.feature,
      selection: option.selection,
    });
  return definitions;
}

/** The catalogue and rules as of now, read once per version of the reference data. */
export async function loadRuleSet(db: Database, reader?: ReferenceReader): Promise<RuleSet> {
  const reference = reader ?? (await referenceReader(db));
  return reference.get('product-rules', async () => ({
    ...(await readRuleSet(
      db,
      await reference.get('product-rule-catalog', () => readRuleCatalog(db)),
    )),
    bundles: await readBundleDefinitions(db),
  }));
}

/** A line as the pricing pass hands it to the rules. */
export interface RuleDraftLine {
  key: string;
  sku: string;
  quantities: readonly number[];
  attributes?: LineAttributes | undefined;
  /** The bundle line it is an option of. */
  parent_key?: string | null | undefined;
}

/** The quote columns the rules read. */
export type RuleQuote = Pick<
  QuoteRow,
  | 'quoteType'
  | 'dealType'
  | 'salesChannel'
  | 'region'
  | 'currencyCode'
  | 'renewal'
  | 'isCoterm'
  | 'isRenewal'
>;

/** A quote's facts as product rules name them. */
export const ruleQuoteFacts = (quote: RuleQuote): RuleQuoteFacts => ({
  quote_type: quote.quoteType,
  deal_type: quote.dealType,
  sales_channel: quote.salesChannel,
  region: quote.region,
  currency: quote.currencyCode,
  is_renewal: opensOnRenewalPage(quote),
});

/** What the rules say of a quote's lines, on `today` ('YYYY-MM-DD'). */
export function evaluateQuoteRules(
  ruleSet: RuleSet,
  quote: RuleQuote,
  lines: readonly RuleDraftLine[],
  today: string,
): ProductRuleResult {
  const result = evaluateProductRules(
    {
      quote: ruleQuoteFacts(quote),
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
  // A configurable bundle whose options break its groups stops Next and Submit like a rule's
  // error; read on the lines as automatic rules left them.
  const parentOf = new Map(lines.map((line) => [line.key, line.parent_key]));
  const bundleErrors = bundleMessages(
    result.lines_after_automatic.map((line) => ({ ...line, parent_key: parentOf.get(line.key) })),
    ruleSet.bundles ?? {},
  );
  return bundleErrors.length === 0
    ? result
    : { ...result, messages: [...bundleErrors, ...result.messages] };
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
      parentLineId: quoteLines.parentLineId,
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
    'id' | 'sku' | 'y1' | 'y2' | 'y3' | 'y4' | 'y5' | 'attributes' | 'parentLineId'
  >,
  years: number,
): RuleDraftLine => ({
  key: row.id,
  sku: row.sku,
  quantities: [row.y1, row.y2, row.y3, row.y4, row.y5].slice(0, years),
  attributes: storedLineAttributes(row.attributes),
  parent_key: row.parentLineId,
});

/**
 * Drafts with what automatic selection rules changed (issue 34): a removed line goes with the
 * lines under it, a changed one takes its new quantities, an added one comes last under the key
 * the rule gave it. `make` builds an added line.
 */
export function withAutomaticChanges<T extends { key: string; parent_key?: string | undefined }>(
  drafts: readonly T[],
  applied: readonly OfferedAction[],
  make: (change: { key: string; sku: string; quantities: number[] }) => T,
): T[] {
  let next = [...drafts];
  for (const action of applied)
    for (const change of action.changes) {
      const key = change.line_key;
      if (key === undefined) continue;
      if (change.op === 'remove')
        next = next.filter((line) => line.key !== key && line.parent_key !== key);
      else if (change.op === 'add')
        next.push(make({ key, sku: change.sku, quantities: change.quantities }));
      else
        next = next.map((line) =>
          line.key === key ? { ...line, quantities: change.quantities } : line,
        );
    }
  return next;
}

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
  const ruleSet = await loadRuleSet(db);
  const result = evaluateQuoteRules(ruleSet, quote, lines, todayIso(now));
  await recordRuleFailures(db, ruleSet, result.broken, now);
  return result;
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

/** Where a rule's failure is logged: the server's logger, once the app is built. */
let failureLog: Pick<FastifyBaseLogger, 'warn' | 'error'> | null = null;
export function logRuleFailuresTo(log: Pick<FastifyBaseLogger, 'warn' | 'error'>) {
  failureLog = log;
}

/** Failures this process has recorded, per rule set (a new catalogue version records again). */
const recorded = new WeakMap<RuleSet, Set<string>>();

/**
 * A rule that failed while evaluating (issue 34, spec §4's policy for form rules) was skipped;
 * it is logged and recorded for the catalogue admins' list, once per process, rule set and
 * message, so a quote priced on every keystroke writes nothing more. Recording never fails the
 * pricing it reports on.
 */
export async function recordRuleFailures(
  db: Database,
  ruleSet: RuleSet,
  broken: readonly BrokenRule[],
  now: Date,
) {
  if (broken.length === 0) return;
  const seen = recorded.get(ruleSet) ?? new Set<string>();
  recorded.set(ruleSet, seen);
  for (const failure of broken) {
    const key = `${failure.rule_id}\u0000${failure.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    failureLog?.warn(
      { rule_id: failure.rule_id, problem: failure.message },
      'product rule skipped: it failed while evaluating a quote',
    );
    try {
      await db
        .insert(productRuleFailures)
        .values({ ruleId: failure.rule_id, message: failure.message, failedAt: now })
        .onConflictDoUpdate({
          target: productRuleFailures.ruleId,
          set: {
            message: failure.message,
            failedAt: now,
            occurrences: sql`${productRuleFailures.occurrences} + 1`,
          },
        });
    } catch (error) {
      // A rule deleted meanwhile, or a database hiccup: the price stands, the log says so.
      failureLog?.error(
        { err: error, rule_id: failure.rule_id },
        'product rule failure not recorded',
      );
    }
  }
}

/** What a seller sees of an evaluation: messages, and offers naming their SKUs. */
export async function sellerOutcomeOf(
  db: Database,
  result: ProductRuleResult,
): Promise<RuleOutcome> {
  return {
    rule_messages: result.messages,
    rule_actions: await labelledActions(db, result.actions),
    rule_applied: await labelledActions(db, result.applied),
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

/** The configurable bundles among `codes`, with their options named, for the options panel. */
export async function bundleOptionsOf(
  db: Database,
  ruleSet: RuleSet,
  codes: readonly string[],
): Promise<BundleOptionsView[]> {
  const bundles = [...new Set(codes)].filter((code) => ruleSet.bundles?.[code] !== undefined);
  if (bundles.length === 0) return [];
  const definitions = bundles.map((sku) => ({
    sku,
    definition: ruleSet.bundles?.[sku] ?? { features: [], options: [] },
  }));
  const named = [
    ...new Set(
      definitions.flatMap(({ sku, definition }) => [sku, ...definition.options.map((o) => o.sku)]),
    ),
  ];
  const rows = await db
    .select({ sku: skus.sku, name: skus.name, kind: skus.kind, billing: skus.billing })
    .from(skus)
    .where(inArray(skus.sku, named));
  const labels = new Map(rows.map((row) => [row.sku, row]));
  return definitions.map(({ sku, definition }) => ({
    sku,
    name: labels.get(sku)?.name ?? sku,
    features: [...definition.features],
    options: definition.options.map((option) => ({
      ...option,
      name: labels.get(option.sku)?.name ?? option.sku,
      kind: labels.get(option.sku)?.kind ?? '',
      billing: labels.get(option.sku)?.billing ?? '',
    })),
  }));
}
