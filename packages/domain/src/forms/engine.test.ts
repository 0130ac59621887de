import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changeField,
  changeFields,
  createFormState,
  evaluateRules,
  visibleFieldsOf,
  visibleRowsOf,
} from './engine.ts';
import { valueKeysOf } from './form-run.ts';
import {
  CONDITION_OPERATORS,
  RULE_EFFECTS,
  type FormField,
  type FormRecipe,
  type FormRule,
  type FormState,
  type FormValues,
  type JsonValue,
  type Lookups,
} from './recipe.ts';

const field = (name: string, props: Partial<FormField> = {}): FormField => ({
  field: name,
  label: name,
  ...props,
});

const recipeOf = (
  fields: FormField[],
  rules: FormRule[] = [],
  initialState: FormValues = {},
): FormRecipe => ({ initial_state: initialState, rows: fields.map((f) => [f]), rules });

/** A rule on deal_type, the usual source in these tests. */
const whenDealType = (val: string, rule: Omit<FormRule, 'op' | 'source' | 'val'>): FormRule => ({
  op: 'string-equals',
  source: 'deal_type',
  val,
  ...rule,
});

const fieldOf = (state: FormState, name: string) => {
  const fieldState = state.fields[name];
  if (!fieldState) throw new Error(`no field ${name}`);
  return fieldState;
};

describe('createFormState', () => {
  it('takes defaults, then the initial state, then the given values', () => {
    const recipe = recipeOf(
      [
        field('a', { default_value: 'default' }),
        field('b', { default_value: 'default' }),
        field('c', { default_value: 'default' }),
        field('d'),
      ],
      [],
      { b: 'initial', c: 'initial' },
    );
    const state = createFormState(recipe, { values: { c: 'given', extra: 1 } });
    expect(state.values).toEqual({ a: 'default', b: 'initial', c: 'given', extra: 1 });
    expect(state.outcomes).toEqual([]);
    expect(state.warnings).toEqual([]);
  });

  it('runs every rule once at creation', () => {
    const recipe = recipeOf(
      [field('deal_type'), field('notes'), field('term')],
      [
        whenDealType('R', { target: 'notes', effect: 'SHOW' }),
        whenDealType('R', { target: 'term', effect: 'READONLY' }),
      ],
      { deal_type: 'R', notes: 'kept' },
    );
    const state = createFormState(recipe);
    expect(state.outcomes).toEqual([true, true]);
    expect(fieldOf(state, 'notes')).toMatchObject({ is_visible: true, is_required: true });
    expect(fieldOf(state, 'term').is_disabled).toBe(true);
  });

  it('keys fields by name and keeps the recipe props', () => {
    const state = createFormState(recipeOf([field('a', { placeholder: 'Type', min: 1 })]));
    expect(state.fields).toEqual({
      a: { field: 'a', label: 'a', placeholder: 'Type', min: 1, is_visible: true },
    });
  });

  it('starts a recipe-hidden field hidden', () => {
    const state = createFormState(recipeOf([field('a', { is_hidden: true })]));
    expect(fieldOf(state, 'a').is_visible).toBe(false);
  });

  it('warns about a field name used twice and uses the first', () => {
    const recipe = recipeOf([field('a', { label: 'First' }), field('a', { label: 'Second' })]);
    const state = createFormState(recipe);
    expect(fieldOf(state, 'a').label).toBe('First');
    expect(state.warnings).toEqual([
      "Field 'a' appears more than once in the recipe; the first is used.",
    ]);
  });
});

describe('SHOW', () => {
  const recipe = recipeOf(
    [
      field('deal_type'),
      field('notes', { is_hidden: true, default_value: 'n/a', is_required: false }),
    ],
    [whenDealType('R', { target: 'notes', effect: 'SHOW' })],
  );

  it('hides the field, makes it optional and drops its value while the condition fails', () => {
    const state = createFormState(recipe, { values: { deal_type: 'NB', notes: 'typed' } });
    expect(fieldOf(state, 'notes')).toMatchObject({
      is_visible: false,
      is_hidden: true,
      is_optional: true,
      is_required: false,
    });
    expect(state.values.notes).toBeUndefined();
  });

  it('reveals the field, makes it required and restores its default when the condition holds', () => {
    const hidden = createFormState(recipe, { values: { deal_type: 'NB' } });
    const shown = changeField(recipe, hidden, 'deal_type', 'R');
    expect(fieldOf(shown, 'notes')).toMatchObject({
      is_visible: true,
      is_hidden: false,
      is_required: true,
      is_optional: false,
    });
    expect(shown.values.notes).toBe('n/a');
    expect(shown.outcomes).toEqual([true]);
  });

  it('keeps a value the field already has when revealed', () => {
    const hidden = createFormState(recipe, { values: { deal_type: 'NB' } });
    const typed = changeField(recipe, hidden, 'notes', 'typed while hidden');
    const shown = changeField(recipe, typed, 'deal_type', 'R');
    expect(shown.values.notes).toBe('typed while hidden');
  });

  it('drops the value again when hidden again', () => {
    const shown = createFormState(recipe, { values: { deal_type: 'R', notes: 'mine' } });
    expect(shown.values.notes).toBe('mine');
    const hidden = changeField(recipe, shown, 'deal_type', 'NB');
    expect(hidden.values.notes).toBeUndefined();
    expect(fieldOf(hidden, 'notes').is_visible).toBe(false);
  });

  it('does not touch the value while the outcome stays the same', () => {
    const shown = createFormState(recipe, { values: { deal_type: 'R' } });
    const cleared = changeField(recipe, shown, 'notes', undefined);
    const unrelated = changeField(recipe, cleared, 'other', 1);
    expect(unrelated.values.notes).toBeUndefined();
  });

  it('drops and restores both dates of a DateRange', () => {
    const range = field('period', {
      renderer: 'DateRange',
      field1: 'start',
      field2: 'end',
      default_value: ['2025-01-01', '2025-12-31'],
    });
    const rangeRecipe = recipeOf(
      [field('deal_type'), range],
      [whenDealType('R', { target: 'period', effect: 'SHOW' })],
    );
    const shown = createFormState(rangeRecipe, { values: { deal_type: 'R' } });
    expect(shown.values).toMatchObject({ start: '2025-01-01', end: '2025-12-31' });
    const hidden = changeField(rangeRecipe, shown, 'deal_type', 'NB');
    expect(hidden.values).toMatchObject({ start: undefined, end: undefined });
    const again = changeField(rangeRecipe, hidden, 'deal_type', 'R');
    expect(again.values).toMatchObject({ start: '2025-01-01', end: '2025-12-31' });
  });
});

describe('EDITABLE and READONLY', () => {
  it.each<['EDITABLE' | 'READONLY', string, boolean]>([
    ['EDITABLE', 'R', false],
    ['EDITABLE', 'NB', true],
    ['READONLY', 'R', true],
    ['READONLY', 'NB', false],
  ])('%s with deal type %s: is_disabled %s', (effect, dealType, isDisabled) => {
    const recipe = recipeOf(
      [field('deal_type'), field('term', { is_disabled: !isDisabled })],
      [whenDealType('R', { target: 'term', effect })],
    );
    const state = createFormState(recipe, { values: { deal_type: dealType } });
    expect(fieldOf(state, 'term').is_disabled).toBe(isDisabled);
  });

  it('leave the value alone', () => {
    const recipe = recipeOf(
      [field('deal_type'), field('term')],
      [whenDealType('R', { target: 'term', effect: 'READONLY' })],
    );
    const state = createFormState(recipe, { values: { deal_type: 'NB', term: 12 } });
    expect(changeField(recipe, state, 'deal_type', 'R').values.term).toBe(12);
  });
});

describe('UPDATE_PROP', () => {
  const recipe = recipeOf(
    [field('deal_type'), field('term', { label: 'Term', min: 1 })],
    [
      whenDealType('R', {
        target: ['term'],
        effect: 'UPDATE_PROP',
        new_props: { label: 'Renewal term', max: 60, is_required: true },
      }),
    ],
  );

  it('merges new_props over the recipe props while the condition holds', () => {
    const state = createFormState(recipe, { values: { deal_type: 'R' } });
    expect(fieldOf(state, 'term')).toMatchObject({
      label: 'Renewal term',
      min: 1,
      max: 60,
      is_required: true,
    });
  });

  it('gives back the recipe props when it stops holding', () => {
    const renewal = createFormState(recipe, { values: { deal_type: 'R' } });
    const state = changeField(recipe, renewal, 'deal_type', 'NB');
    expect(fieldOf(state, 'term')).toEqual({
      field: 'term',
      label: 'Term',
      min: 1,
      is_visible: true,
    });
  });
});

describe('UPDATE_DEFAULT_VALUE', () => {
  const recipe = recipeOf(
    [field('deal_type'), field('term', { default_value: 12 })],
    [
      whenDealType('R', {
        target: 'term',
        effect: 'UPDATE_DEFAULT_VALUE',
        new_props: { default_value: 36 },
      }),
    ],
  );

  it('sets the default and the value when the condition turns true', () => {
    const state = createFormState(recipe, { values: { deal_type: 'NB' } });
    expect(state.values.term).toBe(12);
    const renewal = changeField(recipe, state, 'deal_type', 'R');
    expect(fieldOf(renewal, 'term').default_value).toBe(36);
    expect(renewal.values.term).toBe(36);
  });

  it('sets the value at creation', () => {
    const state = createFormState({ ...recipe, initial_state: { deal_type: 'R' } });
    expect(state.values.term).toBe(36);
  });

  it('keeps a value the caller gave at creation', () => {
    const state = createFormState(recipe, { values: { deal_type: 'R', term: 24 } });
    expect(state.values.term).toBe(24);
    expect(fieldOf(state, 'term').default_value).toBe(36);
  });

  it('does not overwrite a value the user changed while the condition keeps holding', () => {
    const renewal = changeField(recipe, createFormState(recipe), 'deal_type', 'R');
    const edited = changeField(recipe, renewal, 'term', 48);
    expect(changeField(recipe, edited, 'other', 'x').values.term).toBe(48);
  });

  it('gives back the recipe default, leaving the value, when it stops holding', () => {
    const renewal = changeField(recipe, createFormState(recipe), 'deal_type', 'R');
    const state = changeField(recipe, renewal, 'deal_type', 'NB');
    expect(fieldOf(state, 'term').default_value).toBe(12);
    expect(state.values.term).toBe(36);
  });

  it('is the default a later SHOW restores', () => {
    const chained = recipeOf(
      [field('deal_type'), field('term', { default_value: 12, is_hidden: true })],
      [
        whenDealType('R', {
          target: 'term',
          effect: 'UPDATE_DEFAULT_VALUE',
          new_props: { default_value: 36 },
        }),
        { op: 'deal_type string-equals R', type: 'expression', target: 'term', effect: 'SHOW' },
      ],
    );
    const state = changeField(chained, createFormState(chained), 'deal_type', 'R');
    expect(state.values.term).toBe(36);
    expect(fieldOf(state, 'term').is_visible).toBe(true);
  });
});

describe('FILTER_LOOKUP', () => {
  const lookups: Lookups = {
    products: [
      { value: 'cam-1', label: 'Camera 1', family: 'cameras' },
      { value: 'cam-2', label: 'Camera 2', family: 'cameras' },
      { value: 'badge-1', label: 'Badge 1', family: 'badges' },
    ],
  };
  const recipe = recipeOf(
    [field('line'), field('product', { renderer: 'Select', lookup: 'products' })],
    [
      {
        op: 'string-equals',
        source: 'line',
        val: 'video',
        target: 'product',
        effect: 'FILTER_LOOKUP',
        family: 'cameras',
      },
    ],
  );
  const valuesOf = (state: FormState) => fieldOf(state, 'product').options?.map((o) => o.value);

  it('narrows the options to the family while the condition holds', () => {
    const state = createFormState(recipe, { values: { line: 'video' }, lookups });
    expect(valuesOf(state)).toEqual(['cam-1', 'cam-2']);
  });

  it('offers the full list otherwise', () => {
    const state = createFormState(recipe, { values: { line: 'access' }, lookups });
    expect(valuesOf(state)).toEqual(['cam-1', 'cam-2', 'badge-1']);
  });

  it('clears a value no longer offered and keeps one still offered', () => {
    const badge = createFormState(recipe, { values: { product: 'badge-1' }, lookups });
    expect(changeField(recipe, badge, 'line', 'video').values.product).toBeUndefined();
    const camera = createFormState(recipe, { values: { product: 'cam-2' }, lookups });
    expect(changeField(recipe, camera, 'line', 'video').values.product).toBe('cam-2');
  });

  it('keeps the offered items of a list value', () => {
    const state = createFormState(recipe, {
      values: { line: 'access', product: ['cam-1', 'badge-1'] },
      lookups,
    });
    expect(changeField(recipe, state, 'line', 'video').values.product).toEqual(['cam-1']);
  });

  it('clears a submitted value that is not on offer at all', () => {
    const state = createFormState(recipe, { values: { product: 'forged' }, lookups });
    expect(state.values.product).toBeUndefined();
  });

  it('filters again on change with the lookups the state was made with', () => {
    const state = createFormState(recipe, { lookups });
    expect(valuesOf(changeField(recipe, state, 'line', 'video'))).toEqual(['cam-1', 'cam-2']);
  });

  it('offers nothing and clears nothing while the list is not loaded', () => {
    const state = createFormState(recipe, { values: { line: 'video', product: 'badge-1' } });
    expect(fieldOf(state, 'product').options).toBeUndefined();
    expect(state.values.product).toBe('badge-1');
  });
});

describe('reset_value_for', () => {
  const recipe = recipeOf([
    field('country', { reset_value_for: ['region'] }),
    field('region', { reset_value_for: ['site', 'period'] }),
    field('site'),
    field('period', { renderer: 'DateRange', field1: 'start', field2: 'end' }),
    field('unrelated'),
  ]);
  const filled = createFormState(recipe, {
    values: {
      country: 'DE',
      region: 'EMEA',
      site: 'Berlin',
      start: '2025-01-01',
      end: '2025-02-01',
      unrelated: 'kept',
    },
  });

  it('clears the fields in the reset list, transitively, DateRange dates included', () => {
    const state = changeField(recipe, filled, 'country', 'FR');
    expect(state.values).toEqual({
      country: 'FR',
      region: undefined,
      site: undefined,
      start: undefined,
      end: undefined,
      unrelated: 'kept',
    });
  });

  it('clears only what follows the changed field', () => {
    const state = changeField(recipe, filled, 'region', 'APJ');
    expect(state.values).toMatchObject({ country: 'DE', region: 'APJ', site: undefined });
  });

  it('does not clear anything when the same value is entered again', () => {
    expect(changeField(recipe, filled, 'country', 'DE').values).toEqual(filled.values);
  });

  it('survives reset lists that form a cycle and never clears the changed field', () => {
    const cyclic = recipeOf([
      field('a', { reset_value_for: ['b'] }),
      field('b', { reset_value_for: ['a'] }),
    ]);
    const state = createFormState(cyclic, { values: { a: 1, b: 2 } });
    expect(changeField(cyclic, state, 'a', 3).values).toEqual({ a: 3, b: undefined });
  });

  it('never clears a value set in the same batch', () => {
    const state = changeFields(recipe, filled, { country: 'FR', site: 'Paris' });
    expect(state.values).toMatchObject({ country: 'FR', region: undefined, site: 'Paris' });
  });

  it('runs for a DateRange date under its field1 name', () => {
    const dated = recipeOf([
      field('period', {
        renderer: 'DateRange',
        field1: 'start',
        field2: 'end',
        reset_value_for: ['note'],
      }),
      field('note'),
    ]);
    const state = createFormState(dated, { values: { note: 'x' } });
    expect(changeField(dated, state, 'start', '2025-03-01').values.note).toBeUndefined();
  });
});

describe('rule order and cascades', () => {
  it('lets a later SHOW win over an earlier one on the same field', () => {
    const recipe = recipeOf(
      [field('deal_type'), field('notes')],
      [
        whenDealType('R', { target: 'notes', effect: 'SHOW' }),
        whenDealType('NB', { target: 'notes', effect: 'SHOW' }),
      ],
    );
    const state = createFormState(recipe, { values: { deal_type: 'R' } });
    expect(state.outcomes).toEqual([true, false]);
    expect(fieldOf(state, 'notes').is_visible).toBe(false);
  });

  it('lets a later UPDATE_PROP win on the same prop and keep the others', () => {
    const recipe = recipeOf(
      [field('deal_type'), field('term')],
      [
        whenDealType('R', {
          target: 'term',
          effect: 'UPDATE_PROP',
          new_props: { label: 'First', help_text: 'kept' },
        }),
        whenDealType('R', {
          target: 'term',
          effect: 'UPDATE_PROP',
          new_props: { label: 'Second' },
        }),
      ],
    );
    const state = createFormState(recipe, { values: { deal_type: 'R' } });
    expect(fieldOf(state, 'term')).toMatchObject({ label: 'Second', help_text: 'kept' });
  });

  it('does not let an UPDATE_PROP that fails undo an earlier one that holds', () => {
    const recipe = recipeOf(
      [field('deal_type'), field('term', { label: 'Term' })],
      [
        whenDealType('R', { target: 'term', effect: 'UPDATE_PROP', new_props: { label: 'R' } }),
        whenDealType('NB', { target: 'term', effect: 'UPDATE_PROP', new_props: { label: 'NB' } }),
      ],
    );
    const state = createFormState(recipe, { values: { deal_type: 'R' } });
    expect(fieldOf(state, 'term').label).toBe('R');
  });

  it('follows value side effects into other rules until they settle', () => {
    const recipe = recipeOf(
      [
        field('deal_type'),
        field('b', { default_value: 'on', is_hidden: true }),
        field('c', { is_hidden: true }),
      ],
      [
        { op: 'b string-equals on', type: 'expression', target: 'c', effect: 'SHOW' },
        whenDealType('R', { target: 'b', effect: 'SHOW' }),
      ],
    );
    const state = createFormState(recipe, { values: { deal_type: 'NB' } });
    expect(fieldOf(state, 'c').is_visible).toBe(false);
    const renewal = changeField(recipe, state, 'deal_type', 'R');
    expect(renewal.values.b).toBe('on');
    expect(fieldOf(renewal, 'c').is_visible).toBe(true);
    expect(renewal.outcomes).toEqual([true, true]);
    expect(renewal.warnings).toEqual([]);
  });

  it('stops a rule that flips its own condition, with a warning', () => {
    const recipe = recipeOf(
      [field('x', { default_value: 'd' })],
      [{ op: 'is-undefined', source: 'x', target: 'x', effect: 'SHOW' }],
    );
    const state = changeField(recipe, createFormState(recipe), 'x', undefined);
    expect(state.warnings).toEqual(['Form rules did not settle after 4 passes; stopped.']);
    expect(state.outcomes).toEqual([typeof state.values.x === 'undefined']);
  });

  it('stops a cycle of UPDATE_DEFAULT_VALUE rules, with a warning', () => {
    const setDefault = (source: string, when: string, target: string, value: string): FormRule => ({
      op: 'string-equals',
      source,
      val: when,
      target,
      effect: 'UPDATE_DEFAULT_VALUE',
      new_props: { default_value: value },
    });
    const recipe = recipeOf(
      [field('a'), field('b')],
      [
        setDefault('a', '1', 'b', '1'),
        setDefault('b', '1', 'a', '2'),
        setDefault('a', '2', 'b', '2'),
        setDefault('b', '2', 'a', '1'),
      ],
    );
    const state = changeField(recipe, createFormState(recipe), 'a', '1');
    expect(state.warnings).toEqual(['Form rules did not settle after 8 passes; stopped.']);
  });
});

describe('rules that throw', () => {
  const fields = [
    field('deal_type'),
    field('term', { label: 'Term', lookup: 'terms' }),
    field('notes', { is_hidden: true }),
  ];
  const working = whenDealType('R', { target: 'notes', effect: 'SHOW' });

  it.each<[string, FormRule, string]>([
    [
      'a syntax error in its expression',
      { type: 'expression', op: 'deal_type string-equals', target: 'term', effect: 'READONLY' },
      "Rule 0 (READONLY → term) skipped: Expected a value after 'string-equals' at position 23, found end of expression",
    ],
    [
      'a missing target field',
      whenDealType('R', { target: ['term', 'nowhere'], effect: 'READONLY' }),
      "Rule 0 (READONLY → term, nowhere) skipped: target field 'nowhere' is not in the recipe",
    ],
    [
      'a bad regular expression',
      whenDealType('R', { target: 'term', effect: 'UPDATE_PROP', new_props: { pattern: '([' } }),
      'Rule 0 (UPDATE_PROP → term) skipped: Invalid regular expression',
    ],
    [
      'an unknown operator',
      { op: 'equals', source: 'deal_type', val: 'R', target: 'term', effect: 'READONLY' },
      "Rule 0 (READONLY → term) skipped: Unknown operator 'equals'; expected one of",
    ],
    [
      'an unknown effect',
      whenDealType('R', { target: 'term', effect: 'HIDE' as FormRule['effect'] }),
      "Rule 0 (HIDE → term) skipped: unknown effect 'HIDE'",
    ],
    [
      'an unknown type',
      { ...whenDealType('R', { target: 'term', effect: 'READONLY' }), type: 'sql' as 'expression' },
      "Rule 0 (READONLY → term) skipped: unknown rule type 'sql'",
    ],
    [
      'a condition without a source',
      { op: 'boolean', target: 'term', effect: 'READONLY' },
      "Rule 0 (READONLY → term) skipped: a 'condition' rule needs a source field",
    ],
    [
      'no target',
      whenDealType('R', { target: [], effect: 'READONLY' }),
      'Rule 0 (READONLY → ) skipped: it has no target',
    ],
    [
      'an UPDATE_DEFAULT_VALUE without a default',
      whenDealType('R', { target: 'term', effect: 'UPDATE_DEFAULT_VALUE', new_props: {} }),
      'Rule 0 (UPDATE_DEFAULT_VALUE → term) skipped: UPDATE_DEFAULT_VALUE needs new_props.default_value',
    ],
    [
      'an UPDATE_PROP moving the value keys',
      whenDealType('R', { target: 'term', effect: 'UPDATE_PROP', new_props: { field1: 'x' } }),
      'Rule 0 (UPDATE_PROP → term) skipped: new_props may not change field1',
    ],
    [
      'a FILTER_LOOKUP without a family',
      whenDealType('R', { target: 'term', effect: 'FILTER_LOOKUP' }),
      'Rule 0 (FILTER_LOOKUP → term) skipped: FILTER_LOOKUP needs a family',
    ],
    [
      'a FILTER_LOOKUP on a field without a lookup',
      whenDealType('R', { target: 'notes', effect: 'FILTER_LOOKUP', family: 'f' }),
      "Rule 0 (FILTER_LOOKUP → notes) skipped: target field 'notes' has no lookup",
    ],
  ])('skips a rule with %s, and the others still apply', (_label, broken, warning) => {
    const recipe = recipeOf(fields, [broken, working]);
    const state = createFormState(recipe, { values: { deal_type: 'R' } });
    expect(state.outcomes).toEqual([null, true]);
    expect(state.warnings).toHaveLength(1);
    expect(state.warnings[0]).toContain(warning);
    expect(fieldOf(state, 'term')).toEqual({ ...fields[1], is_visible: true });
    expect(fieldOf(state, 'notes').is_visible).toBe(true);
    const changed = changeField(recipe, state, 'deal_type', 'NB');
    expect(changed.outcomes).toEqual([null, false]);
    expect(changed.warnings).toEqual(state.warnings);
  });

  it('names the same broken rule once however many passes run', () => {
    const recipe = recipeOf(
      [field('a', { is_hidden: true, default_value: 'x' }), field('b', { is_hidden: true })],
      [
        { type: 'expression', op: '(', target: 'a', effect: 'SHOW' },
        { op: 'boolean', source: 'go', target: 'a', effect: 'SHOW' },
        { op: 'a string-equals x', type: 'expression', target: 'b', effect: 'SHOW' },
      ],
    );
    const state = changeField(recipe, createFormState(recipe), 'go', true);
    expect(state.outcomes).toEqual([null, true, true]);
    expect(state.warnings).toHaveLength(1);
  });
});

describe('expression rules', () => {
  it('read several fields', () => {
    const recipe = recipeOf(
      [field('deal_type'), field('is_coterm'), field('amount'), field('approval_note')],
      [
        {
          type: 'expression',
          op: '(deal_type string-equals "R" and not is_coterm boolean true) or amount int-gt-than 1000',
          target: 'approval_note',
          effect: 'SHOW',
        },
      ],
    );
    const state = createFormState(recipe, { values: { deal_type: 'R', is_coterm: true } });
    expect(state.outcomes).toEqual([false]);
    expect(changeField(recipe, state, 'amount', '1001').outcomes).toEqual([true]);
    expect(changeField(recipe, state, 'is_coterm', false).outcomes).toEqual([true]);
  });
});

describe('visibleRowsOf and visibleFieldsOf', () => {
  const recipe: FormRecipe = {
    initial_state: { deal_type: 'NB' },
    rows: [
      [field('deal_type'), field('notes')],
      [field('hidden', { is_hidden: true })],
      [field('term'), field('deal_type')],
    ],
    rules: [whenDealType('R', { target: 'notes', effect: 'SHOW' })],
  };
  const state = createFormState(recipe);

  it('give the visible fields in row order, once each, without empty rows', () => {
    const names = visibleRowsOf(recipe, state).map((row) => row.map((f) => f.field));
    expect(names).toEqual([['deal_type'], ['term']]);
    expect(visibleFieldsOf(recipe, state).map((f) => f.field)).toEqual(['deal_type', 'term']);
  });

  it('give the value keys of a DateRange', () => {
    expect(valueKeysOf(field('p', { renderer: 'DateRange', field1: 's', field2: 'e' }))).toEqual([
      's',
      'e',
    ]);
    expect(valueKeysOf(field('p'))).toEqual(['p']);
  });
});

describe('immutability', () => {
  it('never mutates the state, the recipe or the lookups it is given', () => {
    const lookups: Lookups = { l: [{ value: 'x', label: 'X', family: 'f' }] };
    const recipe = recipeOf(
      [
        field('a', { reset_value_for: ['b'] }),
        field('b', { default_value: 'x', lookup: 'l' }),
        field('c', { is_hidden: true }),
      ],
      [
        { op: 'string-equals', source: 'a', val: '1', target: 'c', effect: 'SHOW' },
        { op: 'is-undefined', source: 'a', target: 'b', effect: 'FILTER_LOOKUP', family: 'g' },
        {
          op: 'boolean',
          source: 'a',
          target: 'b',
          effect: 'UPDATE_PROP',
          new_props: { label: 'B' },
        },
      ],
    );
    const state = createFormState(recipe, { lookups, values: { a: '1' } });
    const snapshot = JSON.stringify({ recipe, state, lookups });
    deepFreeze({ recipe, state, lookups });
    const next = changeField(recipe, state, 'a', undefined);
    changeFields(recipe, next, { a: '1', c: 'y' });
    expect(JSON.stringify({ recipe, state, lookups })).toBe(snapshot);
    expect(next).not.toBe(state);
    expect(next.values).not.toBe(state.values);
  });
});

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

describe('random recipes and changes', () => {
  const NAMES = ['a', 'b', 'c', 'd'];
  const KEYS = [...NAMES, 'start', 'end', 'extra'];
  const LOOKUPS: Lookups = {
    l: [
      { value: 'x', label: 'X', family: 'f' },
      { value: 'y', label: 'Y', family: 'g' },
      { value: '1', label: 'One' },
    ],
  };
  const anyValue = fc.constantFrom<JsonValue | undefined>(
    undefined,
    null,
    '',
    'x',
    'y',
    '1',
    0,
    5,
    true,
    false,
    ['x', 'y'],
  );
  const anyField = (name: string) =>
    fc.record(
      {
        field: fc.constant(name),
        label: fc.constant(name),
        default_value: anyValue,
        is_hidden: fc.boolean(),
        lookup: fc.constant('l'),
        reset_value_for: fc.subarray([...NAMES, 'period', 'start']),
      },
      { requiredKeys: ['field', 'label'] },
    );
  const dateRangeField: FormField = {
    field: 'period',
    label: 'Period',
    renderer: 'DateRange',
    field1: 'start',
    field2: 'end',
    default_value: ['2025-01-01', '2025-12-31'],
  };
  const anyExpression = fc.oneof(
    fc
      .tuple(
        fc.constantFrom(...KEYS),
        fc.constantFrom(...CONDITION_OPERATORS),
        fc.constantFrom('x', '"1"', '5', 'true', ''),
        fc.constantFrom('and', 'or', '&&', '||', 'and not'),
        fc.constantFrom(...KEYS),
      )
      .map(([f, op, val, join, g]) => `(${f} ${op} ${val}) ${join} ${g} is-undefined`),
    fc.string({ maxLength: 20 }),
  );
  const anyRule: fc.Arbitrary<FormRule> = fc.record(
    {
      type: fc.constantFrom<FormRule['type']>('condition', 'expression'),
      op: fc.oneof(fc.constantFrom(...CONDITION_OPERATORS, 'bogus'), anyExpression),
      source: fc.constantFrom(...KEYS),
      val: anyValue,
      target: fc.oneof(
        fc.constantFrom(...NAMES, 'period', 'nowhere'),
        fc.subarray([...NAMES, 'period']),
      ),
      effect: fc.constantFrom(...RULE_EFFECTS),
      new_props: fc.oneof(
        anyValue.map((value) => ({ default_value: value })),
        fc.constant({ label: 'Changed', is_required: true }),
        fc.constant({ pattern: '([' }),
      ),
      family: fc.constantFrom('f', 'g'),
    },
    { requiredKeys: ['op', 'target', 'effect'] },
  );
  // Cycles on purpose: SHOW a field when it is empty (its default then hides it again) and
  // UPDATE_DEFAULT_VALUE chains between two fields.
  const cyclicRule = fc.constantFrom<FormRule>(
    { op: 'is-undefined', source: 'a', target: 'a', effect: 'SHOW' },
    {
      op: 'string-equals',
      source: 'a',
      val: 'x',
      target: 'b',
      effect: 'UPDATE_DEFAULT_VALUE',
      new_props: { default_value: 'y' },
    },
    {
      op: 'string-equals',
      source: 'b',
      val: 'y',
      target: 'a',
      effect: 'UPDATE_DEFAULT_VALUE',
      new_props: { default_value: '1' },
    },
    {
      op: 'string-equals',
      source: 'a',
      val: '1',
      target: 'b',
      effect: 'UPDATE_DEFAULT_VALUE',
      new_props: { default_value: 'x' },
    },
    {
      op: 'string-equals',
      source: 'b',
      val: 'x',
      target: 'a',
      effect: 'UPDATE_DEFAULT_VALUE',
      new_props: { default_value: 'x' },
    },
    { type: 'expression', op: 'b is-undefined', target: 'b', effect: 'SHOW' },
  );
  const anyRecipe: fc.Arbitrary<FormRecipe> = fc
    .tuple(
      fc.tuple(...NAMES.map(anyField)),
      fc.boolean(),
      fc.array(fc.oneof(anyRule, cyclicRule), { maxLength: 8 }),
      fc.dictionary(fc.constantFrom(...KEYS), anyValue, { maxKeys: 3 }),
    )
    .map(([fields, hasDateRange, rules, initialState]) => ({
      initial_state: initialState,
      rows: [fields.slice(0, 2), fields.slice(2), ...(hasDateRange ? [[dateRangeField]] : [])],
      rules,
    }));
  const anyChanges = fc.array(fc.tuple(fc.constantFrom(...KEYS), anyValue), { maxLength: 8 });

  function expectWellFormed(recipe: FormRecipe, state: FormState) {
    expect(state.outcomes).toHaveLength(recipe.rules.length);
    for (const outcome of state.outcomes) expect([true, false, null]).toContain(outcome);
    const names = [...new Set(recipe.rows.flat().map((f) => f.field))];
    expect(Object.keys(state.fields).sort()).toEqual(names.sort());
    for (const fieldState of Object.values(state.fields)) {
      expect(fieldState.is_visible).toBe(!fieldState.is_hidden);
      for (const option of fieldState.options ?? []) expect(LOOKUPS.l).toContain(option);
    }
    expect(new Set(state.warnings).size).toBe(state.warnings.length);
    // The fields and outcomes are a function of the values alone.
    const evaluated = evaluateRules(recipe, state.values, { lookups: LOOKUPS });
    expect(state.fields).toEqual(evaluated.fields);
    expect(state.outcomes).toEqual(evaluated.outcomes);
    // A settled state is a fixed point: running the rules again changes nothing.
    if (!state.warnings.some((w) => w.startsWith('Form rules did not settle'))) {
      const again = changeFields(recipe, state, {});
      expect(again.values).toEqual(state.values);
      expect(again.outcomes).toEqual(state.outcomes);
    }
  }

  it('always terminate with a well-formed state', () => {
    fc.assert(
      fc.property(anyRecipe, anyChanges, (recipe, changes) => {
        let state = createFormState(recipe, { lookups: LOOKUPS });
        expectWellFormed(recipe, state);
        for (const [name, value] of changes) {
          const before = JSON.stringify(state);
          const next = changeField(recipe, state, name, value);
          expect(JSON.stringify(state)).toBe(before);
          expectWellFormed(recipe, next);
          state = next;
        }
      }),
      { numRuns: 300 },
    );
    // 300 random recipes take about 4 s on a shared 2-core machine: the default 5 s is too close.
  }, 30_000);
});
