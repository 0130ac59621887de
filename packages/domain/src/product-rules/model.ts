/**
 * Product rules (issue 34): rules catalogue admins define about what a quote's lines need, may
 * not combine, should add, or may not be offered. One pure evaluator (evaluate.ts) reads these
 * types in the browser and on the server alike, inside the pricing pass.
 */
import type { PredicateNode } from '../approvals/predicates.ts';
import type { ProductKind } from '../pricing/product-kinds.ts';
import type { QuoteType } from '../quotes/quote-types.ts';
import type { SalesChannel } from '../quotes/sales-channel.ts';

export const FORM_FACTORS = ['desktop', '1U', '2U+', 'chassis', 'virtual'] as const;
export type FormFactor = (typeof FORM_FACTORS)[number];
export const SEGMENTS = ['branch', 'campus', 'data_centre'] as const;
export type Segment = (typeof SEGMENTS)[number];
export const PORT_TYPES = ['GE', 'SFP', 'SFP+', 'SFP28', 'QSFP'] as const;
export type PortType = (typeof PORT_TYPES)[number];

/** What a SKU is, beyond its family and kind; absent where it does not apply. */
export interface SkuAttributes {
  /** The model a SKU is or serves: 'BX-200F' on BX-200F-HW and on BX-200F-SUP-PRM. */
  model?: string;
  form_factor?: FormFactor;
  segment?: Segment;
  port_types?: readonly PortType[];
  /** On support SKUs: 'STD', 'PRM', 'ELT'. */
  support_tier?: string;
  ha_capable?: boolean;
}
export type SkuAttributeName = keyof SkuAttributes;

/** The attributes a rule may name, and the values a closed attribute takes (open: any value the catalogue holds). */
export const SKU_ATTRIBUTE_VALUES: Readonly<Record<SkuAttributeName, readonly string[] | 'open'>> =
  {
    model: 'open',
    form_factor: FORM_FACTORS,
    segment: SEGMENTS,
    port_types: PORT_TYPES,
    support_tier: 'open',
    ha_capable: ['true', 'false'],
  };

export interface RuleCatalogEntry {
  family: string;
  kind: ProductKind;
  attributes: SkuAttributes;
  is_end_of_sale: boolean;
}

/** By SKU code. */
export type RuleCatalog = Readonly<Record<string, RuleCatalogEntry>>;

/** What a seller set on a line. */
export interface LineAttributes {
  high_availability: boolean;
}

export interface RuleLine {
  key: string;
  sku: string;
  /** One per contract year, up to 5; STANDARD quotes have one. Whole numbers, 0 or more. */
  quantities: number[];
  attributes: LineAttributes;
}

export interface RuleQuoteFacts {
  quote_type: QuoteType;
  deal_type: string;
  sales_channel: SalesChannel;
  region: string;
  currency: string;
  is_renewal: boolean;
}

export interface ProductRuleInput {
  quote: RuleQuoteFacts;
  lines: RuleLine[];
  catalog: RuleCatalog;
  /** Guided selling: the questionnaire's answers, by question (a yes/no answer is 1 or 0). */
  answers?: Readonly<Record<string, number>>;
}

export const MAX_YEARS = 5;

export const RULE_KINDS = ['validation', 'selection', 'recommendation', 'filter'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

/**
 * quote: evaluated once, over the quote's peak year. year: once per contract year, with that
 * year's quantities. appliance_model: once per appliance model on the quote (a HARDWARE SKU with
 * a model attribute), whose facts and placeholders name that model.
 */
export const RULE_SCOPES = ['quote', 'year', 'appliance_model'] as const;
export type RuleScope = (typeof RULE_SCOPES)[number];

/**
 * A line change a rule proposes or makes. `sku` and `by` may hold placeholders ('{model}-SUP-PRM');
 * `quantity` is a formula (formula.ts) evaluated per year; on a replace it defaults to the
 * quantities of the line replaced.
 */
export type LineAction =
  | { op: 'add'; sku: string; quantity: string; label?: string }
  | { op: 'remove'; sku: string; label?: string }
  | { op: 'replace'; sku: string; by: string; quantity?: string; label?: string };

/** SKUs a filter hides: every listed criterion must match (an empty selector matches nothing). */
export interface SkuSelector {
  skus?: string[];
  families?: string[];
  kinds?: ProductKind[];
  is_end_of_sale?: boolean;
}
export interface HideAction {
  op: 'hide';
  select: SkuSelector;
}

interface RuleBase {
  id: string;
  name: string;
  is_active: boolean;
  /** Lower runs first; ties by id. */
  priority: number;
  /** 'YYYY-MM-DD', both days included; null = open-ended. */
  effective_from: string | null;
  effective_to: string | null;
  scope: RuleScope;
  condition: PredicateNode;
  /** Placeholders in braces (template.ts); '' = no message. */
  message: string;
}

export interface ValidationRule extends RuleBase {
  kind: 'validation';
  severity: 'error' | 'warning';
  /** Fixes offered with the message. */
  actions: LineAction[];
}
export interface SelectionRule extends RuleBase {
  kind: 'selection';
  /** offer: the seller accepts the change; automatic: applied in the pricing pass. */
  apply: 'offer' | 'automatic';
  actions: LineAction[];
}
export interface RecommendationRule extends RuleBase {
  kind: 'recommendation';
  /** The lines suggested; the message gives the reason. */
  actions: LineAction[];
}
export interface FilterRule extends RuleBase {
  kind: 'filter';
  scope: 'quote';
  actions: HideAction[];
}
export type ProductRule = ValidationRule | SelectionRule | RecommendationRule | FilterRule;

export interface RuleMessage {
  rule_id: string;
  rule_name: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  /** The lines the message concerns, in quote order. */
  line_keys: string[];
}

export interface LineChange {
  op: 'add' | 'remove' | 'set_quantity';
  sku: string;
  /** Per year; empty on a remove. */
  quantities: number[];
  /** The line removed or changed; absent on an add. */
  line_key?: string;
}

export interface OfferedAction {
  rule_id: string;
  label: string;
  changes: LineChange[];
}

export interface BrokenRule {
  rule_id: string;
  message: string;
}

export interface ProductRuleResult {
  messages: RuleMessage[];
  /** Fixes, offered selections and recommended lines, for the seller to accept. */
  actions: OfferedAction[];
  /** What automatic selection rules changed, in the order applied. */
  applied: OfferedAction[];
  /** SKUs the product finder does not offer for this quote, sorted. */
  hidden_skus: string[];
  /** The quote's lines once automatic rules ran; the other rules read these. */
  lines_after_automatic: RuleLine[];
  /** Rules that failed while evaluating: skipped, the others still ran. */
  broken: BrokenRule[];
}
