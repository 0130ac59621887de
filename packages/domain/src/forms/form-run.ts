/**
 * What one call of the form rules engine (engine.ts) works from: the recipe indexed by field and
 * value key, its rules checked and their conditions compiled (parsed once, cached), and the
 * warnings about rules it had to skip.
 */
import {
  ConditionSyntaxError,
  evaluateComparison,
  evaluateCondition,
  parseCondition,
  toConditionOperator,
  type ConditionNode,
} from './condition.ts';
import {
  RULE_EFFECTS,
  type FieldState,
  type FormField,
  type FormRecipe,
  type FormRule,
  type FormState,
  type FormValues,
  type JsonValue,
  type Lookups,
  type RuleEffect,
} from './recipe.ts';
import { isJsonObject, readValue } from './values.ts';

export type Outcome = boolean | null;
export type Value = JsonValue | undefined;

/** A rule checked once per run: effect known, targets found, condition compiled. */
export interface CompiledRule {
  rule: FormRule;
  effect: RuleEffect;
  targets: FormField[];
  holds: (values: FormValues) => boolean;
}

/** What one call works from: the recipe indexed, its rules compiled, the warnings so far. */
export interface Run {
  /** Row order; the first field of each name. */
  fields: FormField[];
  byName: Map<string, FormField>;
  /** A DateRange is found under field1 and field2 too. */
  byValueKey: Map<string, FormField>;
  /** null for a rule that could not be compiled (already warned about). */
  rules: (CompiledRule | null)[];
  lookups: Lookups | undefined;
  warnings: Set<string>;
}

/** The keys of a field's value in FormValues: field1 and field2 for a DateRange. */
export function valueKeysOf(field: FormField): string[] {
  if (field.renderer !== 'DateRange') return [field.field];
  const keys = [field.field1, field.field2].filter((key): key is string => !!key);
  return keys.length > 0 ? keys : [field.field];
}

/**
 * The default of one value key. A DateRange's default is a pair `[start, end]` or an object
 * keyed by field1 and field2.
 */
export function defaultValueOf(field: FormField, key: string): Value {
  const keys = valueKeysOf(field);
  const value = field.default_value;
  if (keys[0] === field.field) return value;
  if (Array.isArray(value)) return value[keys.indexOf(key)];
  return isJsonObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

export const fieldStateOf = (state: FormState, name: string): FieldState | undefined =>
  Object.hasOwn(state.fields, name) ? state.fields[name] : undefined;

export function prepareRun(recipe: FormRecipe, lookups: Lookups | undefined): Run {
  const warnings = new Set<string>();
  const fields: FormField[] = [];
  const byName = new Map<string, FormField>();
  const byValueKey = new Map<string, FormField>();
  for (const field of recipe.rows.flat()) {
    if (byName.has(field.field)) {
      warnings.add(
        `Field '${field.field}' appears more than once in the recipe; the first is used.`,
      );
      continue;
    }
    fields.push(field);
    byName.set(field.field, field);
    for (const key of valueKeysOf(field)) if (!byValueKey.has(key)) byValueKey.set(key, field);
  }
  const run: Run = { fields, byName, byValueKey, rules: [], lookups, warnings };
  run.rules = recipe.rules.map((rule, index) => {
    try {
      return compileRule(run, rule);
    } catch (error) {
      warnings.add(skippedRuleWarning(rule, index, error));
      return null;
    }
  });
  return run;
}

export function skippedRuleWarning(rule: FormRule, index: number, error: unknown): string {
  const targets = Array.isArray(rule.target) ? rule.target.join(', ') : String(rule.target);
  const reason = error instanceof Error ? error.message : String(error);
  return `Rule ${index} (${String(rule.effect)} → ${targets}) skipped: ${reason}`;
}

/** Throws whatever makes the rule unusable; the caller skips it with a warning. */
function compileRule(run: Run, rule: FormRule): CompiledRule {
  if (!(RULE_EFFECTS as readonly string[]).includes(rule.effect)) {
    throw new Error(`unknown effect '${String(rule.effect)}'`);
  }
  const targets = targetNamesOf(rule).map((name) => {
    const field = run.byName.get(name);
    if (!field) throw new Error(`target field '${name}' is not in the recipe`);
    return field;
  });
  checkEffectProps(rule, targets);
  return { rule, effect: rule.effect, targets, holds: conditionOf(rule) };
}

function targetNamesOf(rule: FormRule): string[] {
  const { target } = rule;
  const names = typeof target === 'string' ? [target] : target;
  if (!Array.isArray(names) || !names.every((name) => typeof name === 'string')) {
    throw new Error('target must be a field name or a list of field names');
  }
  if (names.length === 0) throw new Error('it has no target');
  return names;
}

/** The props an effect needs must be there, so a half-written rule fails loudly, not oddly. */
function checkEffectProps(rule: FormRule, targets: FormField[]): void {
  const newProps = rule.new_props;
  switch (rule.effect) {
    case 'UPDATE_PROP': {
      if (typeof newProps !== 'object' || newProps === null || Array.isArray(newProps)) {
        throw new Error('UPDATE_PROP needs new_props');
      }
      // The value keys are what ties a field to its values; a rule cannot move them.
      for (const key of ['field', 'field1', 'field2']) {
        if (Object.hasOwn(newProps, key)) throw new Error(`new_props may not change ${key}`);
      }
      if (newProps.pattern !== undefined) new RegExp(newProps.pattern);
      return;
    }
    case 'UPDATE_DEFAULT_VALUE':
      if (newProps?.default_value === undefined) {
        throw new Error('UPDATE_DEFAULT_VALUE needs new_props.default_value');
      }
      return;
    case 'FILTER_LOOKUP': {
      if (typeof rule.family !== 'string') throw new Error('FILTER_LOOKUP needs a family');
      const withoutLookup = targets.find((field) => !field.lookup);
      if (withoutLookup) throw new Error(`target field '${withoutLookup.field}' has no lookup`);
      return;
    }
    case 'SHOW':
    case 'EDITABLE':
    case 'READONLY':
      return;
  }
}

function conditionOf(rule: FormRule): (values: FormValues) => boolean {
  const type = rule.type ?? 'condition';
  if (typeof rule.op !== 'string') throw new Error('op must be a string');
  if (type === 'expression') {
    const node = parseCached(rule.op);
    return (values) => evaluateCondition(node, values);
  }
  if (type !== 'condition') throw new Error(`unknown rule type '${String(type)}'`);
  const op = toConditionOperator(rule.op);
  const { source, val } = rule;
  if (!source) throw new Error("a 'condition' rule needs a source field");
  return (values) => evaluateComparison(op, readValue(values, source), val);
}

// Every change reruns every rule, and recipes hold few distinct expressions: parse each once.
// Bounded so a server handling many recipes cannot grow it without end.
const PARSE_CACHE_LIMIT = 500;
const parsedExpressions = new Map<string, ConditionNode | ConditionSyntaxError>();

function parseCached(expression: string): ConditionNode {
  let parsed = parsedExpressions.get(expression);
  if (parsed === undefined) {
    try {
      parsed = parseCondition(expression);
    } catch (error) {
      if (!(error instanceof ConditionSyntaxError)) throw error;
      parsed = error;
    }
    if (parsedExpressions.size >= PARSE_CACHE_LIMIT) {
      const oldest = parsedExpressions.keys().next();
      if (!oldest.done) parsedExpressions.delete(oldest.value);
    }
    parsedExpressions.set(expression, parsed);
  }
  if (parsed instanceof ConditionSyntaxError) throw parsed;
  return parsed;
}
