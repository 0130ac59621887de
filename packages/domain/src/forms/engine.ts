// Kept whole: the recipe engine, its form state and the rules it runs over that state.
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
  type LookupOption,
  type Lookups,
  type RuleEffect,
} from './recipe.ts';
import {
  isEmptyValue,
  isJsonObject,
  isSameValue,
  isSameValues,
  ownValue,
  readValue,
  setValue,
  textOf,
} from './values.ts';

/**
 * The form rules engine (spec §4): from a recipe and the values entered so far, which fields
 * show, how, with which options, and what the rules do to the values. Pure: the browser runs it
 * on every change and the server on a submission, and both must get the same answer.
 *
 * Field props are recomputed from the recipe on every pass, so they depend only on the values
 * and lookups. Value side effects (drop on hide, restore the default on reveal, set the default
 * of UPDATE_DEFAULT_VALUE, clear a value no longer offered) happen when a rule's outcome changes,
 * which `FormState.outcomes` remembers between changes.
 */

export interface CreateFormStateOptions {
  /** Values the user already chose (a saved quote, a submission to re-validate). */
  values?: FormValues;
  lookups?: Lookups;
}

export interface ChangeFieldOptions {
  /** The lookups to filter; the state's own when absent. */
  lookups?: Lookups;
}

type Outcome = boolean | null;
type Value = JsonValue | undefined;

/** A rule checked once per run: effect known, targets found, condition compiled. */
interface CompiledRule {
  rule: FormRule;
  effect: RuleEffect;
  targets: FormField[];
  holds: (values: FormValues) => boolean;
}

/** What one call works from: the recipe indexed, its rules compiled, the warnings so far. */
interface Run {
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

export function createFormState(
  recipe: FormRecipe,
  options: CreateFormStateOptions = {},
): FormState {
  const run = prepareRun(recipe, options.lookups);
  const defaults: FormValues = {};
  for (const field of run.fields) {
    for (const key of valueKeysOf(field)) {
      const value = defaultValueOf(field, key);
      if (value !== undefined) setValue(defaults, key, value);
    }
  }
  const values = { ...defaults, ...recipe.initial_state, ...options.values };
  // The caller's values are the user's choices: defaults never overwrite them, though hiding a
  // field or narrowing its options still drops them.
  return settle(run, values, [], new Set(Object.keys(options.values ?? {})));
}

/**
 * Sets several values at once, clears what their reset lists name, and reruns the rules. A
 * value in `changes` is never cleared by another change's reset list.
 */
export function changeFields(
  recipe: FormRecipe,
  state: FormState,
  changes: FormValues,
  options: ChangeFieldOptions = {},
): FormState {
  const run = prepareRun(recipe, options.lookups ?? state.lookups);
  const names = Object.keys(changes);
  const values = { ...state.values };
  for (const name of names) setValue(values, name, ownValue(changes, name));
  // Re-entering the same value is not a change: it must not wipe the fields that depend on it.
  const changed = names.filter(
    (name) => !isSameValue(ownValue(state.values, name), ownValue(changes, name)),
  );
  for (const key of resetKeysOf(run, state, changed)) {
    if (!Object.hasOwn(changes, key)) setValue(values, key, undefined);
  }
  return settle(run, values, state.outcomes, new Set());
}

export function changeField(
  recipe: FormRecipe,
  state: FormState,
  name: string,
  value: Value,
  options: ChangeFieldOptions = {},
): FormState {
  return changeFields(recipe, state, { [name]: value }, options);
}

/**
 * The rules' outcomes and the fields as they leave them, for values taken as they are: no value
 * side effects. A FormState's fields and outcomes always equal these for its values.
 */
export function evaluateRules(
  recipe: FormRecipe,
  values: FormValues,
  options: ChangeFieldOptions = {},
): Pick<FormState, 'outcomes' | 'fields' | 'warnings'> {
  const run = prepareRun(recipe, options.lookups);
  const outcomes = evaluateOutcomes(run, values);
  return { outcomes, fields: deriveFields(run, outcomes), warnings: [...run.warnings] };
}

/** The visible fields row by row, empty rows left out: what the renderer draws. */
export function visibleRowsOf(recipe: FormRecipe, state: FormState): FieldState[][] {
  const seen = new Set<string>();
  return recipe.rows
    .map((row) =>
      row.flatMap((field) => {
        if (seen.has(field.field)) return [];
        seen.add(field.field);
        const fieldState = fieldStateOf(state, field.field);
        return fieldState?.is_visible ? [fieldState] : [];
      }),
    )
    .filter((row) => row.length > 0);
}

/** The visible fields in row order: what the validator checks. */
export const visibleFieldsOf = (recipe: FormRecipe, state: FormState): FieldState[] =>
  visibleRowsOf(recipe, state).flat();

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

const fieldStateOf = (state: FormState, name: string): FieldState | undefined =>
  Object.hasOwn(state.fields, name) ? state.fields[name] : undefined;

// ---------------------------------------------------------------------------------------------
// Preparing a run

function prepareRun(recipe: FormRecipe, lookups: Lookups | undefined): Run {
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

function skippedRuleWarning(rule: FormRule, index: number, error: unknown): string {
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

// ---------------------------------------------------------------------------------------------
// Running the rules

/**
 * Runs passes until the value side effects stop changing values. A cycle (a rule whose effect
 * flips its own condition, directly or through others) must not hang the page, so passes are
 * bounded; the state returned is then the last one reached, with a warning.
 */
function settle(
  run: Run,
  start: FormValues,
  previousOutcomes: readonly (Outcome | undefined)[],
  protectedKeys: ReadonlySet<string>,
): FormState {
  const maxPasses = run.rules.length + run.fields.length + 2;
  let values = start;
  let previous = previousOutcomes;
  let outcomes = evaluateOutcomes(run, values);
  let isSettled = false;
  for (let pass = 0; pass < maxPasses && !isSettled; pass += 1) {
    const fields = deriveFields(run, outcomes);
    const next = applyValueEffects(run, previous, outcomes, fields, values, protectedKeys);
    if (isSameValues(next, values)) {
      isSettled = true;
    } else {
      previous = outcomes;
      values = next;
      outcomes = evaluateOutcomes(run, values);
    }
  }
  if (!isSettled) run.warnings.add(`Form rules did not settle after ${maxPasses} passes; stopped.`);
  return {
    values,
    fields: deriveFields(run, outcomes),
    outcomes,
    warnings: [...run.warnings],
    ...(run.lookups ? { lookups: run.lookups } : {}),
  };
}

function evaluateOutcomes(run: Run, values: FormValues): Outcome[] {
  return run.rules.map((compiled, index) => {
    if (!compiled) return null;
    try {
      return compiled.holds(values);
    } catch (error) {
      run.warnings.add(skippedRuleWarning(compiled.rule, index, error));
      return null;
    }
  });
}

interface FieldDraft {
  props: FormField;
  /** Set by the last FILTER_LOOKUP that holds. */
  family?: string;
}

/**
 * The fields as the rules leave them, from the recipe's props and the outcomes alone. Rules
 * apply in recipe order, so a later rule wins on the same prop. SHOW, EDITABLE and READONLY act
 * both ways; UPDATE_PROP, UPDATE_DEFAULT_VALUE and FILTER_LOOKUP act only while they hold, since
 * "the recipe's own props" is what every pass starts from.
 */
function deriveFields(run: Run, outcomes: readonly Outcome[]): Record<string, FieldState> {
  const drafts = new Map<string, FieldDraft>(
    run.fields.map((field) => [field.field, { props: { ...field } }]),
  );
  run.rules.forEach((compiled, index) => {
    const holds = outcomes[index];
    if (!compiled || holds === null || holds === undefined) return;
    for (const target of compiled.targets) {
      const draft = drafts.get(target.field);
      if (draft) applyEffect(compiled, holds, draft);
    }
  });
  return Object.fromEntries(
    [...drafts].map(([name, draft]) => [name, toFieldState(draft, run.lookups)]),
  );
}

function applyEffect({ effect, rule }: CompiledRule, holds: boolean, draft: FieldDraft): void {
  const { props } = draft;
  switch (effect) {
    case 'SHOW':
      props.is_hidden = !holds;
      if (holds) {
        props.is_required = true;
        props.is_optional = false;
      } else {
        props.is_optional = true;
      }
      return;
    case 'EDITABLE':
      props.is_disabled = !holds;
      return;
    case 'READONLY':
      props.is_disabled = holds;
      return;
    case 'UPDATE_PROP':
      if (holds) Object.assign(props, rule.new_props);
      return;
    case 'UPDATE_DEFAULT_VALUE':
      if (holds) props.default_value = rule.new_props?.default_value;
      return;
    case 'FILTER_LOOKUP':
      if (holds) draft.family = rule.family;
      return;
  }
}

function toFieldState({ props, family }: FieldDraft, lookups: Lookups | undefined): FieldState {
  const fieldState: FieldState = { ...props, is_visible: !props.is_hidden };
  const list =
    props.lookup && lookups && Object.hasOwn(lookups, props.lookup)
      ? lookups[props.lookup]
      : undefined;
  // Without the list (not loaded yet) nobody knows what is on offer: no options, nothing cleared.
  if (list) {
    fieldState.options =
      family === undefined ? [...list] : list.filter((option) => option.family === family);
  }
  return fieldState;
}

/** The value side effects of the rules whose outcome changed since `previous`. */
function applyValueEffects(
  run: Run,
  previous: readonly (Outcome | undefined)[],
  outcomes: readonly Outcome[],
  fields: Record<string, FieldState>,
  values: FormValues,
  protectedKeys: ReadonlySet<string>,
): FormValues {
  const next = { ...values };
  run.rules.forEach((compiled, index) => {
    const holds = outcomes[index];
    if (!compiled || holds === null || holds === undefined || holds === previous[index]) return;
    for (const target of compiled.targets) {
      const field = Object.hasOwn(fields, target.field) ? fields[target.field] : undefined;
      if (!field) continue;
      for (const key of valueKeysOf(target)) {
        const current = ownValue(next, key);
        switch (compiled.effect) {
          case 'SHOW':
            if (!holds) setValue(next, key, undefined);
            else if (isEmptyValue(current) && !protectedKeys.has(key)) {
              setValue(next, key, defaultValueOf(field, key));
            }
            break;
          case 'UPDATE_DEFAULT_VALUE':
            if (holds && !protectedKeys.has(key)) {
              const ruleDefault = compiled.rule.new_props?.default_value;
              setValue(next, key, defaultValueOf({ ...target, default_value: ruleDefault }, key));
            }
            break;
          case 'FILTER_LOOKUP':
            if (field.options) setValue(next, key, offeredPart(current, field.options));
            break;
          case 'EDITABLE':
          case 'READONLY':
          case 'UPDATE_PROP':
            break;
        }
      }
    }
  });
  return next;
}

/** The part of a value still on offer: a list keeps its offered items, a single value all or nothing. */
function offeredPart(value: Value, options: readonly LookupOption[]): Value {
  if (isEmptyValue(value)) return value;
  const offered = new Set(options.map((option) => option.value));
  if (Array.isArray(value)) {
    const kept = value.filter((item) => offered.has(textOf(item)));
    if (kept.length === value.length) return value;
    return kept.length > 0 ? kept : undefined;
  }
  return offered.has(textOf(value)) ? value : undefined;
}

/** The value keys cleared when `changed` change: their reset lists, followed transitively. */
function resetKeysOf(run: Run, state: FormState, changed: readonly string[]): Set<string> {
  const keys = new Set<string>();
  const visited = new Set(changed);
  const queue = [...changed];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const field = run.byName.get(next) ?? run.byValueKey.get(next);
    if (!field) continue;
    // The reset list as the rules left it: an UPDATE_PROP may have changed it.
    const resetList = (fieldStateOf(state, field.field) ?? field).reset_value_for ?? [];
    for (const name of resetList) {
      const named = run.byName.get(name);
      for (const key of named ? valueKeysOf(named) : [name]) keys.add(key);
      if (!visited.has(name)) {
        visited.add(name);
        queue.push(name);
      }
    }
  }
  return keys;
}
