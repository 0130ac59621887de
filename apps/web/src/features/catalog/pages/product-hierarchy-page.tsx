import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Dropdown from 'react-bootstrap/Dropdown';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { ErrorScreen } from '../../../components/error-screen.tsx';
import { NoData } from '../../../components/no-data.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSession } from '../../auth/components/session-context.tsx';
import {
  useAddHierarchyNode,
  useDeleteHierarchyNode,
  useMoveHierarchyNode,
  useProductHierarchy,
  useRenameHierarchyNode,
  useReorderHierarchyNode,
  type HierarchyNode,
} from '../api/product-hierarchy.ts';
import { plural } from '../components/catalog-labels.ts';
import {
  childrenByParent,
  flattenTree,
  subtreeIds,
  totalSkuCounts,
} from '../components/hierarchy-model.ts';

/** What a row is doing: nothing, or one edit at a time across the whole tree. */
type Editing =
  | { kind: 'add'; parentId: string | null }
  | { kind: 'rename'; id: string }
  | { kind: 'move'; id: string }
  | { kind: 'delete'; id: string };

const TOP_LEVEL = '';

/** The product hierarchy (spec §2 /{context}/producthierarchy/{ref}): catalogue admins only. */
export function ProductHierarchyPage() {
  const { permissions } = useSession().user;
  const canAdminister = permissions.is_catalog_admin || permissions.is_root_admin;
  const hierarchy = useProductHierarchy({ enabled: canAdminister });
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<Editing | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const nodes = useMemo(() => hierarchy.data?.nodes ?? [], [hierarchy.data]);
  const children = useMemo(() => childrenByParent(nodes), [nodes]);
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

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const done = (message: string) => {
    setEditing(null);
    setNotice(message);
  };
  const start = (next: Editing) => {
    setNotice(null);
    setEditing(next);
  };

  return (
    <>
      <PageHeader
        title="Product hierarchy"
        subtitle="The product lines SKUs hang from, as sellers browse them when they add products to a quote."
        actions={
          <>
            <Button
              variant="outline-secondary"
              onClick={() =>
                setExpanded(
                  expanded.size > 0
                    ? new Set()
                    : new Set(nodes.filter((n) => n.child_count > 0).map((n) => n.id)),
                )
              }
              disabled={!hierarchy.isSuccess}
            >
              {expanded.size > 0 ? 'Collapse all' : 'Expand all'}
            </Button>
            <Button
              onClick={() => start({ kind: 'add', parentId: null })}
              disabled={!hierarchy.isSuccess}
            >
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              Top-level line
            </Button>
          </>
        }
      />
      {notice ? (
        <Alert variant="success" dismissible onClose={() => setNotice(null)} role="status">
          {notice}
        </Alert>
      ) : null}
      {hierarchy.isPending ? (
        <Spinner animation="border" role="status" aria-label="Loading the hierarchy" />
      ) : hierarchy.isError ? (
        <ErrorScreen error={hierarchy.error} onRetry={() => void hierarchy.refetch()} />
      ) : (
        <Card>
          <Card.Body className="py-2">
            <p className="small text-body-secondary mb-2">
              Each line counts its SKUs, those of the lines below it included. Only an empty line
              can be deleted: move its SKUs and lines elsewhere first.
            </p>
            {editing?.kind === 'add' && editing.parentId === null ? (
              <AddLine
                parentId={null}
                depth={0}
                onCancel={() => setEditing(null)}
                onDone={(node) => done(`Added ${node.name}.`)}
              />
            ) : null}
            {nodes.length === 0 && editing?.kind !== 'add' ? (
              <NoData title="No product lines yet" message="Add a top-level line to start." />
            ) : (
              <ul className="list-unstyled mb-0" aria-label="Product lines">
                {(children.get(null) ?? []).map((node, index, siblings) => (
                  <TreeRow
                    key={node.id}
                    node={node}
                    position={index + 1}
                    siblingCount={siblings.length}
                    depth={0}
                    nodes={nodes}
                    childMap={children}
                    totals={totals}
                    familyNames={familyNames}
                    expanded={expanded}
                    onToggle={toggle}
                    editing={editing}
                    onEdit={start}
                    onCancel={() => setEditing(null)}
                    onDone={(message, expandId) => {
                      if (expandId) setExpanded((current) => new Set(current).add(expandId));
                      done(message);
                    }}
                  />
                ))}
              </ul>
            )}
          </Card.Body>
        </Card>
      )}
    </>
  );
}

interface TreeRowProps {
  node: HierarchyNode;
  /** Its place among its siblings, 1 being the first. */
  position: number;
  siblingCount: number;
  depth: number;
  nodes: readonly HierarchyNode[];
  childMap: ReadonlyMap<string | null, HierarchyNode[]>;
  totals: ReadonlyMap<string, number>;
  familyNames: ReadonlyMap<string, string>;
  expanded: ReadonlySet<string>;
  onToggle: (id: string) => void;
  editing: Editing | null;
  onEdit: (editing: Editing) => void;
  onCancel: () => void;
  onDone: (message: string, expandId?: string) => void;
}

const indent = (depth: number) => ({ paddingLeft: `${depth * 1.5}rem` });

function TreeRow(props: TreeRowProps) {
  const { node, depth, editing } = props;
  const kids = props.childMap.get(node.id) ?? [];
  const isExpanded = props.expanded.has(node.id);
  const total = props.totals.get(node.id) ?? node.sku_count;
  const isEditing = (kind: Editing['kind']) =>
    editing !== null &&
    editing.kind === kind &&
    ('id' in editing ? editing.id : editing.parentId) === node.id;
  const isEmpty = node.child_count === 0 && node.sku_count === 0;
  const reorder = useReorderHierarchyNode();
  const move = (direction: 'up' | 'down') =>
    reorder.mutate(
      { id: node.id, direction },
      {
        onSuccess: (moved) =>
          props.onDone(
            `Moved ${node.name} ${direction}: now ${ordinal(moved.position)} of ${moved.sibling_count}.`,
          ),
      },
    );

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
            onClick={() => props.onToggle(node.id)}
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
          <RenameLine node={node} onCancel={props.onCancel} onDone={props.onDone} />
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
                · {props.familyNames.get(node.family_id) ?? node.family_id}
              </span>
            ) : null}
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
                onClick={() => props.onEdit({ kind: 'add', parentId: node.id })}
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
                  <Dropdown.Item onClick={() => props.onEdit({ kind: 'rename', id: node.id })}>
                    <i className="bi bi-pencil me-2" aria-hidden="true" />
                    Rename
                  </Dropdown.Item>
                  <Dropdown.Item onClick={() => props.onEdit({ kind: 'move', id: node.id })}>
                    <i className="bi bi-arrows-move me-2" aria-hidden="true" />
                    Move
                  </Dropdown.Item>
                  <Dropdown.Divider />
                  <Dropdown.Item
                    className={isEmpty ? 'text-danger' : undefined}
                    disabled={!isEmpty}
                    onClick={() => props.onEdit({ kind: 'delete', id: node.id })}
                  >
                    <i className="bi bi-trash me-2" aria-hidden="true" />
                    {isEmpty ? 'Delete' : 'Delete (only when empty)'}
                  </Dropdown.Item>
                </Dropdown.Menu>
              </Dropdown>
            </div>
          </>
        )}
      </div>
      {reorder.isError ? (
        <div className="py-1 border-bottom" style={indent(depth + 1)}>
          <InlineError error={reorder.error} />
        </div>
      ) : null}
      {isEditing('move') ? (
        <MoveLine
          node={node}
          nodes={props.nodes}
          depth={depth}
          onCancel={props.onCancel}
          onDone={props.onDone}
        />
      ) : null}
      {isEditing('delete') ? (
        <DeleteLine node={node} depth={depth} onCancel={props.onCancel} onDone={props.onDone} />
      ) : null}
      {isEditing('add') ? (
        <AddLine
          parentId={node.id}
          depth={depth + 1}
          onCancel={props.onCancel}
          onDone={(added) => props.onDone(`Added ${added.name} under ${node.name}.`, node.id)}
        />
      ) : null}
      {isExpanded && kids.length > 0 ? (
        <ul className="list-unstyled mb-0">
          {kids.map((child, index) => (
            <TreeRow
              key={child.id}
              {...props}
              node={child}
              position={index + 1}
              siblingCount={kids.length}
              depth={depth + 1}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
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
  return (
    <div className="btn-group" role="group" aria-label={`Order of ${props.name}`}>
      <Button
        size="sm"
        variant="outline-secondary"
        aria-label={`Move ${props.name} up`}
        title="Move up"
        disabled={props.position <= 1 || props.isPending}
        onClick={() => props.onMove('up')}
      >
        <i className="bi bi-arrow-up" aria-hidden="true" />
      </Button>
      <Button
        size="sm"
        variant="outline-secondary"
        aria-label={`Move ${props.name} down`}
        title="Move down"
        disabled={props.position >= props.siblingCount || props.isPending}
        onClick={() => props.onMove('down')}
      >
        <i className="bi bi-arrow-down" aria-hidden="true" />
      </Button>
    </div>
  );
}

/** The server's message, shown where the user acted. */
function InlineError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <div className="text-danger small w-100" role="alert">
      <i className="bi bi-exclamation-circle me-1" aria-hidden="true" />
      {error instanceof Error ? error.message : 'That did not work.'}
    </div>
  );
}

function AddLine(props: {
  parentId: string | null;
  depth: number;
  onCancel: () => void;
  onDone: (node: HierarchyNode) => void;
}) {
  const [name, setName] = useState('');
  const add = useAddHierarchyNode();
  return (
    <Form
      className="d-flex flex-wrap align-items-center gap-2 py-2 border-bottom bg-body-tertiary"
      style={{ ...indent(props.depth), paddingRight: '0.5rem' }}
      aria-label="New product line"
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate({ parent_id: props.parentId, name }, { onSuccess: props.onDone });
      }}
    >
      <span style={{ width: '1.25rem' }} aria-hidden="true" />
      <Form.Control
        size="sm"
        className="w-auto flex-grow-1"
        style={{ maxWidth: '24rem' }}
        aria-label="Name of the new line"
        placeholder="Name of the new line"
        maxLength={120}
        value={name}
        autoFocus
        isInvalid={add.isError}
        onChange={(event) => setName(event.target.value)}
      />
      <Button size="sm" type="submit" disabled={add.isPending}>
        Add line
      </Button>
      <Button size="sm" variant="outline-secondary" onClick={props.onCancel}>
        Cancel
      </Button>
      <InlineError error={add.error} />
    </Form>
  );
}

function RenameLine(props: {
  node: HierarchyNode;
  onCancel: () => void;
  onDone: (message: string) => void;
}) {
  const [name, setName] = useState(props.node.name);
  const rename = useRenameHierarchyNode();
  return (
    <Form
      className="d-flex flex-wrap align-items-center gap-2 flex-grow-1"
      aria-label={`Rename ${props.node.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        rename.mutate(
          { id: props.node.id, name },
          { onSuccess: (node) => props.onDone(`Renamed ${props.node.name} to ${node.name}.`) },
        );
      }}
    >
      <Form.Control
        size="sm"
        className="w-auto flex-grow-1"
        style={{ maxWidth: '24rem' }}
        aria-label="New name"
        maxLength={120}
        value={name}
        autoFocus
        isInvalid={rename.isError}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') props.onCancel();
        }}
      />
      <Button size="sm" type="submit" disabled={rename.isPending}>
        Save name
      </Button>
      <Button size="sm" variant="outline-secondary" onClick={props.onCancel}>
        Cancel
      </Button>
      <InlineError error={rename.error} />
    </Form>
  );
}

function MoveLine(props: {
  node: HierarchyNode;
  nodes: readonly HierarchyNode[];
  depth: number;
  onCancel: () => void;
  onDone: (message: string, expandId?: string) => void;
}) {
  const [parentId, setParentId] = useState(props.node.parent_id ?? TOP_LEVEL);
  const move = useMoveHierarchyNode();
  // Never under itself or its own branch: the server refuses it too.
  const options = useMemo(() => {
    const own = subtreeIds(props.nodes, props.node.id);
    return flattenTree(props.nodes).filter(({ node }) => !own.has(node.id));
  }, [props.nodes, props.node.id]);
  return (
    <Form
      className="d-flex flex-wrap align-items-center gap-2 py-2 border-bottom bg-body-tertiary"
      style={{ ...indent(props.depth + 1), paddingRight: '0.5rem' }}
      aria-label={`Move ${props.node.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        const target = parentId === TOP_LEVEL ? null : parentId;
        move.mutate(
          { id: props.node.id, parent_id: target },
          {
            onSuccess: () => {
              const where = options.find(({ node }) => node.id === target)?.path;
              props.onDone(
                `Moved ${props.node.name} ${where ? `under ${where}` : 'to the top level'}.`,
                target ?? undefined,
              );
            },
          },
        );
      }}
    >
      <Form.Label className="small mb-0" htmlFor={`move-${props.node.id}`}>
        Move {props.node.name} under
      </Form.Label>
      <Form.Select
        id={`move-${props.node.id}`}
        size="sm"
        className="w-auto"
        style={{ maxWidth: '28rem' }}
        value={parentId}
        isInvalid={move.isError}
        onChange={(event) => setParentId(event.target.value)}
      >
        <option value={TOP_LEVEL}>(Top level)</option>
        {options.map(({ node, path }) => (
          <option key={node.id} value={node.id}>
            {path}
          </option>
        ))}
      </Form.Select>
      <Button size="sm" type="submit" disabled={move.isPending}>
        Move
      </Button>
      <Button size="sm" variant="outline-secondary" onClick={props.onCancel}>
        Cancel
      </Button>
      <InlineError error={move.error} />
    </Form>
  );
}

function DeleteLine(props: {
  node: HierarchyNode;
  depth: number;
  onCancel: () => void;
  onDone: (message: string) => void;
}) {
  const remove = useDeleteHierarchyNode();
  return (
    <div
      className="d-flex flex-wrap align-items-center gap-2 py-2 border-bottom bg-danger-subtle"
      style={{ ...indent(props.depth + 1), paddingRight: '0.5rem' }}
      role="alertdialog"
      aria-label={`Delete ${props.node.name}`}
    >
      <span className="small">Delete {props.node.name}? It is empty, so nothing else changes.</span>
      <Button
        size="sm"
        variant="danger"
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(
            { id: props.node.id },
            { onSuccess: () => props.onDone(`Deleted ${props.node.name}.`) },
          )
        }
      >
        Delete line
      </Button>
      <Button size="sm" variant="outline-secondary" onClick={props.onCancel}>
        Keep it
      </Button>
      <InlineError error={remove.error} />
    </div>
  );
}
