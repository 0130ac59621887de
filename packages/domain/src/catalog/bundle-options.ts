/**
 * Bundles with options (issue 34, docs/configuration.md): a bundle SKU's components are its
 * options; an option may sit in a feature (an option group with a minimum and a maximum count)
 * and is REQUIRED (always on, the seller cannot leave it out), DEFAULT (on until the seller
 * takes it off) or OPTIONAL (off until chosen). A bundle without features is a fixed bundle: all
 * its components are required and nothing here checks it, as before.
 */

export const OPTION_SELECTIONS = ['REQUIRED', 'DEFAULT', 'OPTIONAL'] as const;
export type OptionSelection = (typeof OPTION_SELECTIONS)[number];

export interface BundleFeature {
  name: string;
  /** How many of the feature's options a bundle takes: at least min_options, at most max_options (null: no cap). */
  min_options: number;
  max_options: number | null;
}

export interface BundleOption {
  sku: string;
  /** Units of the option per unit of the bundle: the option's quantity follows the bundle's. */
  quantity: number;
  /** The feature (option group) it belongs to; null: outside any group. */
  feature: string | null;
  selection: OptionSelection;
}

export interface BundleDefinition {
  features: readonly BundleFeature[];
  options: readonly BundleOption[];
}

/** A bundle with features is configured; one without keeps its fixed list. */
export const isConfigurable = (definition: BundleDefinition): boolean =>
  definition.features.length > 0;

/** The options a new bundle starts with: the required and the default ones. */
export const startingChoice = (definition: BundleDefinition): string[] =>
  definition.options
    .filter((option) => option.selection !== 'OPTIONAL')
    .map((option) => option.sku);

const listWithOr = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

/** How a feature's count reads: "exactly one", "at least 1", "at most 3", "1 to 3". */
export function countRule(feature: BundleFeature): string {
  const { min_options: min, max_options: max } = feature;
  if (max !== null && min === max) return min === 1 ? 'exactly one' : `exactly ${min}`;
  if (max === null) return `at least ${min}`;
  if (min === 0) return `at most ${max}`;
  return `${min} to ${max}`;
}

/** Whether a feature can be left empty and how many it may take, for a picker's legend. */
export const featureHint = (feature: BundleFeature): string => {
  const rule = countRule(feature);
  return `Choose ${rule}${feature.min_options === 0 && feature.max_options !== null ? ' (optional)' : ''}.`;
};

export interface ChoiceProblem {
  /** The feature the problem is about; null for a required or unknown option. */
  feature: string | null;
  /** The options concerned (an unknown or missing one, or the feature's chosen options). */
  skus: string[];
  message: string;
}

/**
 * What is wrong with a choice of options for one bundle: required options left out, SKUs that
 * are not options of the bundle, and features whose count is out of bounds. Empty when the
 * choice can be quoted. Fixed bundles always pass.
 */
export function choiceProblems(
  bundleSku: string,
  definition: BundleDefinition,
  chosen: readonly string[],
): ChoiceProblem[] {
  if (!isConfigurable(definition)) return [];
  const problems: ChoiceProblem[] = [];
  const options = new Map(definition.options.map((option) => [option.sku, option]));
  for (const sku of new Set(chosen)) {
    if (!options.has(sku))
      problems.push({
        feature: null,
        skus: [sku],
        message: `${sku} is not an option of ${bundleSku}.`,
      });
  }
  for (const option of definition.options) {
    if (option.selection === 'REQUIRED' && !chosen.includes(option.sku))
      problems.push({
        feature: option.feature,
        skus: [option.sku],
        message: `${bundleSku} always includes ${option.sku}: it cannot be left out.`,
      });
  }
  for (const feature of definition.features) {
    const inFeature = definition.options.filter((option) => option.feature === feature.name);
    const picked = chosen.filter((sku) => options.get(sku)?.feature === feature.name);
    const tooFew = picked.length < feature.min_options;
    const tooMany = feature.max_options !== null && picked.length > feature.max_options;
    if (!tooFew && !tooMany) continue;
    problems.push({
      feature: feature.name,
      skus: picked,
      message: `${bundleSku} takes ${countRule(feature)} ${feature.name} option${
        feature.max_options === 1 && feature.min_options === 1 ? '' : 's'
      }: ${listWithOr(inFeature.map((option) => option.sku))}${
        picked.length > 0 ? ` (${picked.length} chosen)` : ' (none chosen)'
      }.`,
    });
  }
  return problems;
}

/** A quote line as the bundle check reads it. */
export interface BundleCheckLine {
  key: string;
  sku: string;
  /** The key of the bundle line it belongs to; absent for a line of its own. */
  parent_key?: string | null | undefined;
}

export interface BundleMessage {
  /** `bundle:<SKU>`, so the configure page can tell it from a product rule's. */
  rule_id: string;
  rule_name: string;
  severity: 'error';
  message: string;
  line_keys: string[];
}

/**
 * The errors of every configurable bundle on a quote whose options break its features: checked
 * where the lines are priced and saved, so Next and Submit wait as they do for a rule's error.
 */
export function bundleMessages(
  lines: readonly BundleCheckLine[],
  definitions: Readonly<Record<string, BundleDefinition>>,
): BundleMessage[] {
  const messages: BundleMessage[] = [];
  for (const bundle of lines) {
    const definition = definitions[bundle.sku];
    if (!definition || !isConfigurable(definition)) continue;
    const children = lines.filter((line) => line.parent_key === bundle.key);
    for (const problem of choiceProblems(
      bundle.sku,
      definition,
      children.map((line) => line.sku),
    ))
      messages.push({
        rule_id: `bundle:${bundle.sku}`,
        rule_name: `Options of ${bundle.sku}`,
        severity: 'error',
        message: problem.message,
        line_keys: [
          bundle.key,
          ...children.filter((line) => problem.skus.includes(line.sku)).map((line) => line.key),
        ],
      });
  }
  return messages;
}

/** A configurable bundle as the configure page's options panel shows it. */
export interface BundleOptionsView {
  sku: string;
  name: string;
  features: BundleFeature[];
  options: (BundleOption & { name: string; kind: string; billing: string })[];
}
