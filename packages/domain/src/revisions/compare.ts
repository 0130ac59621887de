import { z } from 'zod';
import {
  ZRevisionTotals,
  type RevisionLine,
  type RevisionSnapshot,
  type RevisionTerm,
} from './snapshot.ts';

/*
 * Issue 37: what changed between two snapshots of a quote (two revisions, or a revision and the
 * working copy): header facts, lines added, removed and changed (quantity, discount, net per
 * year), clauses added, removed and edited, and the totals. Pure: the web shows it side by side,
 * and the approver reads it as "what changed since you approved".
 */

export const LINE_FIELDS = ['quantity', 'discount', 'net'] as const;

const ZLineFigures = z.object({
  quantities: z.array(z.number().int()),
  discount_percent: z.string(),
  net_per_year_minor: z.array(z.number().int()),
  net_minor: z.number().int().nullable(),
});

export const ZRevisionComparison = z.object({
  /** Nothing in the header, lines, clauses or totals differs. */
  is_same: z.boolean(),
  header: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      before: z.string().nullable(),
      after: z.string().nullable(),
    }),
  ),
  lines: z.array(
    z.object({
      change: z.enum(['added', 'removed', 'changed']),
      sku: z.string(),
      name: z.string(),
      parent_sku: z.string().nullable(),
      before: ZLineFigures.nullable(),
      after: ZLineFigures.nullable(),
      /** On a changed line: which of its figures differ. */
      changed: z.array(z.enum(LINE_FIELDS)),
    }),
  ),
  unchanged_line_count: z.number().int(),
  terms: z.array(
    z.object({
      change: z.enum(['added', 'removed', 'edited']),
      title: z.string(),
      before: z.string().nullable(),
      after: z.string().nullable(),
    }),
  ),
  totals: z.object({
    before: ZRevisionTotals.nullable(),
    after: ZRevisionTotals.nullable(),
    /** after − before; null when either could not be priced. */
    net_delta_minor: z.number().int().nullable(),
  }),
});

export type RevisionComparison = z.infer<typeof ZRevisionComparison>;
type LineChange = RevisionComparison['lines'][number];

const sameList = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((value, index) => value === b[index]);

/**
 * Lines are matched by SKU under the same bundle, the n-th line of a SKU with the n-th: line ids
 * change whenever the products are saved, what the customer reads does not.
 */
function keyedLines(lines: readonly RevisionLine[]): Map<string, RevisionLine> {
  const seen = new Map<string, number>();
  const keyed = new Map<string, RevisionLine>();
  for (const line of lines) {
    const base = `${line.parent_sku ?? ''}\u0000${line.sku}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    keyed.set(`${base}\u0000${n}`, line);
  }
  return keyed;
}

const figuresOf = (line: RevisionLine) => ({
  quantities: line.quantities,
  discount_percent: line.discount_percent,
  net_per_year_minor: line.net_per_year_minor,
  net_minor: line.net_minor,
});

function changedFields(before: RevisionLine, after: RevisionLine): LineChange['changed'] {
  const changed: LineChange['changed'] = [];
  if (!sameList(before.quantities, after.quantities)) changed.push('quantity');
  if (before.discount_percent !== after.discount_percent) changed.push('discount');
  if (!sameList(before.net_per_year_minor, after.net_per_year_minor)) changed.push('net');
  return changed;
}

function compareLines(before: readonly RevisionLine[], after: readonly RevisionLine[]) {
  const was = keyedLines(before);
  const now = keyedLines(after);
  const lines: LineChange[] = [];
  let unchanged = 0;
  const entry = (
    change: LineChange['change'],
    line: RevisionLine,
    from: RevisionLine | null,
    to: RevisionLine | null,
    changed: LineChange['changed'] = [],
  ): LineChange => ({
    change,
    sku: line.sku,
    name: line.name,
    parent_sku: line.parent_sku,
    before: from ? figuresOf(from) : null,
    after: to ? figuresOf(to) : null,
    changed,
  });
  // In the order the newer side lists them, the removed ones last.
  for (const [key, line] of now) {
    const old = was.get(key);
    if (!old) {
      lines.push(entry('added', line, null, line));
      continue;
    }
    const changed = changedFields(old, line);
    if (changed.length === 0) unchanged += 1;
    else lines.push(entry('changed', line, old, line, changed));
  }
  for (const [key, line] of was) {
    if (!now.has(key)) lines.push(entry('removed', line, line, null));
  }
  return { lines, unchanged };
}

function compareTerms(before: readonly RevisionTerm[], after: readonly RevisionTerm[]) {
  const was = new Map(before.map((term) => [term.key, term]));
  const now = new Map(after.map((term) => [term.key, term]));
  const terms: RevisionComparison['terms'] = [];
  for (const term of after) {
    const old = was.get(term.key);
    if (!old) terms.push({ change: 'added', title: term.title, before: null, after: term.text });
    else if (old.text !== term.text || old.title !== term.title) {
      terms.push({ change: 'edited', title: term.title, before: old.text, after: term.text });
    }
  }
  for (const term of before) {
    if (!now.has(term.key)) {
      terms.push({ change: 'removed', title: term.title, before: term.text, after: null });
    }
  }
  return terms;
}

/** What changed from `before` to `after`. */
export function compareRevisions(
  before: RevisionSnapshot,
  after: RevisionSnapshot,
): RevisionComparison {
  const oldFacts = new Map(before.header.map((fact) => [fact.key, fact]));
  const header = after.header.flatMap((fact) => {
    const old = oldFacts.get(fact.key)?.value ?? null;
    return old === fact.value
      ? []
      : [{ key: fact.key, label: fact.label, before: old, after: fact.value }];
  });
  const { lines, unchanged } = compareLines(before.lines, after.lines);
  const terms = compareTerms(before.terms, after.terms);
  const netDelta =
    before.totals && after.totals ? after.totals.net_minor - before.totals.net_minor : null;
  const totalsDiffer =
    (before.totals === null) !== (after.totals === null) || (netDelta !== null && netDelta !== 0);
  return {
    is_same: header.length === 0 && lines.length === 0 && terms.length === 0 && !totalsDiffer,
    header,
    lines,
    unchanged_line_count: unchanged,
    terms,
    totals: { before: before.totals, after: after.totals, net_delta_minor: netDelta },
  };
}
