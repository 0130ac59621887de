import { RENEWAL_MESSAGES, type RenewalKind } from '@bastion/domain/renewals/model';
import { renewableEntitlements } from '@bastion/domain/renewals/renewal-draft';
import type {
  RenewalConfiguration,
  RenewalDraft,
  RenewalLine,
} from '@bastion/domain/renewals/schemas';

/*
 * The configurator's draft as the user edits it: inputs stay text until they are sent, so a
 * half-typed number is flagged where it is rather than lost. Each line has a key of its own,
 * because the server's problems name lines by their index in the draft that was sent.
 */

export type SkuType = 'SAME' | 'SUCCESSOR';

export interface EditLine {
  key: string;
  /** The contract line renewed, extended or trued up; null for a new product. */
  entitlement_id: string | null;
  contract_id: string | null;
  sku: string;
  sku_name: string;
  billing: 'ONE_TIME' | 'ANNUAL';
  successor_sku: string | null;
  prior_quantity: number | null;
  entitled_quantity: number | null;
  sku_type: SkuType | null;
  quantity: string;
  uplift_percent: string;
  uplift_reason: string;
  manual_discount_percent: string;
  measured_quantity: string;
}

export interface EditDrop {
  entitlement_id: string;
  sku: string;
  sku_name: string;
  quantity: number;
  reason: string;
  /** The line as it was before it was dropped, to restore it as it was. */
  line: EditLine | null;
}

export interface DraftState {
  kind: RenewalKind;
  default_uplift_percent: string;
  contract_length: number | null;
  term_start: string;
  contract_ids: string[];
  measured_on: string;
  lines: EditLine[];
  drops: EditDrop[];
  isDirty: boolean;
}

export type DraftAction =
  | { type: 'field'; field: 'contract_length'; value: number }
  | { type: 'field'; field: 'term_start' | 'measured_on'; value: string }
  | {
      type: 'line';
      key: string;
      field:
        | 'quantity'
        | 'uplift_percent'
        | 'uplift_reason'
        | 'manual_discount_percent'
        | 'measured_quantity';
      value: string;
    }
  | { type: 'sku-type'; key: string; value: SkuType | null }
  | { type: 'drop'; key: string }
  | { type: 'drop-reason'; entitlement_id: string; value: string }
  | { type: 'restore'; entitlement_id: string }
  | { type: 'add'; sku: { sku: string; name: string; billing: 'ONE_TIME' | 'ANNUAL' } }
  | { type: 'remove'; key: string };

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;

const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

function lineFromStored(line: RenewalLine, index: number): EditLine {
  return {
    key: line.line_id ?? line.entitlement_id ?? `stored-${index}`,
    entitlement_id: line.entitlement_id,
    contract_id: line.contract_id,
    // A contract line is sent with its own SKU; the server reads the successor from sku_type.
    sku: line.source_sku ?? line.sku,
    sku_name: line.sku_name,
    billing: line.billing,
    successor_sku: line.successor_sku,
    prior_quantity: line.prior_quantity,
    entitled_quantity: line.entitled_quantity,
    sku_type: line.sku_type,
    quantity: text(line.quantity),
    uplift_percent: text(line.uplift_percent),
    uplift_reason: text(line.uplift_reason),
    manual_discount_percent: text(line.manual_discount_percent),
    measured_quantity: text(line.measured_quantity),
  };
}

/**
 * The contract lines the page offers that the quote does not hold yet, as the server accepts
 * them (renewals/renewal-draft.ts): a new renewal renews the annual lines running on the
 * contract's end; a co-term extends the merged contracts' annual lines that end before the
 * target's end; a true-up measures the annual lines (a stored true-up keeps only the lines with
 * an overage, so the others are offered again).
 */
function seededLines(configuration: RenewalConfiguration, stored: EditLine[]): EditLine[] {
  const { kind, contracts } = configuration;
  const target = contracts[0];
  if (!target) return [];
  const present = new Set(stored.map((line) => line.entitlement_id));
  const dropped = new Set(configuration.drops.map((drop) => drop.entitlement_id));
  const candidates =
    kind === 'RENEWAL'
      ? stored.length > 0
        ? []
        : renewableEntitlements(target).map((e) => ({ contract: target, e }))
      : kind === 'COTERM'
        ? contracts
            .slice(1)
            .flatMap((contract) =>
              contract.entitlements
                .filter((e) => e.billing === 'ANNUAL' && e.end_date < target.end_date)
                .map((e) => ({ contract, e })),
            )
        : target.entitlements
            .filter((e) => e.billing === 'ANNUAL')
            .map((e) => ({ contract: target, e }));
  return candidates
    .filter(({ e }) => !present.has(e.id) && !dropped.has(e.id))
    .map(({ contract, e }) => ({
      key: e.id,
      entitlement_id: e.id,
      contract_id: contract.id,
      sku: e.sku,
      sku_name: e.sku_name,
      billing: e.billing,
      successor_sku: e.successor_sku,
      prior_quantity: e.quantity,
      entitled_quantity: e.quantity,
      // A deal-desk user chooses every SKU type (spec §5); others renew the same SKU.
      sku_type: kind === 'RENEWAL' && !configuration.sku_type_required ? 'SAME' : null,
      quantity: String(e.quantity),
      uplift_percent: kind === 'RENEWAL' ? configuration.default_uplift_percent : '',
      uplift_reason: '',
      manual_discount_percent: '',
      measured_quantity: '',
    }));
}

export function initialDraft(configuration: RenewalConfiguration): DraftState {
  const stored = configuration.pricing.lines.map(lineFromStored);
  const seeded = seededLines(configuration, stored);
  const entitlements = new Map(
    configuration.contracts.flatMap((contract) =>
      contract.entitlements.map((entitlement) => [entitlement.id, entitlement] as const),
    ),
  );
  return {
    kind: configuration.kind,
    default_uplift_percent: configuration.default_uplift_percent,
    contract_length: configuration.kind === 'RENEWAL' ? configuration.quote.contract_length : null,
    term_start: configuration.term_start ?? '',
    contract_ids: configuration.contracts.map((contract) => contract.id),
    measured_on: configuration.measured_on ?? '',
    lines: [...stored, ...seeded],
    drops: configuration.drops.map((drop) => {
      const entitlement = entitlements.get(drop.entitlement_id);
      return {
        ...drop,
        sku_name: entitlement?.sku_name ?? drop.sku,
        line: entitlement
          ? {
              ...restoredLine(
                { ...drop, sku_name: entitlement.sku_name },
                configuration.default_uplift_percent,
                null,
              ),
              billing: entitlement.billing,
              successor_sku: entitlement.successor_sku,
              sku_type: configuration.sku_type_required ? null : 'SAME',
            }
          : null,
      };
    }),
    // Lines the page starts with that the quote does not hold yet are changes to save.
    isDirty: seeded.length > 0,
  };
}

/** A dropped contract line back in the renewal, at its prior quantity and the default uplift. */
function restoredLine(
  drop: { entitlement_id: string; sku: string; sku_name?: string; quantity: number },
  defaultUplift: string,
  contractId: string | null,
): EditLine {
  return {
    key: drop.entitlement_id,
    entitlement_id: drop.entitlement_id,
    contract_id: contractId,
    sku: drop.sku,
    sku_name: drop.sku_name ?? drop.sku,
    billing: 'ANNUAL',
    successor_sku: null,
    prior_quantity: drop.quantity,
    entitled_quantity: drop.quantity,
    sku_type: null,
    quantity: String(drop.quantity),
    uplift_percent: defaultUplift,
    uplift_reason: '',
    manual_discount_percent: '',
    measured_quantity: '',
  };
}

function updateLine(state: DraftState, key: string, change: (line: EditLine) => EditLine) {
  return {
    ...state,
    isDirty: true,
    lines: state.lines.map((line) => (line.key === key ? change(line) : line)),
  };
}

export function draftReducer(state: DraftState, action: DraftAction): DraftState {
  switch (action.type) {
    case 'field':
      return { ...state, isDirty: true, [action.field]: action.value };
    case 'line':
      return updateLine(state, action.key, (line) => ({ ...line, [action.field]: action.value }));
    case 'sku-type':
      return updateLine(state, action.key, (line) => ({ ...line, sku_type: action.value }));
    case 'drop': {
      const line = state.lines.find((l) => l.key === action.key);
      if (!line?.entitlement_id) return state;
      return {
        ...state,
        isDirty: true,
        lines: state.lines.filter((l) => l.key !== action.key),
        drops: [
          ...state.drops,
          {
            entitlement_id: line.entitlement_id,
            sku: line.sku,
            sku_name: line.sku_name,
            quantity: line.prior_quantity ?? (Number(line.quantity) || 0),
            reason: '',
            line,
          },
        ],
      };
    }
    case 'drop-reason':
      return {
        ...state,
        isDirty: true,
        drops: state.drops.map((drop) =>
          drop.entitlement_id === action.entitlement_id ? { ...drop, reason: action.value } : drop,
        ),
      };
    case 'restore': {
      const drop = state.drops.find((d) => d.entitlement_id === action.entitlement_id);
      if (!drop) return state;
      const restored = restoredLine(
        drop,
        state.default_uplift_percent,
        state.contract_ids[0] ?? null,
      );
      return {
        ...state,
        isDirty: true,
        drops: state.drops.filter((d) => d !== drop),
        lines: [...state.lines, drop.line ?? restored],
      };
    }
    case 'add':
      return {
        ...state,
        isDirty: true,
        lines: [
          ...state.lines,
          {
            key: newKey(),
            entitlement_id: null,
            contract_id: null,
            sku: action.sku.sku,
            sku_name: action.sku.name,
            billing: action.sku.billing,
            successor_sku: null,
            prior_quantity: null,
            entitled_quantity: null,
            sku_type: null,
            quantity: '1',
            uplift_percent: '',
            uplift_reason: '',
            manual_discount_percent: '',
            measured_quantity: '',
          },
        ],
      };
    case 'remove':
      return { ...state, isDirty: true, lines: state.lines.filter((l) => l.key !== action.key) };
  }
}

// ── What the browser checks before asking the server ─────────────────────────────────────────

const WHOLE = /^\d+$/;
const PERCENT = /^-?\d{1,3}(\.\d{1,2})?$/;
const DISCOUNT = /^\d{1,3}(\.\d{1,2})?$/;

const sameNumber = (a: string, b: string) => a.trim() !== '' && Number(a) === Number(b);

/** Whether the line's uplift differs from the default, so it needs a reason. */
export function needsUpliftReason(line: EditLine, defaultUplift: string): boolean {
  return (
    line.entitlement_id !== null &&
    line.uplift_percent.trim() !== '' &&
    !sameNumber(line.uplift_percent, defaultUplift)
  );
}

/** Usage above the entitled quantity, never below 0; null while the usage is not a count. */
export function overageOf(line: Pick<EditLine, 'measured_quantity' | 'entitled_quantity'>) {
  const measured = line.measured_quantity.trim();
  if (!WHOLE.test(measured)) return null;
  return Math.max(0, Number(measured) - (line.entitled_quantity ?? 0));
}

/** Problems by path ("lines.2.quantity", "drops.0.reason"), the server's way of naming them. */
export type Problems = ReadonlyMap<string, string>;

export function localProblems(state: DraftState): Map<string, string> {
  const problems = new Map<string, string>();
  state.lines.forEach((line, index) => {
    const at = (field: string) => `lines.${index}.${field}`;
    if (!WHOLE.test(line.quantity.trim())) {
      problems.set(at('quantity'), 'Quantities are whole numbers of 0 or more.');
    }
    const uplift = line.uplift_percent.trim();
    if (uplift !== '' && (!PERCENT.test(uplift) || Math.abs(Number(uplift)) > 100)) {
      problems.set(at('uplift_percent'), 'Uplift: a percentage such as 5 or -2.5.');
    } else if (
      needsUpliftReason(line, state.default_uplift_percent) &&
      !line.uplift_reason.trim()
    ) {
      problems.set(at('uplift_reason'), RENEWAL_MESSAGES.upliftReasonRequired);
    }
    const discount = line.manual_discount_percent.trim();
    if (discount !== '' && (!DISCOUNT.test(discount) || Number(discount) > 100)) {
      problems.set(at('manual_discount_percent'), 'Discount: a percentage such as 10 or 12.5.');
    }
    const measured = line.measured_quantity.trim();
    if (measured !== '' && !WHOLE.test(measured)) {
      problems.set(at('measured_quantity'), RENEWAL_MESSAGES.negativeUsage);
    }
  });
  state.drops.forEach((drop, index) => {
    if (!drop.reason.trim()) {
      problems.set(`drops.${index}.reason`, RENEWAL_MESSAGES.dropReasonRequired);
    }
  });
  return problems;
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The draft as the server takes it. */
export function toDraft(state: DraftState): RenewalDraft {
  return {
    contract_length: state.kind === 'RENEWAL' ? state.contract_length : null,
    term_start: state.kind === 'COTERM' ? orNull(state.term_start) : null,
    contract_ids: state.contract_ids.length > 0 ? state.contract_ids : null,
    measured_on: state.kind === 'TRUE_UP' ? orNull(state.measured_on) : null,
    lines: state.lines.map((line) => ({
      entitlement_id: line.entitlement_id,
      sku: line.sku,
      sku_type: line.entitlement_id !== null && state.kind === 'RENEWAL' ? line.sku_type : null,
      quantity: Number(line.quantity.trim()) || 0,
      uplift_percent: state.kind === 'RENEWAL' ? orNull(line.uplift_percent) : null,
      uplift_reason: needsUpliftReason(line, state.default_uplift_percent)
        ? orNull(line.uplift_reason)
        : null,
      manual_discount_percent: orNull(line.manual_discount_percent),
      measured_quantity:
        state.kind === 'TRUE_UP' && line.measured_quantity.trim() !== ''
          ? Number(line.measured_quantity.trim())
          : null,
    })),
    drops: state.drops.map((drop) => ({
      entitlement_id: drop.entitlement_id,
      reason: drop.reason.trim(),
    })),
  };
}

/**
 * The priced line of each draft line: contract lines by their entitlement, new products in
 * their order (the server answers them in the order they were sent).
 */
export function pricedByKey(
  lines: readonly EditLine[],
  priced: readonly RenewalLine[],
): Map<string, RenewalLine> {
  const byEntitlement = new Map<string, RenewalLine>();
  const newOnes: RenewalLine[] = [];
  for (const line of priced) {
    if (line.entitlement_id) byEntitlement.set(line.entitlement_id, line);
    else newOnes.push(line);
  }
  const result = new Map<string, RenewalLine>();
  let next = 0;
  for (const line of lines) {
    const match = line.entitlement_id ? byEntitlement.get(line.entitlement_id) : newOnes[next++];
    if (match) result.set(line.key, match);
  }
  return result;
}

/**
 * The server's problems (paths of the draft: "lines.3.sku_type", or of the save body:
 * "draft.lines.3.sku_type") re-filed under the keys of the lines that were sent, so a message
 * stays with its line while the user edits others: "<line key>.sku_type", "drop:<id>.reason",
 * or the top-level field ("term_start"). Anything else is a problem of the whole quote.
 */
export function fileProblems(
  problems: readonly { path: string; message: string }[],
  sent: Pick<DraftState, 'lines' | 'drops'>,
): { byField: Map<string, string>; general: string[] } {
  const byField = new Map<string, string>();
  const general: string[] = [];
  for (const problem of problems) {
    const path = problem.path.replace(/^draft\./, '');
    const line = /^lines\.(\d+)\.?(.*)$/.exec(path);
    const drop = /^drops\.(\d+)\.?(.*)$/.exec(path);
    let key: string | null = null;
    if (line) {
      const sentLine = sent.lines[Number(line[1])];
      if (sentLine) key = `${sentLine.key}.${line[2] || 'sku'}`;
    } else if (drop) {
      const sentDrop = sent.drops[Number(drop[1])];
      if (sentDrop) key = `drop:${sentDrop.entitlement_id}.reason`;
    } else if (/^(contract_length|term_start|measured_on)$/.test(path)) {
      key = path;
    }
    if (key === null) general.push(problem.message);
    else if (!byField.has(key)) byField.set(key, problem.message);
  }
  return { byField, general };
}

/** Local problems re-filed the same way, by the lines as they stand. */
export function fileLocalProblems(state: DraftState): Map<string, string> {
  return fileProblems(
    [...localProblems(state)].map(([path, message]) => ({ path, message })),
    state,
  ).byField;
}
