/**
 * Dynamic form recipes (spec §3 "Dynamic form recipe", §4 "Form rule effects"): a recipe is
 * data — initial state, rows of fields and rules — so a form can change without a release.
 * The same recipe drives the browser (live feedback) and the server (re-validation).
 */

export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** The values of a form, keyed by field name; undefined means "no value". */
export type FormValues = Record<string, JsonValue | undefined>;

export const RENDERERS = [
  'Text',
  'Number',
  'Select',
  'TextArea',
  'EmailInput',
  'DateRange',
  'CheckBoxGroup',
  'Checkbox',
  'ShippingBreakups',
  'SecureAccess',
] as const;

export type Renderer = (typeof RENDERERS)[number];

export interface FormField {
  /** Key of the value in FormValues. A DateRange keeps its two dates under field1 and field2. */
  field: string;
  field1?: string;
  field2?: string;
  label: string;
  /** Text when absent. */
  renderer?: Renderer;
  is_required?: boolean;
  /** Never validated as required, even when is_required (a SHOW rule hides → optional). */
  is_optional?: boolean;
  is_disabled?: boolean;
  /** Hidden until a SHOW rule reveals it. */
  is_hidden?: boolean;
  /** A regular expression (JavaScript syntax, no flags) the whole value must match. */
  pattern?: string;
  /** The message when the value is missing or does not match, e.g. 'Please enter Quote Name'. */
  invalid_msg?: string;
  /** Key of the field's error in the errors map; the field name when absent. */
  err_key?: string;
  min?: number;
  max?: number;
  default_value?: JsonValue;
  /** Bootstrap grid classes of the field's column, e.g. 'col-12 col-md-6'. */
  col_class_name?: string;
  /** Fields whose values are cleared when this one changes. */
  reset_value_for?: string[];
  /** Name of the lookup list a Select or CheckBoxGroup offers. */
  lookup?: string;
  placeholder?: string;
  help_text?: string;
}

/** One choice of a lookup list; `family` groups choices so FILTER_LOOKUP can narrow a list. */
export interface LookupOption {
  value: string;
  label: string;
  family?: string;
}

export type Lookups = Readonly<Record<string, readonly LookupOption[]>>;

export const RULE_EFFECTS = [
  'SHOW',
  'EDITABLE',
  'READONLY',
  'UPDATE_PROP',
  'UPDATE_DEFAULT_VALUE',
  'FILTER_LOOKUP',
] as const;

export type RuleEffect = (typeof RULE_EFFECTS)[number];

export const CONDITION_OPERATORS = [
  'string-equals',
  'string-not-equals',
  'int-less-than',
  'int-gt-than',
  'int-gt-than-zero',
  'is-undefined',
  'boolean',
  'includes',
] as const;

export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/**
 * When its condition holds, a rule applies its effect to its targets; when it stops holding, the
 * effect is undone (SHOW hides, EDITABLE disables, UPDATE_PROP restores the recipe's props…).
 */
export interface FormRule {
  /**
   * 'condition' (the default): `source op val`, op one of CONDITION_OPERATORS.
   * 'expression': `op` is a condition expression over several fields, e.g.
   * `(deal_type string-equals "R" and not is_coterm boolean true) or amount int-gt-than 1000`.
   */
  type?: 'condition' | 'expression';
  op: string;
  /** The field a 'condition' reads; an 'expression' reads the fields it names. */
  source?: string;
  val?: JsonValue;
  target: string | string[];
  effect: RuleEffect;
  /** UPDATE_PROP: the props to set; UPDATE_DEFAULT_VALUE: `default_value`. */
  new_props?: Partial<Omit<FormField, 'field'>>;
  /** FILTER_LOOKUP: keep only the target's lookup options of this family. */
  family?: string;
}

export interface FormRecipe {
  initial_state: FormValues;
  rows: FormField[][];
  rules: FormRule[];
}

/** A field as the rules left it: what the renderer shows and the validator checks. */
export interface FieldState extends FormField {
  is_visible: boolean;
  /** The lookup options on offer after FILTER_LOOKUP; undefined when the field has no lookup. */
  options?: LookupOption[];
}

export interface FormState {
  values: FormValues;
  fields: Record<string, FieldState>;
  /** Each rule's last outcome, in recipe order; null when it threw and was skipped. */
  outcomes: (boolean | null)[];
  /** Rules skipped because they threw, and cascades stopped because they did not settle. */
  warnings: string[];
  /** The lookups the options were filtered from, so a change can filter again without them. */
  lookups?: Lookups;
}
