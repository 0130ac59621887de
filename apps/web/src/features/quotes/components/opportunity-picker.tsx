import { formatCurrency } from '@bastion/domain/format/currency';
import { salesChannelLabel } from '@bastion/domain/quotes/labels';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { ErrorScreen } from '@/components/error-screen.tsx';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { useGridPage } from '../api/grid.ts';

const SHOWN = 8;

/**
 * The first step of a quote made without an opportunity in the address: find the opportunity
 * (the server lists only those the user may see), then fill in the header.
 */
export function OpportunityPicker({
  canCreateDirect,
  onPick,
}: {
  canCreateDirect: boolean;
  onPick: (opportunityId: string) => void;
}) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 300);
  const list = useGridPage({
    module_name: 'opportunities',
    search: search || undefined,
    filters: {},
    page: 1,
    page_size: SHOWN,
  });

  return (
    <Card>
      <Card.Body>
        <Form.Label htmlFor="opportunity-search" className="fw-semibold">
          Which opportunity is this quote for?
        </Form.Label>
        <Form.Control
          id="opportunity-search"
          type="search"
          autoFocus
          placeholder="Opportunity name, account or id"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="form-text mb-3">
          Quotes take their customer, partner, currency and terms from a CRM opportunity.
        </div>
        {list.isPending ? (
          <Spinner animation="border" size="sm" role="status" aria-label="Finding opportunities" />
        ) : list.isError ? (
          <ErrorScreen error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.rows.length === 0 ? (
          <p className="text-body-secondary mb-0">No opportunity of yours matches “{search}”.</p>
        ) : (
          <>
            <ListGroup as="ul" aria-label="Opportunities">
              {list.data.rows.map((row) => {
                const isDirect = row.sales_channel === 'DIRECT';
                const allowed = !isDirect || canCreateDirect;
                return (
                  <ListGroup.Item
                    as="li"
                    key={String(row.id)}
                    className="d-flex align-items-center justify-content-between gap-3"
                  >
                    <div className="min-w-0">
                      <div className="fw-semibold text-truncate">{String(row.name)}</div>
                      <div className="small text-body-secondary">
                        {[
                          row.account_name,
                          row.region,
                          typeof row.sales_channel === 'string'
                            ? salesChannelLabel(row.sales_channel)
                            : null,
                          typeof row.amount === 'number'
                            ? formatCurrency(row.amount, String(row.currency_code ?? 'USD'))
                            : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </div>
                    </div>
                    {allowed ? (
                      <Button
                        size="sm"
                        variant="outline-primary"
                        onClick={() => onPick(String(row.id))}
                      >
                        Choose<span className="visually-hidden"> {String(row.name)}</span>
                      </Button>
                    ) : (
                      <span className="small text-body-secondary text-nowrap">
                        Partner deals only
                      </span>
                    )}
                  </ListGroup.Item>
                );
              })}
            </ListGroup>
            {list.data.total > SHOWN ? (
              <div className="small text-body-secondary mt-2">
                Showing {SHOWN} of {list.data.total.toLocaleString('en-US')}
                {list.data.total_is_capped ? '+' : ''}: type to narrow the list.
              </div>
            ) : null}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
