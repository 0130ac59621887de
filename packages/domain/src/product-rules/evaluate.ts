/**
 * The one evaluator of product rules, pure, for browser and server alike. Automatic selection
 * rules change the lines first, in bounded passes; every other rule then reads the lines as they
 * stand. A rule that fails is skipped and reported; the evaluator itself never throws.
 */
import { evaluateCondition, type FactValue } from './conditions.ts';
import { checkPlaceholder, type KnownFact } from './facts.ts';
import { buildLineIndex, quantityIn, type ApplianceModel, type LineIndex } from './line-index.ts';
import type {
  BrokenRule,
  FilterRule,
  LineAction,
  LineChange,
  OfferedAction,
  ProductRule,
  ProductRuleInput,
  ProductRuleResult,
  RuleCatalog,
  RuleLine,
  RuleMessage,
  RuleScope,
  SelectionRule,
} from './model.ts';
import { evaluateFormula, fillTemplate, parseFormula, type Formula } from './template.ts';

/** In force on `today` ('YYYY-MM-DD'): active, and within its dates, both days included. */
export const isInForce = (rule: ProductRule, today: string): boolean =>
  rule.is_active &&
  (rule.effective_from === null || rule.effective_from <= today) &&
  (rule.effective_to === null || today <= rule.effective_to);

const byPriority = (a: ProductRule, b: ProductRule) =>
  a.priority - b.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** One reading of a rule: the whole quote, one contract year, or one appliance model. */
interface Context {
  /** 0-based year for scope 'year'; null = the quote's peak year. */
  year: number | null;
  model: ApplianceModel | null;
}

function contextsOf(scope: RuleScope, index: LineIndex): Context[] {
  switch (scope) {
    case 'quote':
      return [{ year: null, model: null }];
    case 'year':
      return Array.from({ length: index.years }, (_, year) => ({ year, model: null }));
    case 'appliance_model':
      return index.models.map((model) => ({ year: null, model }));
  }
}

/** Reads facts for one evaluation; names are checked once per scope and kept. */
class FactReader {
  private readonly known = new Map<string, KnownFact>();
  private readonly formulas = new Map<string, Formula>();

  constructor(
    private readonly input: ProductRuleInput,
    private readonly catalog: RuleCatalog,
  ) {}

  fact(name: string, scope: RuleScope): KnownFact {
    const key = `${scope}|${name}`;
    const cached = this.known.get(key);
    if (cached) return cached;
    const checked = checkPlaceholder(name, scope, this.catalog);
    // Rules are checked on the way in; one that was not fails here and is reported as broken.
    if (!checked.ok) throw new Error(checked.problem);
    this.known.set(key, checked);
    return checked;
  }

  formula(text: string, scope: RuleScope): Formula {
    const key = `${scope}|${text}`;
    const cached = this.formulas.get(key);
    if (cached) return cached;
    const parsed = parseFormula(text, (name) => checkPlaceholder(name, scope, this.catalog));
    if (!parsed.ok) throw new Error(parsed.problem);
    this.formulas.set(key, parsed.formula);
    return parsed.formula;
  }

  /** `year` overrides the context's year: formulas are read once per contract year. */
  value(
    name: string,
    scope: RuleScope,
    index: LineIndex,
    context: Context,
    year = context.year,
  ): FactValue {
    const { parsed } = this.fact(name, scope);
    switch (parsed.source) {
      case 'quote':
        return { value: this.input.quote[parsed.key], line_keys: [] };
      case 'year':
        return { value: year === null ? undefined : year + 1, line_keys: [] };
      case 'aggregate':
        return index.aggregate(parsed.measure, parsed.group, parsed.year ?? year);
      case 'model':
        if (!context.model) throw new Error(`'${name}' needs an appliance model.`);
        return index.modelFact(context.model, parsed.name, year);
      case 'answer':
        return { value: this.input.answers?.[parsed.question], line_keys: [] };
    }
  }
}

const sameQuantities = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((quantity, year) => quantity === b[year]);

/** The changes one action of a rule makes or offers in one context; none when there is nothing to do. */
function changesOf(
  action: LineAction,
  rule: ProductRule,
  index: LineIndex,
  context: Context,
  reader: FactReader,
  catalog: RuleCatalog,
): { label: string; changes: LineChange[] } | null {
  const textOf = (template: string) =>
    fillTemplate(template, (name) => reader.value(name, rule.scope, index, context).value);
  const quantitiesOf = (formulaText: string): number[] => {
    const formula = reader.formula(formulaText, rule.scope);
    return Array.from({ length: index.years }, (_, year) =>
      context.year !== null && context.year !== year
        ? 0
        : evaluateFormula(formula, (name) => {
            const value = reader.value(name, rule.scope, index, context, year).value;
            return typeof value === 'number' ? value : 0;
          }),
    );
  };
  const sku = textOf(action.sku);
  // A model without the SKU (no Elite support for a small virtual firewall) is offered nothing.
  if (!catalog[sku]) return null;
  const label = action.label === undefined ? null : textOf(action.label);
  if (action.op === 'add') {
    const quantities = quantitiesOf(action.quantity);
    if (quantities.every((quantity) => quantity === 0)) return null;
    return { label: label ?? `Add ${sku}`, changes: [{ op: 'add', sku, quantities }] };
  }
  const lines = index.linesOf(sku);
  if (lines.length === 0) return null;
  const removals: LineChange[] = lines.map((line) => ({
    op: 'remove',
    sku,
    quantities: [],
    line_key: line.key,
  }));
  if (action.op === 'remove') return { label: label ?? `Remove ${sku}`, changes: removals };
  const by = textOf(action.by);
  if (!catalog[by]) return null;
  const quantities =
    action.quantity === undefined
      ? Array.from({ length: index.years }, (_, year) =>
          lines.reduce((sum, line) => sum + quantityIn(line, year), 0),
        )
      : quantitiesOf(action.quantity);
  return {
    label: label ?? `Replace ${sku} by ${by}`,
    changes: [...removals, { op: 'add', sku: by, quantities }],
  };
}

interface RuleReading {
  messages: RuleMessage[];
  actions: OfferedAction[];
}

/** Every context of a rule whose condition holds: its message and its actions. */
function readRule(
  rule: Exclude<ProductRule, FilterRule>,
  index: LineIndex,
  reader: FactReader,
  catalog: RuleCatalog,
): RuleReading {
  const reading: RuleReading = { messages: [], actions: [] };
  for (const context of contextsOf(rule.scope, index)) {
    const condition = evaluateCondition(rule.condition, (name) =>
      reader.value(name, rule.scope, index, context),
    );
    if (!condition.matched) continue;
    if (rule.message.trim() !== '')
      reading.messages.push({
        rule_id: rule.id,
        rule_name: rule.name,
        severity: rule.kind === 'validation' ? rule.severity : 'info',
        message: fillTemplate(
          rule.message,
          (name) => reader.value(name, rule.scope, index, context).value,
        ),
        line_keys: [...condition.line_keys].sort(
          (a, b) => index.positionOf(a) - index.positionOf(b),
        ),
      });
    for (const action of rule.actions) {
      const offered = changesOf(action, rule, index, context, reader, catalog);
      if (offered) reading.actions.push({ rule_id: rule.id, ...offered });
    }
  }
  return reading;
}

/**
 * Applies one automatic rule's changes. An add makes sure the quote has a line of the SKU with
 * the quantities the rule gives: the rule's own line (key `auto:<rule>:<sku>`), else the first
 * line of that SKU (the rule's line once saved, or the seller's), else a new line; so a rule that
 * still holds on the next pass, or the next pricing, changes nothing.
 */
function applyAutomatic(lines: RuleLine[], rule: SelectionRule, actions: readonly OfferedAction[]) {
  let next = lines;
  const applied: OfferedAction[] = [];
  for (const action of actions) {
    const made: LineChange[] = [];
    for (const change of action.changes) {
      if (change.op === 'remove') {
        next = next.filter((line) => line.key !== change.line_key);
        made.push(change);
        continue;
      }
      const key = `auto:${rule.id}:${change.sku}`;
      const owned =
        next.find((line) => line.key === key) ?? next.find((line) => line.sku === change.sku);
      if (!owned) {
        next = [
          ...next,
          {
            key,
            sku: change.sku,
            quantities: change.quantities,
            attributes: { high_availability: false },
          },
        ];
        made.push({ ...change, line_key: key });
      } else if (!sameQuantities(owned.quantities, change.quantities)) {
        next = next.map((line) =>
          line === owned ? { ...line, quantities: change.quantities } : line,
        );
        made.push({
          op: 'set_quantity',
          sku: change.sku,
          quantities: change.quantities,
          line_key: owned.key,
        });
      }
    }
    if (made.length > 0) applied.push({ ...action, changes: made });
  }
  return { lines: next, applied };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function hiddenSkus(
  rules: readonly FilterRule[],
  input: ProductRuleInput,
  index: LineIndex,
  reader: FactReader,
  report: (rule: ProductRule, error: unknown) => void,
) {
  const hidden = new Set<string>();
  for (const rule of rules) {
    try {
      const context: Context = { year: null, model: null };
      const holds = evaluateCondition(rule.condition, (name) =>
        reader.value(name, rule.scope, index, context),
      );
      if (!holds.matched) continue;
      for (const { select } of rule.actions)
        for (const [sku, entry] of Object.entries(input.catalog))
          if (
            (select.skus === undefined || select.skus.includes(sku)) &&
            (select.families === undefined || select.families.includes(entry.family)) &&
            (select.kinds === undefined || select.kinds.includes(entry.kind)) &&
            (select.is_end_of_sale === undefined || select.is_end_of_sale === entry.is_end_of_sale)
          )
            hidden.add(sku);
    } catch (error) {
      report(rule, error);
    }
  }
  return [...hidden].sort();
}

/**
 * Evaluates the rules in force on `today` ('YYYY-MM-DD') against a quote. Rules run by priority
 * (lower first), ties by id.
 */
export function evaluateProductRules(
  input: ProductRuleInput,
  rules: readonly ProductRule[],
  today: string,
): ProductRuleResult {
  const { catalog } = input;
  const reader = new FactReader(input, catalog);
  const broken: BrokenRule[] = [];
  const brokenIds = new Set<string>();
  const report = (rule: ProductRule, error: unknown) => {
    if (brokenIds.has(rule.id)) return;
    brokenIds.add(rule.id);
    broken.push({ rule_id: rule.id, message: errorText(error) });
  };
  const inForce = rules.filter((rule) => isInForce(rule, today)).sort(byPriority);
  const automatic = inForce.filter(
    (rule): rule is SelectionRule => rule.kind === 'selection' && rule.apply === 'automatic',
  );

  // Each pass lets every automatic rule see what the others did; the cap ends any tug of war
  // checkRuleSet did not foresee, and a quote that settles stops sooner. Rules still changing
  // the quote at the cap are broken: skipped, and the passes start again without them, so what
  // is applied is a settled state (pricing it again changes nothing).
  let lines = input.lines;
  let index = buildLineIndex(lines, catalog);
  let applied: OfferedAction[] = [];
  for (let attempt = 0; attempt <= automatic.length; attempt += 1) {
    lines = input.lines;
    index = buildLineIndex(lines, catalog);
    applied = [];
    let stillChanging: SelectionRule[] = [];
    for (let pass = 0; pass <= automatic.length && automatic.length > 0; pass += 1) {
      stillChanging = [];
      for (const rule of automatic) {
        if (brokenIds.has(rule.id)) continue;
        try {
          const { actions } = readRule(rule, index, reader, catalog);
          const result = applyAutomatic(lines, rule, actions);
          if (result.applied.length === 0) continue;
          lines = result.lines;
          index = buildLineIndex(lines, catalog);
          applied.push(...result.applied);
          stillChanging.push(rule);
        } catch (error) {
          report(rule, error);
        }
      }
      if (stillChanging.length === 0) break;
    }
    if (stillChanging.length === 0) break;
    for (const rule of stillChanging)
      report(rule, `still changed the quote after ${automatic.length + 1} passes; skipped.`);
  }

  const messages: RuleMessage[] = [];
  const actions: OfferedAction[] = [];
  for (const rule of inForce) {
    if (rule.kind === 'filter') continue;
    const isAutomatic = rule.kind === 'selection' && rule.apply === 'automatic';
    // Automatic rules acted in the passes; only what they say is read, once, on the final lines.
    if (isAutomatic && (rule.message.trim() === '' || brokenIds.has(rule.id))) continue;
    try {
      const reading = readRule(rule, index, reader, catalog);
      messages.push(...reading.messages);
      if (!isAutomatic) actions.push(...reading.actions);
    } catch (error) {
      report(rule, error);
    }
  }
  const filters = inForce.filter((rule): rule is FilterRule => rule.kind === 'filter');
  return {
    messages,
    actions,
    applied,
    hidden_skus: hiddenSkus(filters, input, index, reader, report),
    lines_after_automatic: lines,
    broken,
  };
}
