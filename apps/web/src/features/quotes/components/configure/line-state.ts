import { readUnitListText, unitListText } from '@bastion/domain/pricing/unit-list';
import type { RuleActionView } from '@bastion/domain/product-rules/schemas';
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
}

export interface LinesState {
  lines: DraftLine[];
  /** Changed since it was loaded or saved. */
  isDirty: boolean;
}

export type LinesAction =
  | { type: 'load'; lines: StoredLine[]; years: number; isSized?: (line: StoredLine) => boolean }
  | { type: 'add'; sku: CatalogSku; years: number }
  | { type: 'quantity'; key: string; year: number; value: string }
  | { type: 'discount'; key: string; value: string }
  /** A typed unit list price; null resets the line to the catalogue's. */
  | { type: 'unitList'; key: string; value: string | null }
  | { type: 'remove'; key: string }
  /** Issue 34: a product rule's fix, offer or recommendation, accepted in one click. */
  | { type: 'rule'; changes: RuleActionView['changes']; years: number };

let counter = 0;
const newKey = () => `new-${Date.now().toString(36)}-${(counter += 1)}`;

/** What a product starts with: one of it, every year for a subscription, year 1 for a purchase. */
function startingQuantities(billing: string, years: number, quantity = 1): string[] {
  return Array.from({ length: years }, (_, index) =>
    index === 0 || billing === 'ANNUAL' ? String(quantity) : '0',
  );
}

function fromStored(
  stored: StoredLine[],
  years: number,
  isSized: (line: StoredLine) => boolean,
): DraftLine[] {
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
  }));
}

/** A rule's changes applied to the lines: new lines at the end, in the order given. */
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
        key: newKey(),
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

export function linesReducer(state: LinesState, action: LinesAction): LinesState {
  switch (action.type) {
    case 'load':
      return {
        lines: fromStored(action.lines, action.years, action.isSized ?? (() => false)),
        isDirty: false,
      };
    case 'add': {
      const { sku, years } = action;
      const key = newKey();
      const added: DraftLine[] = [
        {
          key,
          sku: sku.sku,
          name: sku.name,
          kind: sku.kind,
          billing: sku.billing,
          quantities: startingQuantities(sku.billing, years),
          discount: '',
          unitList: null,
        },
        // A bundle brings its components, each a line of its own under it.
        ...sku.components.map((component) => ({
          key: newKey(),
          sku: component.sku,
          name: component.name,
          kind: '',
          billing: '',
          parentKey: key,
          quantities: startingQuantities('ANNUAL', years, component.quantity).map((q, i) =>
            i === 0 ? q : '0',
          ),
          discount: '',
          unitList: null,
        })),
      ];
      return { lines: [...state.lines, ...added], isDirty: true };
    }
    case 'quantity':
      return {
        isDirty: true,
        lines: state.lines.map((line) =>
          line.key === action.key
            ? {
                ...line,
                quantities: line.quantities.map((q, i) => (i === action.year ? action.value : q)),
              }
            : line,
        ),
      };
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
