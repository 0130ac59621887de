import { readUnitListText, unitListText } from '@bastion/domain/pricing/unit-list';
import type { RuleActionView } from '@bastion/domain/product-rules/schemas';
import {
  isConfigurable,
  startingChoice,
  type BundleOptionsView,
} from '@bastion/domain/catalog/bundle-options';
import type { CatalogSku, LineDraftPayload, StoredLine } from '../../api/configure.ts';

/** A line as the configure page edits it: quantities and discount as typed. */
export interface DraftLine {
  key: string;
  /** The stored line's id, once saved. */
  id?: string;
  sku: string;
  name: string;
  kind: string;
  billing: string;
  parentKey?: string;
  /** Made by the secure-access sizing: its quantities change there. */
  isSized?: boolean;
  quantities: string[];
  discount: string;
  /** Issue 19: the unit list price as typed ("1250.50"); null: the catalogue's. */
  unitList: string | null;
  /** Issue 34: a high-availability pair (the rules want an even number of appliances). */
  highAvailability?: boolean;
  /** The SKU can be sold as a pair: the line offers the switch. */
  haCapable?: boolean;
  /** A bundle's option: units per unit of the bundle, so its quantities follow the bundle's. */
  perBundle?: number;
}

export interface LinesState {
  lines: DraftLine[];
  /** Changed since it was loaded or saved. */
  isDirty: boolean;
  /** Issue 38: the lines before each change to several lines at once, the latest last. */
  undo?: readonly (readonly DraftLine[])[];
}

/** Issue 38: what a change to the selected lines sets; absent parts are left as they are. */
export interface ManyLinesChange {
  /** A quantity for one contract year (0-based) or for every year (`'all'`). */
  quantity?: { year: number | 'all'; value: string };
  discount?: string;
  highAvailability?: boolean;
}

/** How many changes to several lines can be undone. */
export const UNDO_DEPTH = 20;

export type LinesAction =
  | { type: 'load'; lines: StoredLine[]; years: number; isSized?: (line: StoredLine) => boolean }
  /** A product; a configurable bundle with the options chosen (absent: its starting choice). */
  | { type: 'add'; sku: CatalogSku; years: number; options?: readonly string[] }
  /** Issue 34: a configurable bundle's options chosen again: kept, added or removed. */
  | {
      type: 'bundleOptions';
      key: string;
      bundle: BundleOptionsView;
      options: readonly string[];
    }
  | { type: 'quantity'; key: string; year: number; value: string }
  | { type: 'discount'; key: string; value: string }
  /** A typed unit list price; null resets the line to the catalogue's. */
  | { type: 'unitList'; key: string; value: string | null }
  | { type: 'remove'; key: string }
  /** Issue 34: the line is (or is no longer) a high-availability pair. */
  | { type: 'highAvailability'; key: string; value: boolean }
  /** Issue 34: lines a guided-selling proposal brought, as the seller accepted them. */
  | { type: 'addLines'; lines: readonly ProposedDraft[]; years: number }
  /** Issue 34: a product rule's fix, offer or recommendation, accepted in one click. */
  | { type: 'rule'; changes: RuleActionView['changes']; years: number }
  /** Issue 38: the same quantity, discount or pair setting on every selected line. */
  | { type: 'editMany'; keys: readonly string[]; change: ManyLinesChange }
  | { type: 'removeMany'; keys: readonly string[] }
  /** Issue 38: the first selected line's quantities, discount and pair copied to the others. */
  | { type: 'fillDown'; keys: readonly string[]; field: 'quantities' | 'discount' }
  /** Issue 38: back to the lines before the last change to several lines. */
  | { type: 'undo' };

/** A line to add as proposed: its SKU as the page shows it, its quantities, whether a pair. */
export interface ProposedDraft {
  sku: string;
  name: string;
  kind: string;
  billing: string;
  quantities: readonly number[];
  highAvailability: boolean;
  haCapable: boolean;
}

let counter = 0;
const newKey = () => `new-${Date.now().toString(36)}-${(counter += 1)}`;

/** What a product starts with: one of it, every year for a subscription, year 1 for a purchase. */
function startingQuantities(billing: string, years: number): string[] {
  return Array.from({ length: years }, (_, index) =>
    index === 0 || billing === 'ANNUAL' ? '1' : '0',
  );
}

/** A stored option's units per unit of its bundle, when year 1 divides evenly. */
function perBundleOf(line: StoredLine, byId: ReadonlyMap<string, StoredLine>): number | undefined {
  const bundle = line.parent_line_id === null ? undefined : byId.get(line.parent_line_id);
  const bundleQuantity = bundle?.quantities[0] ?? 0;
  const quantity = line.quantities[0] ?? 0;
  return bundleQuantity > 0 && quantity % bundleQuantity === 0
    ? quantity / bundleQuantity
    : undefined;
}

function fromStored(
  stored: StoredLine[],
  years: number,
  isSized: (line: StoredLine) => boolean,
): DraftLine[] {
  const byId = new Map(stored.map((line) => [line.id, line]));
  return stored.map((line) => ({
    key: line.id,
    id: line.id,
    sku: line.sku,
    name: line.name,
    kind: line.kind,
    billing: line.billing,
    ...(line.parent_line_id ? { parentKey: line.parent_line_id } : {}),
    ...(isSized(line) ? { isSized: true } : {}),
    quantities: Array.from({ length: years }, (_, i) => String(line.quantities[i] ?? 0)),
    discount: line.manual_discount_percent === '0' ? '' : line.manual_discount_percent,
    unitList:
      line.adjusted_unit_list_minor === null ? null : unitListText(line.adjusted_unit_list_minor),
    ...(line.attributes.high_availability ? { highAvailability: true } : {}),
    ...(line.ha_capable ? { haCapable: true } : {}),
    ...withPerBundle(perBundleOf(line, byId)),
  }));
}

const withPerBundle = (perBundle: number | undefined) =>
  perBundle === undefined ? {} : { perBundle };

/** Whole units, or null while the typed text is not one. */
const wholeOrNull = (text: string | undefined) =>
  text !== undefined && /^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : null;

/** An option's quantities: its units per bundle times the bundle's, year by year. */
const followingQuantities = (bundleQuantities: readonly string[], perBundle: number) =>
  bundleQuantities.map((text) => String((wholeOrNull(text) ?? 0) * perBundle));

/** A bundle's option as a line under it. */
function optionLine(
  option: BundleOptionsView['options'][number],
  parentKey: string,
  bundleQuantities: readonly string[],
): DraftLine {
  return {
    key: newKey(),
    sku: option.sku,
    name: option.name,
    kind: option.kind,
    billing: option.billing,
    parentKey,
    perBundle: option.quantity,
    quantities: followingQuantities(bundleQuantities, option.quantity),
    discount: '',
    unitList: null,
  };
}

/** The options of a bundle line, as chosen: kept where already there, added after them. */
function chooseOptions(
  lines: readonly DraftLine[],
  bundleKey: string,
  bundle: BundleOptionsView,
  chosen: readonly string[],
): DraftLine[] {
  const bundleLine = lines.find((line) => line.key === bundleKey);
  if (!bundleLine) return [...lines];
  const kept = lines.filter((line) => line.parentKey !== bundleKey || chosen.includes(line.sku));
  const present = new Set(
    kept.filter((line) => line.parentKey === bundleKey).map((line) => line.sku),
  );
  const added = bundle.options
    .filter((option) => chosen.includes(option.sku) && !present.has(option.sku))
    .map((option) => optionLine(option, bundleKey, bundleLine.quantities));
  // New options go after the bundle's last line, so the bundle stays together.
  const lastIndex = kept.reduce(
    (last, line, index) => (line.key === bundleKey || line.parentKey === bundleKey ? index : last),
    -1,
  );
  return [...kept.slice(0, lastIndex + 1), ...added, ...kept.slice(lastIndex + 1)];
}

/** The bundle definition a finder row carries, as the options panel reads it. */
export const bundleOptionsOfSku = (sku: CatalogSku): BundleOptionsView => ({
  sku: sku.sku,
  name: sku.name,
  features: sku.features,
  options: sku.components,
});

/**
 * A rule's changes applied to the lines: new lines at the end, in the order given, under the key
 * the server gave them (an automatic rule's line) or a new one (an offer accepted).
 */
function applyRuleChanges(
  lines: readonly DraftLine[],
  changes: RuleActionView['changes'],
  years: number,
): DraftLine[] {
  let next = [...lines];
  for (const change of changes) {
    const quantities = Array.from({ length: years }, (_, i) => String(change.quantities[i] ?? 0));
    if (change.op === 'add') {
      next.push({
        key: change.line_key ?? newKey(),
        sku: change.sku,
        name: change.name,
        kind: change.kind,
        billing: change.billing,
        quantities,
        discount: '',
        unitList: null,
      });
    } else if (change.op === 'remove') {
      next = next.filter(
        (line) => line.key !== change.line_key && line.parentKey !== change.line_key,
      );
    } else {
      next = next.map((line) => (line.key === change.line_key ? { ...line, quantities } : line));
    }
  }
  return next;
}

/** The lines after a change to several at once, the lines before kept to undo it. */
function withUndo(state: LinesState, lines: DraftLine[]): LinesState {
  if (
    lines.every((line, index) => line === state.lines[index]) &&
    lines.length === state.lines.length
  ) {
    return state;
  }
  return {
    lines,
    isDirty: true,
    undo: [...(state.undo ?? []), state.lines].slice(-UNDO_DEPTH),
  };
}

/** Each selected line changed as its own edit would change it (a bundle's options follow). */
function editMany(state: LinesState, keys: readonly string[], change: ManyLinesChange) {
  const selected = new Set(keys);
  let next: LinesState = { lines: state.lines, isDirty: state.isDirty };
  for (const line of state.lines) {
    if (!selected.has(line.key)) continue;
    const { quantity, discount, highAvailability } = change;
    // An option's quantities follow its bundle's; the sizing's lines change in the sizing.
    if (quantity && line.parentKey === undefined && line.isSized !== true) {
      const years = quantity.year === 'all' ? line.quantities.map((_, i) => i) : [quantity.year];
      for (const year of years.filter((y) => y < line.quantities.length)) {
        next = linesReducer(next, { type: 'quantity', key: line.key, year, value: quantity.value });
      }
    }
    if (discount !== undefined && line.kind !== 'BUNDLE') {
      next = linesReducer(next, { type: 'discount', key: line.key, value: discount });
    }
    if (highAvailability !== undefined && line.haCapable) {
      next = linesReducer(next, {
        type: 'highAvailability',
        key: line.key,
        value: highAvailability,
      });
    }
  }
  return withUndo(state, next.lines);
}

/** The first selected line's quantities (or discount) on every other selected line. */
function fillDown(state: LinesState, keys: readonly string[], field: 'quantities' | 'discount') {
  const selected = new Set(keys);
  const chosen = state.lines.filter((line) => selected.has(line.key));
  const [first, ...rest] = chosen;
  if (!first) return state;
  const change: ManyLinesChange = field === 'discount' ? { discount: first.discount } : {};
  if (field === 'discount')
    return editMany(
      state,
      rest.map((line) => line.key),
      change,
    );
  let next: LinesState = { lines: state.lines, isDirty: state.isDirty };
  for (const line of rest) {
    if (line.parentKey !== undefined || line.isSized === true) continue;
    line.quantities.forEach((_, year) => {
      const value = first.quantities[year];
      if (value !== undefined) {
        next = linesReducer(next, { type: 'quantity', key: line.key, year, value });
      }
    });
  }
  return withUndo(state, next.lines);
}

export function linesReducer(state: LinesState, action: LinesAction): LinesState {
  switch (action.type) {
    case 'editMany':
      return editMany(state, action.keys, action.change);
    case 'fillDown':
      return fillDown(state, action.keys, action.field);
    case 'removeMany': {
      const removed = new Set(action.keys);
      return withUndo(
        state,
        // A bundle goes with its components.
        state.lines.filter(
          (line) =>
            !removed.has(line.key) &&
            !(line.parentKey !== undefined && removed.has(line.parentKey)),
        ),
      );
    }
    case 'undo': {
      const before = state.undo?.at(-1);
      if (!before) return state;
      return { lines: [...before], isDirty: true, undo: state.undo?.slice(0, -1) ?? [] };
    }
    case 'load':
      return {
        lines: fromStored(action.lines, action.years, action.isSized ?? (() => false)),
        isDirty: false,
      };
    case 'add': {
      const { sku, years } = action;
      const key = newKey();
      const quantities = startingQuantities(sku.billing, years);
      const bundle = bundleOptionsOfSku(sku);
      // A fixed bundle brings every component; a configurable one the options chosen.
      const chosen = isConfigurable(bundle)
        ? (action.options ?? startingChoice(bundle))
        : sku.components.map((component) => component.sku);
      const added: DraftLine[] = [
        {
          key,
          sku: sku.sku,
          name: sku.name,
          kind: sku.kind,
          billing: sku.billing,
          quantities,
          discount: '',
          unitList: null,
          ...(sku.ha_capable ? { haCapable: true } : {}),
        },
        // Each option a line of its own under the bundle.
        ...sku.components
          .filter((component) => chosen.includes(component.sku))
          .map((component) => optionLine(component, key, quantities)),
      ];
      return { lines: [...state.lines, ...added], isDirty: true };
    }
    case 'addLines':
      return {
        isDirty: true,
        lines: [
          ...state.lines,
          ...action.lines.map((proposed): DraftLine => ({
            key: newKey(),
            sku: proposed.sku,
            name: proposed.name,
            kind: proposed.kind,
            billing: proposed.billing,
            quantities: Array.from({ length: action.years }, (_, i) =>
              String(proposed.quantities[i] ?? 0),
            ),
            discount: '',
            unitList: null,
            ...(proposed.highAvailability ? { highAvailability: true } : {}),
            ...(proposed.haCapable ? { haCapable: true } : {}),
          })),
        ],
      };
    case 'highAvailability':
      return {
        isDirty: true,
        lines: state.lines.map((line) =>
          line.key === action.key ? { ...line, highAvailability: action.value } : line,
        ),
      };
    case 'bundleOptions':
      return {
        isDirty: true,
        lines: chooseOptions(state.lines, action.key, action.bundle, action.options),
      };
    case 'quantity': {
      const units = wholeOrNull(action.value);
      return {
        isDirty: true,
        lines: state.lines.map((line) =>
          line.key === action.key
            ? {
                ...line,
                quantities: line.quantities.map((q, i) => (i === action.year ? action.value : q)),
              }
            : // A bundle's options follow its quantity (as long as it is a whole number).
              line.parentKey === action.key && line.perBundle !== undefined && units !== null
              ? {
                  ...line,
                  quantities: line.quantities.map((q, i) =>
                    i === action.year ? String(units * (line.perBundle ?? 1)) : q,
                  ),
                }
              : line,
        ),
      };
    }
    case 'discount':
      return {
        isDirty: true,
        lines: state.lines.map((line) =>
          line.key === action.key ? { ...line, discount: action.value } : line,
        ),
      };
    case 'unitList':
      return {
        isDirty: true,
        lines: state.lines.map((line) =>
          line.key === action.key ? { ...line, unitList: action.value } : line,
        ),
      };
    case 'rule':
      return { isDirty: true, lines: applyRuleChanges(state.lines, action.changes, action.years) };
    case 'remove':
      return {
        isDirty: true,
        // A bundle goes with its components.
        lines: state.lines.filter(
          (line) => line.key !== action.key && line.parentKey !== action.key,
        ),
      };
  }
}

const WHOLE = /^\d{1,7}$/;
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

/** The browser's own check, worded as the server words it, so a typo is flagged at once. */
export function lineProblems(line: DraftLine): {
  quantities: (string | null)[];
  discount: string | null;
  unitList: string | null;
} {
  const unitList = line.unitList === null ? null : readUnitListText(line.unitList);
  return {
    unitList: unitList === null || unitList.ok ? null : unitList.message,
    quantities: line.quantities.map((q) =>
      WHOLE.test(q.trim()) ? null : 'Quantity must be a whole number of 0 or more.',
    ),
    discount:
      line.discount.trim() === ''
        ? null
        : !PERCENT.test(line.discount.trim()) || Number(line.discount) > 100
          ? 'Discount must be between 0 and 100 %, with at most 2 decimals.'
          : null,
  };
}

export function hasProblems(lines: readonly DraftLine[]): boolean {
  return lines.some((line) => {
    const problems = lineProblems(line);
    return (
      problems.discount !== null ||
      problems.unitList !== null ||
      problems.quantities.some((p) => p !== null)
    );
  });
}

/** The typed unit list price in minor units; null when there is none (or it is unreadable). */
export function typedUnitListMinor(line: DraftLine): number | null {
  if (line.unitList === null) return null;
  const reading = readUnitListText(line.unitList);
  return reading.ok ? reading.minor : null;
}

export function toPayload(lines: readonly DraftLine[]): LineDraftPayload[] {
  return lines.map((line) => {
    const unitList = typedUnitListMinor(line);
    return {
      ...(line.id ? { id: line.id } : {}),
      key: line.key,
      sku: line.sku,
      quantities: line.quantities.map((q) => Number(q.trim())),
      ...(line.discount.trim() ? { manual_discount_percent: line.discount.trim() } : {}),
      ...(line.parentKey ? { parent_key: line.parentKey } : {}),
      ...(unitList === null ? {} : { adjusted_unit_list_minor: unitList }),
      attributes: { high_availability: line.highAvailability === true },
    };
  });
}
