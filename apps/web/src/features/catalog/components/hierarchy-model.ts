/** The hierarchy's flat node list as a tree: children, depth-first order, paths, totals. */

/** What the tree needs of a node: the admins' hierarchy and the grid's product lines both fit. */
export interface TreeNode {
  id: string;
  parent_id: string | null;
  name: string;
  sort_order: number;
  sku_count: number;
}

export interface TreeEntry<N extends TreeNode = TreeNode> {
  node: N;
  depth: number;
  /** "Network Security › Firewalls › Branch". */
  path: string;
}

export function childrenByParent<N extends TreeNode>(nodes: readonly N[]) {
  const children = new Map<string | null, N[]>();
  for (const node of nodes) {
    children.set(node.parent_id, [...(children.get(node.parent_id) ?? []), node]);
  }
  for (const list of children.values()) {
    list.sort((a, b) => a.sort_order - b.sort_order || a.name.localeCompare(b.name));
  }
  return children;
}

/** Every node depth first, in the admins' order, with its path of names. */
export function flattenTree<N extends TreeNode>(nodes: readonly N[]): TreeEntry<N>[] {
  const children = childrenByParent(nodes);
  const out: TreeEntry<N>[] = [];
  const walk = (parent: string | null, depth: number, prefix: string) => {
    for (const node of children.get(parent) ?? []) {
      const path = prefix ? `${prefix} › ${node.name}` : node.name;
      out.push({ node, depth, path });
      walk(node.id, depth + 1, path);
    }
  };
  walk(null, 0, '');
  return out;
}

/** The node and everything below it. */
export function subtreeIds(nodes: readonly TreeNode[], rootId: string): Set<string> {
  const children = childrenByParent(nodes);
  const found = new Set<string>();
  const pending = [rootId];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (found.has(id)) continue;
    found.add(id);
    pending.push(...(children.get(id) ?? []).map((child) => child.id));
  }
  return found;
}

/** SKUs on each line and every line below it. */
export function totalSkuCounts(nodes: readonly TreeNode[]): Map<string, number> {
  const children = childrenByParent(nodes);
  const totals = new Map<string, number>();
  const total = (node: TreeNode): number => {
    const known = totals.get(node.id);
    if (known !== undefined) return known;
    totals.set(node.id, node.sku_count); // guards against a loop in edited data
    const sum = (children.get(node.id) ?? []).reduce(
      (n, child) => n + total(child),
      node.sku_count,
    );
    totals.set(node.id, sum);
    return sum;
  };
  nodes.forEach(total);
  return totals;
}
