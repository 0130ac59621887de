import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { LoadState } from '@/components/admin/admin-layout.tsx';
import { NoData } from '@/components/no-data.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { useSession } from '../../auth/index.ts';
import { useProductHierarchy, type ProductHierarchy } from '../api/product-hierarchy.ts';
import { childrenByParent, totalSkuCounts } from '../components/hierarchy-model.ts';
import { AddLine } from '../components/hierarchy-node-forms.tsx';
import {
  TreeBranch,
  type HierarchyEdit,
  type TreeContext,
} from '../components/hierarchy-tree-row.tsx';
import { SuccessNotice } from '../components/success-notice.tsx';

/** The page's buttons: open or close every line, and add a line at the top. */
function HierarchyToolbar(props: {
  isReady: boolean;
  isAnyExpanded: boolean;
  onExpandAll: () => void;
  onCollapseAll: () => void;
  onAddTopLevel: () => void;
}) {
  return (
    <>
      <Button
        variant="outline-secondary"
        onClick={props.isAnyExpanded ? props.onCollapseAll : props.onExpandAll}
        disabled={!props.isReady}
      >
        {props.isAnyExpanded ? 'Collapse all' : 'Expand all'}
      </Button>
      <Button onClick={props.onAddTopLevel} disabled={!props.isReady}>
        <i className="bi bi-plus-lg me-1" aria-hidden="true" />
        Top-level line
      </Button>
    </>
  );
}

/** The tree: the lines at the top, each opening onto those below it. */
function HierarchyTree({ hierarchy, tree }: { hierarchy: ProductHierarchy; tree: TreeContext }) {
  const { editing } = tree;
  const isAddingTopLevel = editing?.kind === 'add' && editing.parentId === null;
  return (
    <Card>
      <Card.Body className="py-2">
        <p className="small text-body-secondary mb-2">
          Each line counts its SKUs, those of the lines below it included. Only an empty line can be
          deleted: move its SKUs and lines elsewhere first.
        </p>
        {isAddingTopLevel ? (
          <AddLine
            parentId={null}
            depth={0}
            onCancel={tree.onCancel}
            onDone={(node) => tree.onDone(`Added ${node.name}.`)}
          />
        ) : null}
        {hierarchy.nodes.length === 0 && editing?.kind !== 'add' ? (
          <NoData title="No product lines yet" message="Add a top-level line to start." />
        ) : (
          <TreeBranch tree={tree} parentId={null} depth={0} label="Product lines" />
        )}
      </Card.Body>
    </Card>
  );
}

/** The product hierarchy (spec §2 /{context}/producthierarchy/{ref}): catalogue admins only. */
export function ProductHierarchyPage() {
  const { permissions } = useSession().user;
  const canAdminister = permissions.is_catalog_admin || permissions.is_root_admin;
  const hierarchy = useProductHierarchy({ enabled: canAdminister });
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<HierarchyEdit | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const nodes = useMemo(() => hierarchy.data?.nodes ?? [], [hierarchy.data]);
  const childMap = useMemo(() => childrenByParent(nodes), [nodes]);
  const totals = useMemo(() => totalSkuCounts(nodes), [nodes]);
  const familyNames = useMemo(
    () => new Map((hierarchy.data?.families ?? []).map((f) => [f.id, f.name])),
    [hierarchy.data],
  );

  if (!canAdminister) {
    return (
      <>
        <PageHeader title="Product hierarchy" />
        <NoData
          icon="bi-lock"
          title="Catalogue admins only"
          message="Ask a catalogue administrator to change the product hierarchy."
        />
      </>
    );
  }

  const start = (next: HierarchyEdit) => {
    setNotice(null);
    setEditing(next);
  };
  const tree: TreeContext = {
    nodes,
    childMap,
    totals,
    familyNames,
    expanded,
    onToggle: (id) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    editing,
    onEdit: start,
    onCancel: () => setEditing(null),
    onDone: (message, expandId) => {
      if (expandId) setExpanded((current) => new Set(current).add(expandId));
      setEditing(null);
      setNotice(message);
    },
  };

  return (
    <>
      <PageHeader
        title="Product hierarchy"
        subtitle="The product lines SKUs hang from, as sellers browse them when they add products to a quote."
        actions={
          <HierarchyToolbar
            isReady={hierarchy.isSuccess}
            isAnyExpanded={expanded.size > 0}
            onExpandAll={() =>
              setExpanded(new Set(nodes.filter((n) => n.child_count > 0).map((n) => n.id)))
            }
            onCollapseAll={() => setExpanded(new Set())}
            onAddTopLevel={() => start({ kind: 'add', parentId: null })}
          />
        }
      />
      <SuccessNotice message={notice} onClose={() => setNotice(null)} />
      <LoadState query={hierarchy} what="the hierarchy">
        {(data) => <HierarchyTree hierarchy={data} tree={tree} />}
      </LoadState>
    </>
  );
}
