import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import { useReorderHierarchyNode, type HierarchyNode } from '../api/product-hierarchy.ts';
import { plural } from './catalog-labels.ts';
import {
  AddLine,
  DeleteLine,
  indent,
  InlineError,
  MoveLine,
  RenameLine,
} from './hierarchy-node-forms.tsx';

/** What a row is doing: nothing, or one edit at a time across the whole tree. */
export type HierarchyEdit =
  | { kind: 'add'; parentId: string | null }
  | { kind: 'rename'; id: string }
  | { kind: 'move'; id: string }
  | { kind: 'delete'; id: string };

/** What every row of the tree shares: the whole tree, and the one edit going on in it. */
export interface TreeContext {
  nodes: readonly HierarchyNode[];
  childMap: ReadonlyMap<string | null, HierarchyNode[]>;
  totals: ReadonlyMap<string, number>;
  familyNames: ReadonlyMap<string, string>;
  expanded: ReadonlySet<string>;
  onToggle: (id: string) => void;
  editing: HierarchyEdit | null;
  onEdit: (editing: HierarchyEdit) => void;
  onCancel: () => void;
  onDone: (message: string, expandId?: string) => void;
}

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${n}${suffix}`;
};

/** Move up / Move down among the siblings: the order sellers browse the lines in. */
function ReorderButtons(props: {
  name: string;
  position: number;
  siblingCount: number;
  isPending: boolean;
  onMove: (direction: 'up' | 'down') => void;
}) {
  if (props.siblingCount < 2) return null;
  const button = (direction: 'up' | 'down', isAtEnd: boolean) => (
    <Button
      size="sm"
      variant="outline-secondary"
      aria-label={`Move ${props.name} ${direction}`}
      title={`Move ${direction}`}
      disabled={isAtEnd || props.isPending}
      onClick={() => props.onMove(direction)}
    >
      <i className={`bi bi-arrow-${direction}`} aria-hidden="true" />
    </Button>
  );
  return (
    <div className="btn-group" role="group" aria-label={`Order of ${props.name}`}>
      {button('up', props.position <= 1)}
      {button('down', props.position >= props.siblingCount)}
    </div>
  );
}

/** The buttons at the end of a row: order, add below, and the rest in a menu. */
function RowActions(props: {
  tree: Pick<TreeContext, 'onEdit' | 'onDone'>;
  node: HierarchyNode;
  position: number;
  siblingCount: number;
}) {
  const { node } = props;
  const { onEdit, onDone } = props.tree;
  const reorder = useReorderHierarchyNode();
  const isEmpty = node.child_count === 0 && node.sku_count === 0;
  const move = (direction: 'up' | 'down') =>
    reorder.mutate(
      { id: node.id, direction },
      {
        onSuccess: (moved) =>
          onDone(
            `Moved ${node.name} ${direction}: now ${ordinal(moved.position)} of ${moved.sibling_count}.`,
          ),
      },
    );
  return (
    <>
      <div className="ms-auto d-flex gap-1">
        <ReorderButtons
          name={node.name}
          position={props.position}
          siblingCount={props.siblingCount}
          isPending={reorder.isPending}
          onMove={move}
        />
        <Button
          size="sm"
          variant="outline-primary"
          aria-label={`Add a line under ${node.name}`}
          onClick={() => onEdit({ kind: 'add', parentId: node.id })}
        >
          <i className="bi bi-plus-lg" aria-hidden="true" /> Add
        </Button>
        <Dropdown align="end">
          <Dropdown.Toggle
            size="sm"
            variant="outline-secondary"
            aria-label={`More for ${node.name}`}
          >
            <i className="bi bi-three-dots" aria-hidden="true" />
          </Dropdown.Toggle>
          <Dropdown.Menu>
            <Dropdown.Item onClick={() => onEdit({ kind: 'rename', id: node.id })}>
              <i className="bi bi-pencil me-2" aria-hidden="true" />
              Rename
            </Dropdown.Item>
            <Dropdown.Item onClick={() => onEdit({ kind: 'move', id: node.id })}>
              <i className="bi bi-arrows-move me-2" aria-hidden="true" />
              Move
            </Dropdown.Item>
            <Dropdown.Divider />
            <Dropdown.Item
              className={isEmpty ? 'text-danger' : undefined}
              disabled={!isEmpty}
              onClick={() => onEdit({ kind: 'delete', id: node.id })}
            >
              <i className="bi bi-trash me-2" aria-hidden="true" />
              {isEmpty ? 'Delete' : 'Delete (only when empty)'}
            </Dropdown.Item>
          </Dropdown.Menu>
        </Dropdown>
      </div>
      {reorder.isError ? (
        <div className="w-100 py-1">
          <InlineError error={reorder.error} />
        </div>
      ) : null}
    </>
  );
}

/** The lines under one parent (null: the top level), in the admins' order. */
export function TreeBranch(props: {
  tree: TreeContext;
  parentId: string | null;
  depth: number;
  label?: string;
}) {
  const lines = props.tree.childMap.get(props.parentId) ?? [];
  return (
    <ul className="list-unstyled mb-0" aria-label={props.label}>
      {lines.map((node, index) => (
        <TreeRow
          key={node.id}
          tree={props.tree}
          node={node}
          position={index + 1}
          siblingCount={lines.length}
          depth={props.depth}
        />
      ))}
    </ul>
  );
}

/** One product line: its name and counts, or its rename form; its edits; its lines below. */
function TreeRow(props: {
  tree: TreeContext;
  node: HierarchyNode;
  /** Its place among its siblings, 1 being the first. */
  position: number;
  siblingCount: number;
  depth: number;
}) {
  const { tree, node, depth } = props;
  const { editing } = tree;
  const kids = tree.childMap.get(node.id) ?? [];
  const isExpanded = tree.expanded.has(node.id);
  const total = tree.totals.get(node.id) ?? node.sku_count;
  const isEditing = (kind: HierarchyEdit['kind']) =>
    editing !== null &&
    editing.kind === kind &&
    ('id' in editing ? editing.id : editing.parentId) === node.id;

  return (
    <li>
      <div
        className="d-flex align-items-center flex-wrap gap-2 py-1 border-bottom"
        style={indent(depth)}
        data-line={node.name}
      >
        {kids.length > 0 ? (
          <Button
            variant="link"
            size="sm"
            className="p-0 text-body"
            style={{ width: '1.25rem' }}
            aria-expanded={isExpanded}
            aria-label={`${isExpanded ? 'Collapse' : 'Expand'} ${node.name}`}
            onClick={() => tree.onToggle(node.id)}
          >
            <i
              className={`bi ${isExpanded ? 'bi-chevron-down' : 'bi-chevron-right'}`}
              aria-hidden="true"
            />
          </Button>
        ) : (
          <span style={{ width: '1.25rem' }} aria-hidden="true" />
        )}
        {isEditing('rename') ? (
          <RenameLine node={node} onCancel={tree.onCancel} onDone={tree.onDone} />
        ) : (
          <>
            <span className="fw-semibold">{node.name}</span>
            <Badge
              bg="light"
              text="dark"
              className="border"
              title={
                kids.length > 0 ? 'SKUs on this line and every line below it' : 'SKUs on this line'
              }
            >
              {plural(total, 'SKU', 'SKUs')}
            </Badge>
            {kids.length > 0 && node.sku_count > 0 ? (
              <span className="small text-body-secondary">{`${node.sku_count.toLocaleString('en-US')} on this line`}</span>
            ) : null}
            {node.family_id ? (
              <span className="small text-body-secondary">
                · {tree.familyNames.get(node.family_id) ?? node.family_id}
              </span>
            ) : null}
            <RowActions {...props} />
          </>
        )}
      </div>
      {isEditing('move') ? (
        <MoveLine
          node={node}
          nodes={tree.nodes}
          depth={depth}
          onCancel={tree.onCancel}
          onDone={tree.onDone}
        />
      ) : null}
      {isEditing('delete') ? (
        <DeleteLine node={node} depth={depth} onCancel={tree.onCancel} onDone={tree.onDone} />
      ) : null}
      {isEditing('add') ? (
        <AddLine
          parentId={node.id}
          depth={depth + 1}
          onCancel={tree.onCancel}
          onDone={(added) => tree.onDone(`Added ${added.name} under ${node.name}.`, node.id)}
        />
      ) : null}
      {isExpanded && kids.length > 0 ? (
        <TreeBranch tree={tree} parentId={node.id} depth={depth + 1} />
      ) : null}
    </li>
  );
}
