/**
 * The only way a product rule gets in: a rule received as JSON is checked against the catalogue
 * it names, and a rule set against loops of its selection rules. Messages name the rule and the
 * place: "Rule 'X' › condition 2: 'foo' is not a fact product rules know."
 */
import { parseDateInput } from '../format/date-input.ts';
import { PRODUCT_KINDS, type ProductKind } from '../pricing/product-kinds.ts';
import { checkCondition, isRecord } from './conditions.ts';
import { checkFactName, checkPlaceholder, type FactCheck } from './facts.ts';
import {
  RULE_KINDS,
  RULE_SCOPES,
  type HideAction,
  type LineAction,
  type ProductRule,
  type RuleCatalog,
  type RuleScope,
  type SkuSelector,
} from './model.ts';
import { checkTemplate, parseFormula } from './template.ts';

export type RuleCheck = { ok: true; rule: ProductRule } | { ok: false; message: string };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
// A day the calendar has: Date.parse takes 2026-02-30 for 2 March.
const isDate = (value: string) => DATE.test(value) && parseDateInput(value).kind === 'date';

const ACTION_OPS = {
  validation: ['add', 'remove', 'replace'],
  selection: ['add', 'remove', 'replace'],
  recommendation: ['add'],
  filter: ['hide'],
} as const;

export function checkRule(input: unknown, catalog: RuleCatalog): RuleCheck {
  if (!isRecord(input)) return { ok: false, message: 'Rule: expected a rule.' };
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  const where = `Rule '${name || (typeof input.id === 'string' ? input.id : '')}'`;
  const fail = (problem: string, place = where): RuleCheck => ({
    ok: false,
    message: `${place}: ${problem}`,
  });

  if (typeof input.id !== 'string' || input.id.trim() === '') return fail('a rule needs an id.');
  if (name === '') return fail('a rule needs a name.');
  const kind = input.kind;
  if (typeof kind !== 'string' || !(RULE_KINDS as readonly string[]).includes(kind))
    return fail(`'${String(kind)}' is not a kind of rule; use ${RULE_KINDS.join(', ')}.`);
  const ruleKind = kind as ProductRule['kind'];
  if (typeof input.is_active !== 'boolean') return fail('say whether the rule is active.');
  if (typeof input.priority !== 'number' || !Number.isInteger(input.priority))
    return fail('the priority is a whole number.');
  for (const field of ['effective_from', 'effective_to'] as const) {
    const value = input[field];
    if (value !== null && (typeof value !== 'string' || !isDate(value)))
      return fail(`${field} is a date (YYYY-MM-DD) or empty.`);
  }
  const from = input.effective_from as string | null;
  const to = input.effective_to as string | null;
  if (from !== null && to !== null && from > to)
    return fail(`it ends (${to}) before it starts (${from}).`);
  const scope = input.scope;
  if (typeof scope !== 'string' || !(RULE_SCOPES as readonly string[]).includes(scope))
    return fail(`'${String(scope)}' is not a scope; use ${RULE_SCOPES.join(', ')}.`);
  const ruleScope = scope as RuleScope;
  if (ruleKind === 'filter' && ruleScope !== 'quote')
    return fail('a filter hides SKUs from the whole quote: its scope is quote.');

  const factOf = (fact: string) => checkFactName(fact, ruleScope, catalog);
  const placeholderOf = (fact: string) => checkPlaceholder(fact, ruleScope, catalog);
  const condition = checkCondition(input.condition, where, factOf);
  if (!condition.ok) return condition;
  if (typeof input.message !== 'string') return fail('the message is text.', `${where} › message`);
  const message = checkTemplate(input.message, placeholderOf);
  if (!message.ok) return fail(message.problem, `${where} › message`);
  if (ruleKind !== 'filter' && input.message.trim() === '' && ruleKind !== 'selection')
    return fail('say what the seller reads when the rule holds.', `${where} › message`);

  if (!Array.isArray(input.actions)) return fail('actions is a list.');
  const ops: readonly string[] = ACTION_OPS[ruleKind];
  if (ruleKind === 'filter' && input.actions.length === 0)
    return fail('a filter needs an action that hides SKUs.');
  if (ruleKind === 'recommendation' && input.actions.length === 0)
    return fail('a recommendation suggests at least one line.');
  const actions: (LineAction | HideAction)[] = [];
  for (const [index, action] of input.actions.entries()) {
    const place = `${where} › action ${index + 1}`;
    if (!isRecord(action) || typeof action.op !== 'string' || !ops.includes(action.op))
      return fail(`a ${ruleKind} rule's action is ${ops.join(', ')}.`, place);
    const checked =
      action.op === 'hide'
        ? checkSelector(action.select, catalog)
        : checkLineAction(action, catalog, placeholderOf);
    if (typeof checked === 'string') return fail(checked, place);
    actions.push(checked);
  }

  const base = {
    id: input.id.trim(),
    name,
    is_active: input.is_active,
    priority: input.priority,
    effective_from: from,
    effective_to: to,
    scope: ruleScope,
    condition: condition.tree,
    message: input.message,
  };
  switch (ruleKind) {
    case 'validation':
      if (input.severity !== 'error' && input.severity !== 'warning')
        return fail('a validation rule is an error or a warning.');
      return {
        ok: true,
        rule: {
          ...base,
          kind: ruleKind,
          severity: input.severity,
          actions: actions as LineAction[],
        },
      };
    case 'selection':
      if (input.apply !== 'offer' && input.apply !== 'automatic')
        return fail('a selection rule is offered or automatic.');
      return {
        ok: true,
        rule: { ...base, kind: ruleKind, apply: input.apply, actions: actions as LineAction[] },
      };
    case 'recommendation':
      return { ok: true, rule: { ...base, kind: ruleKind, actions: actions as LineAction[] } };
    case 'filter':
      return {
        ok: true,
        rule: { ...base, kind: ruleKind, scope: 'quote', actions: actions as HideAction[] },
      };
  }
}

const PLACEHOLDER_ONLY = /\{[^{}]*\}/g;

/** A SKU code, or a template whose placeholders are text the scope knows ('{model}-SUP-PRM'). */
function checkSkuTemplate(
  sku: unknown,
  catalog: RuleCatalog,
  placeholderOf: (name: string) => FactCheck,
): string | null {
  if (typeof sku !== 'string' || sku.trim() === '') return 'name the SKU.';
  if (!sku.includes('{')) return catalog[sku] ? null : `${sku} is not a SKU of the catalogue.`;
  const template = checkTemplate(sku, placeholderOf);
  if (!template.ok) return template.problem;
  const pattern = skuPattern(sku);
  return Object.keys(catalog).some((code) => pattern.test(code))
    ? null
    : `no SKU of the catalogue fits ${sku}.`;
}

/** A SKU template as a pattern of the codes it may give. */
export function skuPattern(template: string): RegExp {
  const parts = template
    .split(PLACEHOLDER_ONLY)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+')}$`);
}

function checkLineAction(
  action: Record<string, unknown>,
  catalog: RuleCatalog,
  placeholderOf: (name: string) => FactCheck,
): LineAction | string {
  const skuProblem = checkSkuTemplate(action.sku, catalog, placeholderOf);
  if (skuProblem) return skuProblem;
  const sku = (action.sku as string).trim();
  if (action.label !== undefined) {
    if (typeof action.label !== 'string') return 'the label is text.';
    const label = checkTemplate(action.label, placeholderOf);
    if (!label.ok) return label.problem;
  }
  const label = typeof action.label === 'string' ? { label: action.label } : {};
  const quantity = (required: boolean): string | null | undefined => {
    if (action.quantity === undefined && !required) return undefined;
    if (typeof action.quantity !== 'string' || action.quantity.trim() === '') return null;
    return action.quantity;
  };
  switch (action.op) {
    case 'add': {
      const formula = quantity(true);
      if (!formula) return 'say how many to add, as a formula.';
      const parsed = parseFormula(formula, placeholderOf);
      if (!parsed.ok) return parsed.problem;
      return { op: 'add', sku, quantity: formula, ...label };
    }
    case 'remove':
      return { op: 'remove', sku, ...label };
    default: {
      const byProblem = checkSkuTemplate(action.by, catalog, placeholderOf);
      if (byProblem) return `replace by: ${byProblem}`;
      const formula = quantity(false);
      if (formula === null) return 'the quantity is a formula.';
      if (formula !== undefined) {
        const parsed = parseFormula(formula, placeholderOf);
        if (!parsed.ok) return parsed.problem;
      }
      const by = (action.by as string).trim();
      return formula === undefined
        ? { op: 'replace', sku, by, ...label }
        : { op: 'replace', sku, by, quantity: formula, ...label };
    }
  }
}

function checkSelector(input: unknown, catalog: RuleCatalog): HideAction | string {
  if (!isRecord(input)) return 'say which SKUs to hide.';
  const select: SkuSelector = {};
  const list = (field: string): string[] | null | undefined => {
    const value = input[field];
    if (value === undefined) return undefined;
    return Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')
      ? value
      : null;
  };
  const skus = list('skus');
  if (skus === null) return 'skus is a list of SKU codes.';
  const unknownSku = skus?.find((sku) => !catalog[sku]);
  if (unknownSku !== undefined) return `${unknownSku} is not a SKU of the catalogue.`;
  if (skus) select.skus = skus;
  const families = list('families');
  if (families === null) return 'families is a list of product families.';
  const knownFamilies = new Set(Object.values(catalog).map((entry) => entry.family));
  const unknownFamily = families?.find((family) => !knownFamilies.has(family));
  if (unknownFamily !== undefined)
    return `${unknownFamily} is not a product family of the catalogue.`;
  if (families) select.families = families;
  const kinds = list('kinds');
  if (kinds === null) return 'kinds is a list of product kinds.';
  const unknownKind = kinds?.find((kind) => !(PRODUCT_KINDS as readonly string[]).includes(kind));
  if (unknownKind !== undefined)
    return `${unknownKind} is not a product kind; use ${PRODUCT_KINDS.join(', ')}.`;
  if (kinds) select.kinds = kinds as ProductKind[];
  if (input.is_end_of_sale !== undefined) {
    if (typeof input.is_end_of_sale !== 'boolean') return 'is_end_of_sale is yes or no.';
    select.is_end_of_sale = input.is_end_of_sale;
  }
  if (Object.keys(select).length === 0) return 'say which SKUs to hide.';
  return { op: 'hide', select };
}

export type RuleSetCheck = { ok: true } | { ok: false; message: string };

/** The catalogue SKUs a SKU template may stand for. */
const skusOf = (template: string, catalog: RuleCatalog): string[] => {
  if (!template.includes('{')) return [template];
  const pattern = skuPattern(template);
  return Object.keys(catalog).filter((code) => pattern.test(code));
};

/**
 * Refuses selection rules that could undo each other: one adds what another (or itself) removes,
 * or replaces lead round in a cycle. Conservative: the rules' conditions are not compared.
 */
export function checkRuleSet(rules: readonly ProductRule[], catalog: RuleCatalog): RuleSetCheck {
  const selections = rules.filter((rule) => rule.kind === 'selection');
  const replaces = new Map<string, { to: string; rule: string }[]>();
  for (const rule of selections)
    for (const action of rule.actions)
      if (action.op === 'replace')
        for (const from of skusOf(action.sku, catalog))
          for (const to of skusOf(action.by, catalog))
            replaces.set(from, [...(replaces.get(from) ?? []), { to, rule: rule.name }]);

  // A depth-first walk: a SKU met again on the path closes a cycle.
  const done = new Set<string>();
  const walk = (sku: string, path: { sku: string; rule: string }[]): string | null => {
    const seen = path.findIndex((step) => step.sku === sku);
    if (seen >= 0) {
      const cycle = path.slice(seen);
      const names = [...new Set(cycle.map((step) => `'${step.rule}'`))];
      const skus = [...cycle.map((step) => step.sku), sku].join(' → ');
      return `Rules ${names.join(', ')} replace in a cycle: ${skus}.`;
    }
    if (done.has(sku)) return null;
    for (const edge of replaces.get(sku) ?? []) {
      const found = walk(edge.to, [...path, { sku, rule: edge.rule }]);
      if (found) return found;
    }
    done.add(sku);
    return null;
  };
  for (const sku of replaces.keys()) {
    const cycle = walk(sku, []);
    if (cycle) return { ok: false, message: cycle };
  }

  // A replace that feeds another replace is a chain, checked above for cycles; any other add of
  // what a rule removes or replaces away is a tug of war.
  const removedBy = new Map<string, { rule: string; isReplace: boolean }>();
  for (const rule of selections)
    for (const action of rule.actions)
      if (action.op === 'remove' || action.op === 'replace')
        for (const sku of skusOf(action.sku, catalog))
          if (!removedBy.has(sku) || action.op === 'remove')
            removedBy.set(sku, { rule: rule.name, isReplace: action.op === 'replace' });
  for (const rule of selections)
    for (const action of rule.actions) {
      if (action.op === 'remove') continue;
      const added = action.op === 'add' ? action.sku : action.by;
      for (const sku of skusOf(added, catalog)) {
        const remover = removedBy.get(sku);
        if (remover === undefined || (action.op === 'replace' && remover.isReplace)) continue;
        return {
          ok: false,
          message: `Rule '${rule.name}' adds ${sku}, which rule '${remover.rule}' removes: they could undo each other for ever.`,
        };
      }
    }
  return { ok: true };
}
