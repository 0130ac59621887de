/**
 * Issue 35: what percent-of-total SKUs cover (methods.ts), and the cycles they could form by
 * covering each other. Messages are method-messages.ts.
 */
import { type ProductKind } from './product-kinds.ts';
import { type CoverScope, type PercentOfTotalCover } from './methods.ts';

/** What a cover reads of a SKU: its family, kind and `model` attribute (null: none). */
export interface SkuCoverFacts {
  sku: string;
  family_id: string;
  kind: ProductKind;
  model: string | null;
}

/**
 * Whether `subject`'s cover takes in the lines of `other`: a SKU never covers itself; by SKU,
 * the SKUs named; by model, SKUs with the subject's model (none when the subject has none); by
 * family, SKUs of its family; by quote, every SKU; the last three only of the kinds named, when
 * some are.
 */
export function isCoveredBy(
  subject: SkuCoverFacts,
  cover: PercentOfTotalCover,
  other: SkuCoverFacts,
): boolean {
  if (other.sku === subject.sku) return false;
  if (cover.scope === 'SKU') return (cover.skus ?? []).includes(other.sku);
  const kinds = cover.kinds ?? [];
  if (kinds.length > 0 && !kinds.includes(other.kind)) return false;
  const inScope: Record<Exclude<CoverScope, 'SKU'>, boolean> = {
    MODEL: subject.model !== null && other.model === subject.model,
    FAMILY: other.family_id === subject.family_id,
    QUOTE: true,
  };
  return inScope[cover.scope];
}

/** The SKUs among `catalogue` whose lines `subject`'s cover takes in, in the order given. */
export function coveredSkus(
  subject: SkuCoverFacts,
  cover: PercentOfTotalCover,
  catalogue: Iterable<SkuCoverFacts>,
): string[] {
  const covered: string[] = [];
  for (const other of catalogue) {
    if (isCoveredBy(subject, cover, other)) covered.push(other.sku);
  }
  return covered;
}

/**
 * A cycle among percent-of-total SKUs covering each other, as the SKUs in order (each covers
 * the next, the last the first), or null. `methodsBySku` holds the cover of every SKU priced as a
 * percent of total at one moment; `facts` what the covers read of those SKUs (a SKU without
 * facts is covered only by name). With `through`, only a cycle through that SKU counts (the one
 * being changed), and it comes first.
 */
export function findCoverCycle(
  methodsBySku: ReadonlyMap<string, PercentOfTotalCover>,
  facts: ReadonlyMap<string, SkuCoverFacts>,
  through?: string,
): string[] | null {
  const nodes = [...methodsBySku.keys()].sort();
  const factsOf = (sku: string): SkuCoverFacts =>
    facts.get(sku) ?? { sku, family_id: '', kind: 'BUNDLE', model: null };
  const edges = new Map<string, string[]>();
  for (const from of nodes) {
    const cover = methodsBySku.get(from);
    if (!cover) continue;
    const subject = factsOf(from);
    edges.set(
      from,
      nodes.filter((to) =>
        cover.scope === 'SKU'
          ? to !== from && (cover.skus ?? []).includes(to)
          : facts.has(to) && isCoveredBy(subject, cover, factsOf(to)),
      ),
    );
  }
  if (through !== undefined) return methodsBySku.has(through) ? cycleThrough(edges, through) : null;
  // Depth first, colouring nodes: on the path (grey) or finished (black).
  const state = new Map<string, 'grey' | 'black'>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'grey');
    path.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'grey') return path.slice(path.indexOf(next));
      if (state.get(next) === undefined) {
        const found = visit(next);
        if (found) return found;
      }
    }
    path.pop();
    state.set(node, 'black');
    return null;
  };
  for (const start of nodes) {
    const cycle = state.has(start) ? null : visit(start);
    if (cycle) return cycle;
  }
  return null;
}

/** The shortest cycle through `start` (breadth first, back to it), starting with it; or null. */
function cycleThrough(edges: ReadonlyMap<string, string[]>, start: string): string[] | null {
  const previous = new Map<string, string>();
  const queue = [start];
  for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
    for (const next of edges.get(at) ?? []) {
      if (next === start) {
        const cycle = [at];
        for (let step = previous.get(at); step !== undefined; step = previous.get(step)) {
          cycle.unshift(step);
        }
        return cycle;
      }
      if (!previous.has(next)) {
        previous.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}
