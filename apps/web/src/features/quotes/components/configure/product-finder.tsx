import { countRule } from '@bastion/domain/catalog/bundle-options';
import { formatCurrency } from '@bastion/domain/format/currency';
import { useMemo, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { SidePanel } from '@/components/side-panel.tsx';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import {
  useProductHierarchy,
  useSkuSearch,
  type CatalogNode,
  type CatalogSku,
} from '../../api/configure.ts';

const KIND_LABELS: Record<string, string> = {
  HARDWARE: 'Appliance',
  ACCESS_POINT: 'Access point',
  SUBSCRIPTION: 'Subscription',
  SUPPORT: 'Support',
  SERVICE: 'Service',
  BUNDLE: 'Bundle',
};

/** The hierarchy as indented options, depth first, in the admins' order. */
function flatten(nodes: readonly CatalogNode[]): { node: CatalogNode; depth: number }[] {
  const children = new Map<string | null, CatalogNode[]>();
  for (const node of nodes) {
    children.set(node.parent_id, [...(children.get(node.parent_id) ?? []), node]);
  }
  const out: { node: CatalogNode; depth: number }[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const node of children.get(parent) ?? []) {
      out.push({ node, depth });
      walk(node.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** Find products by name or part number, or browse the hierarchy, and add them to the quote. */
export function ProductFinder({
  show,
  onHide,
  quoteId,
  currency,
  priceDate,
  onAdd,
}: {
  show: boolean;
  onHide: () => void;
  /** The quote the products are for: its product rules' filters hide some (issue 34). */
  quoteId: string;
  currency: string;
  priceDate: string;
  onAdd: (sku: CatalogSku) => void;
}) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 250);
  const [nodeId, setNodeId] = useState('');
  const [lastAdded, setLastAdded] = useState<string | null>(null);
  const hierarchy = useProductHierarchy();
  const options = useMemo(() => flatten(hierarchy.data?.nodes ?? []), [hierarchy.data]);
  const results = useSkuSearch({
    ...(search ? { search } : {}),
    ...(nodeId ? { node_id: nodeId } : {}),
    currency_code: currency,
    price_date: priceDate,
    quote_id: quoteId,
    page_size: 30,
  });

  return (
    <SidePanel show={show} onHide={onHide} title="Add products">
      <Form.Group className="mb-2" controlId="product-search">
        <Form.Label className="small mb-1">Search</Form.Label>
        <Form.Control
          type="search"
          autoFocus
          data-autofocus
          placeholder="Product name or part number"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </Form.Group>
      <Form.Group className="mb-3" controlId="product-branch">
        <Form.Label className="small mb-1">Product line</Form.Label>
        <Form.Select value={nodeId} onChange={(event) => setNodeId(event.target.value)}>
          <option value="">All products</option>
          {options.map(({ node, depth }) => (
            <option key={node.id} value={node.id}>
              {`${'\u00a0\u00a0\u00a0'.repeat(depth)}${node.name}`}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {results.isPending ? (
        <Spinner animation="border" size="sm" role="status" aria-label="Finding products" />
      ) : results.isError ? (
        <p className="text-danger">{results.error.message}</p>
      ) : results.data.rows.length === 0 ? (
        <p className="text-body-secondary">No product matches.</p>
      ) : (
        <>
          <div className="small text-body-secondary mb-2" aria-live="polite">
            {results.data.total === 1 ? '1 product' : `${results.data.total} products`}
            {results.data.total > results.data.rows.length
              ? `, the first ${results.data.rows.length} shown: narrow the search`
              : ''}
            {/* The lines are the page's draft until its Save: the panel says so. */}
            {lastAdded ? ` · Added ${lastAdded} to the quote, not saved yet` : ''}
          </div>
          <ListGroup as="ul" aria-label="Products" className="product-results">
            {results.data.rows.map((sku) => {
              const isSold = sku.unit_price_minor !== null;
              return (
                <ListGroup.Item
                  as="li"
                  key={sku.sku}
                  className="d-flex align-items-start justify-content-between gap-3"
                >
                  <div className="min-w-0">
                    <div className="fw-semibold">{sku.name}</div>
                    <div className="small text-body-secondary">
                      {sku.sku} ·{' '}
                      <Badge bg="light" text="dark">
                        {KIND_LABELS[sku.kind] ?? sku.kind}
                      </Badge>{' '}
                      {sku.billing === 'ANNUAL' ? 'per year' : ''}
                    </div>
                    {sku.features.length > 0 ? (
                      <div className="small text-body-secondary">
                        You choose:{' '}
                        {sku.features.map((f) => `${f.name} (${countRule(f)})`).join(', ')}
                      </div>
                    ) : sku.components.length > 0 ? (
                      <div className="small text-body-secondary">
                        Includes {sku.components.map((c) => c.name).join(', ')}
                      </div>
                    ) : null}
                  </div>
                  <div className="text-end text-nowrap">
                    <div className="small">
                      {!isSold
                        ? `Not sold in ${currency}`
                        : sku.kind === 'BUNDLE'
                          ? 'Priced by part'
                          : formatCurrency(sku.unit_price_minor ?? 0, currency)}
                    </div>
                    <Button
                      size="sm"
                      variant="outline-primary"
                      disabled={!isSold}
                      onClick={() => {
                        onAdd(sku);
                        setLastAdded(sku.sku);
                      }}
                    >
                      Add<span className="visually-hidden"> {sku.name}</span>
                    </Button>
                  </div>
                </ListGroup.Item>
              );
            })}
          </ListGroup>
        </>
      )}
    </SidePanel>
  );
}
