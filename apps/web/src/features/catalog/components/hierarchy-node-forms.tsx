import { ZAddNodeBody, ZMoveNodeForm, ZRenameNodeBody } from '@bastion/domain/catalog/schemas';
import { useEffect, useMemo, type CSSProperties, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { useFormContext, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { SelectField, TextField } from '@/components/form/fields.tsx';
import { AppForm, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import { problemOf } from '@/lib/api-problems.ts';
import {
  useAddHierarchyNode,
  useDeleteHierarchyNode,
  useMoveHierarchyNode,
  useRenameHierarchyNode,
  type HierarchyNode,
} from '../api/product-hierarchy.ts';
import { flattenTree, subtreeIds } from './hierarchy-model.ts';
import './catalog.css';

/** How far a row of the tree is indented. */
export const indent = (depth: number): CSSProperties => ({ paddingLeft: `${depth * 1.5}rem` });

/** A strip under a row of the tree, where an edit of that row happens. */
const stripStyle = (depth: number): CSSProperties => ({ ...indent(depth), paddingRight: '0.5rem' });
const STRIP_CLASS = 'd-flex flex-wrap align-items-start gap-2 py-2 border-bottom';

/** The server's message, shown where the user acted. */
export function InlineError({ error }: { error: unknown }) {
  const problem = problemOf(error);
  if (!problem) return null;
  return (
    <div className="text-danger small w-100" role="alert">
      <i className="bi bi-exclamation-circle me-1" aria-hidden="true" />
      {problem}
    </div>
  );
}

/**
 * A one-line form of the tree: its fields, then the action and Cancel, and below them what the
 * server refused. Escape cancels.
 */
function InlineForm<TIn extends FieldValues, TOut extends FieldValues>(props: {
  form: UseFormReturn<TIn, unknown, TOut>;
  label: string;
  className: string;
  style?: CSSProperties;
  submitText: string;
  isPending: boolean;
  error: unknown;
  /** What the change is, for the question asked before it is left unsaved (decision 032). */
  what: string;
  /** Rejects when the server refuses, so that Save and leave stays. */
  onSubmit: (values: TOut) => Promise<unknown>;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <AppForm
      form={props.form}
      aria-label={props.label}
      leaveGuard={props.what}
      onSubmit={props.onSubmit}
    >
      <div
        className={`hierarchy-inline-form ${props.className}`}
        style={props.style}
        onKeyDown={(event) => {
          if (event.key === 'Escape') props.onCancel();
        }}
      >
        {props.children}
        <SubmitButton isPending={props.isPending} className="btn-sm">
          {props.submitText}
        </SubmitButton>
        <Button size="sm" variant="outline-secondary" onClick={props.onCancel}>
          Cancel
        </Button>
        <InlineError error={props.error} />
      </div>
    </AppForm>
  );
}

/** The name field of a new or renamed line, focused as it opens. */
function NameField({ label }: { label: string }) {
  const { setFocus } = useFormContext();
  useEffect(() => setFocus('name'), [setFocus]);
  return (
    <TextField
      name="name"
      label={label}
      isLabelHidden
      placeholder={label === 'New name' ? undefined : label}
      maxLength={120}
      className="mb-0 flex-grow-1 hierarchy-name-field"
    />
  );
}

export function AddLine(props: {
  parentId: string | null;
  depth: number;
  onCancel: () => void;
  onDone: (node: HierarchyNode) => void;
}) {
  const form = useZodForm(ZAddNodeBody, { defaultValues: { parent_id: props.parentId, name: '' } });
  const add = useAddHierarchyNode();
  return (
    <InlineForm
      form={form}
      label="New product line"
      className={`${STRIP_CLASS} bg-body-tertiary`}
      style={stripStyle(props.depth)}
      submitText="Add line"
      isPending={add.isPending}
      error={add.error}
      what="the new product line"
      onSubmit={(values) =>
        add.mutateAsync({ parent_id: values.parent_id, name: values.name }).then(props.onDone)
      }
      onCancel={props.onCancel}
    >
      <span style={{ width: '1.25rem' }} aria-hidden="true" />
      <NameField label="Name of the new line" />
    </InlineForm>
  );
}

export function RenameLine(props: {
  node: HierarchyNode;
  onCancel: () => void;
  onDone: (message: string) => void;
}) {
  const form = useZodForm(ZRenameNodeBody, {
    defaultValues: { id: props.node.id, name: props.node.name },
  });
  const rename = useRenameHierarchyNode();
  return (
    <InlineForm
      form={form}
      label={`Rename ${props.node.name}`}
      className="d-flex flex-wrap align-items-start gap-2 flex-grow-1"
      submitText="Save name"
      isPending={rename.isPending}
      error={rename.error}
      what={`the name of ${props.node.name}`}
      onSubmit={(values) =>
        rename
          .mutateAsync(values)
          .then((node) => props.onDone(`Renamed ${props.node.name} to ${node.name}.`))
      }
      onCancel={props.onCancel}
    >
      <NameField label="New name" />
    </InlineForm>
  );
}

export function MoveLine(props: {
  node: HierarchyNode;
  nodes: readonly HierarchyNode[];
  depth: number;
  onCancel: () => void;
  onDone: (message: string, expandId?: string) => void;
}) {
  const form = useZodForm(ZMoveNodeForm, {
    defaultValues: { id: props.node.id, parent_id: props.node.parent_id ?? '' },
  });
  const move = useMoveHierarchyNode();
  // Never under itself or its own branch: the server refuses it too.
  const options = useMemo(() => {
    const own = subtreeIds(props.nodes, props.node.id);
    return flattenTree(props.nodes).filter(({ node }) => !own.has(node.id));
  }, [props.nodes, props.node.id]);
  return (
    <InlineForm
      form={form}
      label={`Move ${props.node.name}`}
      className={`${STRIP_CLASS} bg-body-tertiary`}
      style={stripStyle(props.depth + 1)}
      submitText="Move"
      isPending={move.isPending}
      error={move.error}
      what={`the move of ${props.node.name}`}
      onSubmit={(values) =>
        move.mutateAsync(values).then(() => {
          const where = options.find(({ node }) => node.id === values.parent_id)?.path;
          props.onDone(
            `Moved ${props.node.name} ${where ? `under ${where}` : 'to the top level'}.`,
            values.parent_id ?? undefined,
          );
        })
      }
      onCancel={props.onCancel}
    >
      <SelectField
        name="parent_id"
        label={`Move ${props.node.name} under`}
        emptyLabel="(Top level)"
        options={options.map(({ node, path }) => ({ value: node.id, label: path }))}
        className="mb-0 d-flex flex-wrap align-items-center gap-2 small hierarchy-move-field"
      />
    </InlineForm>
  );
}

export function DeleteLine(props: {
  node: HierarchyNode;
  depth: number;
  onCancel: () => void;
  onDone: (message: string) => void;
}) {
  const remove = useDeleteHierarchyNode();
  return (
    <div
      className={`${STRIP_CLASS} align-items-center bg-danger-subtle`}
      style={stripStyle(props.depth + 1)}
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
