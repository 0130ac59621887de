import { useEffect, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { StatusBadge } from '../../../components/status-badge.tsx';
import {
  useCatalogSkus,
  useSaveBundleComponents,
  type BundleComponent,
  type CatalogSkuDetail,
  type CatalogSkuSummary,
} from '../api/catalog-skus.ts';
import { KIND_LABELS, plural, skuStatusOf } from './catalog-labels.ts';
import { fieldErrorsOf } from './form-fields.tsx';

/** The server's limits (decision 010): shown and checked as the admin types. */
const MAX_QUANTITY = 1000;
const MAX_COMPONENTS = 50;

interface DraftComponent {
  sku: string;
  name: string;
  kind: BundleComponent['kind'];
  is_active: boolean;
  /** As typed. */
  quantity: string;
}

const draftOf = (components: readonly BundleComponent[]): DraftComponent[] =>
  components.map((c) => ({ ...c, quantity: String(c.quantity) }));

function quantityProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return `A whole number from 1 to ${MAX_QUANTITY}.`;
  const n = Number(trimmed);
  return n < 1 || n > MAX_QUANTITY ? `A whole number from 1 to ${MAX_QUANTITY}.` : null;
}

/** Why a SKU cannot go into this bundle, or null when it can. */
function refusalOf(bundle: string, row: CatalogSkuSummary, draft: readonly DraftComponent[]) {
  if (row.sku === bundle) return 'This bundle';
  if (row.kind === 'BUNDLE') return 'A bundle';
  if (!row.is_active) return 'Inactive';
  if (draft.some((c) => c.sku === row.sku)) return 'Added';
  return null;
}

const sameAsSaved = (draft: readonly DraftComponent[], saved: readonly BundleComponent[]) =>
  draft.length === saved.length &&
  draft.every(
    (c, i) => c.sku === saved[i]?.sku && c.quantity.trim() === String(saved[i]?.quantity),
  );

/** A bundle's components as everyone reads them. */
export function BundleComponentsList({ components }: { components: readonly BundleComponent[] }) {
  if (components.length === 0) {
    return <p className="small text-body-secondary mb-0">No components yet.</p>;
  }
  return (
    <Table size="sm" className="mb-0 small" aria-label="Components">
      <thead>
        <tr>
          <th scope="col">SKU</th>
          <th scope="col">Name</th>
          <th scope="col" className="text-end">
            Quantity
          </th>
        </tr>
      </thead>
      <tbody>
        {components.map((c) => (
          <tr key={c.sku}>
            <td className="text-nowrap fw-semibold">{c.sku}</td>
            <td>{c.name}</td>
            <td className="text-end">{c.quantity}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/**
 * Edits what a bundle brings onto a quote: products found by code or name, each once, with a
 * quantity. The whole list is saved at once, or nothing when a row is refused.
 */
export function BundleComponentsEditor({ bundle }: { bundle: CatalogSkuDetail }) {
  const [draft, setDraft] = useState(() => draftOf(bundle.components));
  const [notice, setNotice] = useState<string | null>(null);
  const save = useSaveBundleComponents();
  const errors = fieldErrorsOf(save.error);
  const isDirty = !sameAsSaved(draft, bundle.components);
  const problems = draft.map((c) => quantityProblem(c.quantity));
  const isValid = draft.length > 0 && problems.every((p) => p === null);

  const change = (next: DraftComponent[]) => {
    setNotice(null);
    save.reset();
    setDraft(next);
  };
  const add = (row: CatalogSkuSummary) =>
    change([
      ...draft,
      { sku: row.sku, name: row.name, kind: row.kind, is_active: row.is_active, quantity: '1' },
    ]);

  return (
    <Form
      noValidate
      aria-label={`Components of ${bundle.sku}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!isValid) return;
        save.mutate(
          {
            sku: bundle.sku,
            components: draft.map((c) => ({ sku: c.sku, quantity: Number(c.quantity.trim()) })),
          },
          {
            onSuccess: (saved) => {
              setDraft(draftOf(saved.components));
              setNotice(
                `Saved ${plural(saved.components.length, 'component', 'components')} of ${saved.sku}. Quotes that already hold the bundle keep their lines.`,
              );
            },
          },
        );
      }}
    >
      <p className="small text-body-secondary">
        What the bundle brings onto a quote when a seller adds it. Components are active products
        that are not bundles themselves, each listed once.
      </p>
      {draft.length === 0 ? (
        <p className="small mb-2">No components yet: find the products below and add them.</p>
      ) : (
        <Table size="sm" className="align-middle small mb-2" aria-label="Components">
          <thead>
            <tr>
              <th scope="col">SKU</th>
              <th scope="col">Name</th>
              <th scope="col" style={{ width: '7rem' }}>
                Quantity
              </th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {draft.map((c, index) => {
              const skuError = errors[`components.${index}.sku`];
              const quantityError = problems[index] ?? errors[`components.${index}.quantity`];
              return (
                <tr key={c.sku} className={skuError ? 'table-danger' : undefined}>
                  <td className="text-nowrap fw-semibold">{c.sku}</td>
                  <td>
                    <div>{c.name}</div>
                    {c.is_active ? null : (
                      <StatusBadge
                        label={skuStatusOf(false).label}
                        tone={skuStatusOf(false).tone}
                      />
                    )}
                    {skuError ? (
                      <div className="text-danger" role="alert">
                        {skuError}
                      </div>
                    ) : null}
                  </td>
                  <td>
                    <Form.Control
                      size="sm"
                      className="text-end"
                      inputMode="numeric"
                      aria-label={`Quantity of ${c.sku}`}
                      value={c.quantity}
                      isInvalid={quantityError !== null && quantityError !== undefined}
                      onChange={(event) =>
                        change(
                          draft.map((other, i) =>
                            i === index ? { ...other, quantity: event.target.value } : other,
                          ),
                        )
                      }
                    />
                    <Form.Control.Feedback type="invalid">{quantityError}</Form.Control.Feedback>
                  </td>
                  <td className="text-end">
                    <Button
                      size="sm"
                      variant="link"
                      className="p-1 text-danger"
                      aria-label={`Remove ${c.sku}`}
                      title="Remove"
                      onClick={() => change(draft.filter((_, i) => i !== index))}
                    >
                      <i className="bi bi-trash" aria-hidden="true" />
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      {draft.length < MAX_COMPONENTS ? (
        <ComponentFinder bundle={bundle.sku} draft={draft} onAdd={add} />
      ) : (
        <p className="small text-body-secondary">
          {`A bundle holds at most ${MAX_COMPONENTS} components.`}
        </p>
      )}
      {save.isError ? (
        <Alert variant="danger" className="mt-3 mb-2" role="alert">
          {Object.keys(errors).some((path) => path.startsWith('components.'))
            ? 'Nothing was saved. Correct the rows marked in red and save again.'
            : save.error.message}
        </Alert>
      ) : null}
      {notice ? (
        <Alert variant="success" className="mt-3 mb-2" role="status">
          {notice}
        </Alert>
      ) : null}
      <div className="d-flex align-items-center gap-2 mt-3">
        <Button type="submit" disabled={!isDirty || !isValid || save.isPending}>
          {save.isPending ? (
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
          ) : null}
          Save components
        </Button>
        <Button
          variant="outline-secondary"
          disabled={!isDirty || save.isPending}
          onClick={() => change(draftOf(bundle.components))}
        >
          Undo changes
        </Button>
        {draft.length === 0 && isDirty ? (
          <span className="small text-body-secondary">A bundle needs at least one component.</span>
        ) : null}
      </div>
    </Form>
  );
}

/** Finds products by code or name; those that cannot go into the bundle say why. */
function ComponentFinder(props: {
  bundle: string;
  draft: readonly DraftComponent[];
  onAdd: (row: CatalogSkuSummary) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const results = useCatalogSkus(
    {
      search,
      family_id: '',
      kind: '',
      status: 'all',
      node_id: null,
      sort: 'sku',
      direction: 'asc',
      page: 1,
      page_size: 8,
    },
    { enabled: search !== '' },
  );

  return (
    <div className="border rounded p-2 bg-body-tertiary">
      <Form.Label htmlFor={id} className="small mb-1">
        Add a component
      </Form.Label>
      <Form.Control
        id={id}
        size="sm"
        type="search"
        placeholder="SKU code or name, e.g. BX-100F"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {search === '' ? null : results.isPending ? (
        <Spinner
          animation="border"
          size="sm"
          className="mt-2"
          role="status"
          aria-label="Searching"
        />
      ) : results.isError ? (
        <div className="text-danger small mt-2" role="alert">
          {results.error.message}
        </div>
      ) : results.data.rows.length === 0 ? (
        <p className="small text-body-secondary mt-2 mb-0">{`No SKU matches “${search}”.`}</p>
      ) : (
        <>
          <ListGroup as="ul" className="mt-2" aria-label="Products to add">
            {results.data.rows.map((row) => {
              const refusal = refusalOf(props.bundle, row, props.draft);
              return (
                <ListGroup.Item
                  as="li"
                  key={row.sku}
                  className="d-flex align-items-center gap-2 py-1 small"
                >
                  <span className="fw-semibold text-nowrap">{row.sku}</span>
                  <span className="text-truncate flex-grow-1" title={row.name}>
                    {row.name}
                    <span className="text-body-secondary"> · {KIND_LABELS[row.kind]}</span>
                  </span>
                  {refusal ? (
                    <span className="text-body-secondary text-nowrap">{refusal}</span>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline-primary"
                      aria-label={`Add ${row.sku}`}
                      onClick={() => props.onAdd(row)}
                    >
                      Add
                    </Button>
                  )}
                </ListGroup.Item>
              );
            })}
          </ListGroup>
          {results.data.total > results.data.rows.length ? (
            <p className="small text-body-secondary mt-1 mb-0">
              {`${plural(results.data.total, 'match', 'matches')}; type more to narrow them.`}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
