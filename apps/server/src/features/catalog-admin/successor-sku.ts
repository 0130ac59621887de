import type { Database } from '@bastion/db/client';
import type { SaveSkuInput } from '@bastion/domain/catalog/admin-api';
import { findSku, listPredecessorsOf, type SkuRow } from './catalog-admin.repository.ts';
import { conflictOn, invalidField } from './catalog-admin-errors.ts';

/**
 * The successor a renewal may migrate a SKU to (issue 18) must be another SKU of the catalogue,
 * not a bundle (a bundle is no one thing to renew), and following successors from it must never
 * lead back to the SKU, or a renewal could migrate a line round in circles.
 */
export async function requireValidSuccessor(db: Database, input: SaveSkuInput): Promise<void> {
  const code = input.successor_sku;
  if (code === null) return;
  if (code === input.sku) {
    throw invalidField('successor_sku', 'A SKU cannot be its own successor: choose another SKU.');
  }
  const successor = await findSku(db, code);
  if (!successor) {
    throw invalidField('successor_sku', `There is no SKU ${code} to be the successor.`);
  }
  if (successor.kind === 'BUNDLE') {
    throw invalidField(
      'successor_sku',
      `${code} is a bundle: a renewal cannot migrate to a bundle. Choose one of its components.`,
    );
  }
  // Walk on from the successor; `seen` also ends a loop that is already stored.
  const path = [input.sku, code];
  const seen = new Set(path);
  for (let next = successor.successorSku; next !== null;) {
    if (next === input.sku) {
      throw invalidField(
        'successor_sku',
        `${code} leads back to ${input.sku} (${[...path, next].join(' → ')}): successors cannot go round in a circle.`,
      );
    }
    if (seen.has(next)) return;
    seen.add(next);
    path.push(next);
    next = (await findSku(db, next))?.successorSku ?? null;
  }
}

/** A SKU that is some SKU's successor stays something a renewal can migrate to: no bundle. */
export async function requireSuccessorStaysSingle(
  db: Database,
  existing: SkuRow,
  input: SaveSkuInput,
): Promise<void> {
  if (input.kind !== 'BUNDLE' || existing.kind === 'BUNDLE') return;
  const predecessors = (await listPredecessorsOf(db, existing.sku)).map((p) => p.sku);
  if (predecessors.length === 0) return;
  throw conflictOn(
    'kind',
    `${existing.sku} is the successor of ${predecessors.join(', ')}, and a bundle cannot be a successor: give ${predecessors.length === 1 ? 'that SKU' : 'those SKUs'} another successor first.`,
  );
}
