/** Walks over the product hierarchy held as a flat list of nodes. Pure. */

interface TreeNode {
  id: string;
  parentId: string | null;
  name: string;
}

/** Every node under `rootId`, itself included. */
export function subtreeOf(nodes: readonly TreeNode[], rootId: string): string[] {
  const children = new Map<string, string[]>();
  for (const node of nodes) {
    if (node.parentId === null) continue;
    children.set(node.parentId, [...(children.get(node.parentId) ?? []), node.id]);
  }
  const found: string[] = [];
  const pending = [rootId];
  const seen = new Set<string>();
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    found.push(id);
    pending.push(...(children.get(id) ?? []));
  }
  return found;
}

/** "Network Security › Firewalls › Branch" for each node, by id. */
export function pathsOf(nodes: readonly TreeNode[]): Map<string, string> {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const paths = new Map<string, string>();
  const pathOf = (node: TreeNode): string => {
    const known = paths.get(node.id);
    if (known !== undefined) return known;
    const names: string[] = [];
    const seen = new Set<string>();
    for (
      let at: TreeNode | undefined = node;
      at && !seen.has(at.id);
      at = at.parentId === null ? undefined : byId.get(at.parentId)
    ) {
      seen.add(at.id);
      names.unshift(at.name);
    }
    const path = names.join(' › ');
    paths.set(node.id, path);
    return path;
  };
  for (const node of nodes) pathOf(node);
  return paths;
}

/** Whether `candidateId` is `nodeId` or lies below it: moving `nodeId` there would loop. */
export function isWithin(nodes: readonly TreeNode[], candidateId: string, nodeId: string): boolean {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const seen = new Set<string>();
  for (let at = byId.get(candidateId); at && !seen.has(at.id);) {
    if (at.id === nodeId) return true;
    seen.add(at.id);
    at = at.parentId === null ? undefined : byId.get(at.parentId);
  }
  return false;
}
