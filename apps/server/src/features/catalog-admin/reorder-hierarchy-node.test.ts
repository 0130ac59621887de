import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productHierarchyNodes } from '@bastion/db/schema/catalog';
import { useCatalogTestBed, unique } from './catalog-admin.test-harness.ts';

const { bed, api } = useCatalogTestBed();

interface Reordered {
  id: string;
  name: string;
  sort_order: number;
  position: number;
  sibling_count: number;
}

/** A parent with children named in the order given, and their ids by name. */
async function family(...names: string[]) {
  const parent = await api.addNode(`Parent ${unique()}`);
  const ids = new Map<string, string>();
  for (const name of names) ids.set(name, (await api.addNode(name, parent.id)).id);
  return { parent, id: (name: string) => ids.get(name) ?? '' };
}

/** The children's names and sort orders as stored, in order. */
async function storedOrder(parentId: string) {
  const rows = await bed.ctx.db
    .select({ name: productHierarchyNodes.name, sortOrder: productHierarchyNodes.sortOrder })
    .from(productHierarchyNodes)
    .where(eq(productHierarchyNodes.parentId, parentId))
    .orderBy(asc(productHierarchyNodes.sortOrder), asc(productHierarchyNodes.name));
  return rows;
}

const names = async (parentId: string) => (await storedOrder(parentId)).map((r) => r.name);

describe('reordering product lines among their siblings', () => {
  it('moves a line up and down, and renumbers the siblings 1, 2, 3…', async () => {
    const { parent, id } = await family('A', 'B', 'C', 'D');
    const up = await api.dataOf<Reordered>('hierarchy/reorder', { id: id('C'), direction: 'up' });
    expect(up).toMatchObject({ name: 'C', position: 2, sibling_count: 4, sort_order: 2 });
    expect(await storedOrder(parent.id)).toEqual([
      { name: 'A', sortOrder: 1 },
      { name: 'C', sortOrder: 2 },
      { name: 'B', sortOrder: 3 },
      { name: 'D', sortOrder: 4 },
    ]);
    await api.dataOf('hierarchy/reorder', { id: id('A'), direction: 'down' });
    expect(await names(parent.id)).toEqual(['C', 'A', 'B', 'D']);

    // The edges: the first line cannot go higher, nor the last lower; nothing changes.
    const top = await api.dataOf<Reordered>('hierarchy/reorder', { id: id('C'), direction: 'up' });
    expect(top).toMatchObject({ position: 1 });
    const bottom = await api.dataOf<Reordered>('hierarchy/reorder', {
      id: id('D'),
      direction: 'down',
    });
    expect(bottom).toMatchObject({ position: 4 });
    expect(await names(parent.id)).toEqual(['C', 'A', 'B', 'D']);

    const audits = await api.auditActions(id('C'));
    expect(audits.map((a) => a.action)).toEqual([
      'catalog.hierarchy.added',
      'catalog.hierarchy.reordered',
    ]);
    expect(audits[1]).toMatchObject({
      actor: bed.users.admin.id,
      details: { name: 'C', parent_id: parent.id, from_position: 3, to_position: 2 },
    });
  });

  it('moves a line straight to a position', async () => {
    const { parent, id } = await family('A', 'B', 'C', 'D');
    const moved = await api.dataOf<Reordered>('hierarchy/reorder', { id: id('D'), position: 1 });
    expect(moved).toMatchObject({ position: 1, sort_order: 1 });
    expect(await names(parent.id)).toEqual(['D', 'A', 'B', 'C']);
    await api.dataOf('hierarchy/reorder', { id: id('D'), position: 4 });
    expect(await names(parent.id)).toEqual(['A', 'B', 'C', 'D']);
    await api.dataOf('hierarchy/reorder', { id: id('A'), position: 3 });
    expect(await names(parent.id)).toEqual(['B', 'C', 'A', 'D']);
  });

  it('mends gaps and ties in older data, and leaves other levels alone', async () => {
    const { parent, id } = await family('A', 'B', 'C');
    const other = await family('X', 'Y');
    // Older data: a gap and a tie.
    for (const [name, sortOrder] of [
      ['A', 10],
      ['B', 10],
      ['C', 40],
    ] as const) {
      await bed.ctx.db
        .update(productHierarchyNodes)
        .set({ sortOrder })
        .where(eq(productHierarchyNodes.id, id(name)));
    }
    await api.dataOf('hierarchy/reorder', { id: id('C'), direction: 'up' });
    expect(await storedOrder(parent.id)).toEqual([
      { name: 'A', sortOrder: 1 },
      { name: 'C', sortOrder: 2 },
      { name: 'B', sortOrder: 3 },
    ]);
    expect(await storedOrder(other.parent.id)).toEqual([
      { name: 'X', sortOrder: 1 },
      { name: 'Y', sortOrder: 2 },
    ]);
  });

  it('reorders top-level lines too', async () => {
    const first = await api.addNode(`Top ${unique()}`);
    const second = await api.addNode(`Top ${unique()}`);
    const moved = await api.dataOf<Reordered>('hierarchy/reorder', {
      id: second.id,
      direction: 'up',
    });
    const top = await bed.ctx.db
      .select({ id: productHierarchyNodes.id, sortOrder: productHierarchyNodes.sortOrder })
      .from(productHierarchyNodes)
      .where(eq(productHierarchyNodes.id, first.id));
    expect(top[0]?.sortOrder).toBe(moved.position + 1);
    expect(moved.position).toBe(moved.sibling_count - 1);
  });

  it.each([
    [{ direction: 'sideways' }, 'direction', 'The direction is up or down.'],
    [{ position: 0 }, 'position', 'The position is a whole number, 1 for the first place.'],
    [{ position: 1.5 }, 'position', 'The position is a whole number, 1 for the first place.'],
    [
      { position: 9 },
      'position',
      'There are 2 lines at this level: choose a position from 1 to 2.',
    ],
    [{}, 'direction', 'Say either a direction (up or down) or a position, not both.'],
    [
      { direction: 'up', position: 1 },
      'direction',
      'Say either a direction (up or down) or a position, not both.',
    ],
  ])('refuses %j with 400 on %s and changes nothing', async (change, path, message) => {
    const { parent, id } = await family('A', 'B');
    const response = await api.post('hierarchy/reorder', { id: id('B'), ...change });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors).toEqual(expect.arrayContaining([{ path, message }]));
    expect(await names(parent.id)).toEqual(['A', 'B']);
  });

  it('answers 404 for a line that does not exist, 400 for an id that is not one', async () => {
    const missing = await api.post('hierarchy/reorder', { id: randomUUID(), direction: 'up' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(
      'That product line no longer exists. Reload the hierarchy.',
    );
    const bad = await api.post('hierarchy/reorder', { id: 'line-1', direction: 'up' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'id', message: 'Say which product line.' }]);
  });

  it('is for catalogue admins and root admins only', async () => {
    const { parent, id } = await family('A', 'B');
    for (const cookie of [bed.cookies.catalogUser, bed.cookies.sales]) {
      const response = await api.post(
        'hierarchy/reorder',
        { id: id('B'), direction: 'up' },
        cookie,
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'FORBIDDEN' });
    }
    expect(await names(parent.id)).toEqual(['A', 'B']);
    await api.dataOf('hierarchy/reorder', { id: id('B'), direction: 'up' }, bed.cookies.root);
    expect(await names(parent.id)).toEqual(['B', 'A']);
  });
});
