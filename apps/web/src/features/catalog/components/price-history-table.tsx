import { formatCurrency } from '@bastion/domain/format/currency';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { StatusBadge } from '../../../components/status-badge.tsx';
import type { PriceHistory, PriceRow } from '../api/sku-prices.ts';
import { formatDay, PRICE_STATUS_BADGES } from './catalog-labels.ts';

/** The rows of one currency, newest first, as the server sends them. */
function byCurrency(rows: readonly PriceRow[]): [string, PriceRow[]][] {
  const groups = new Map<string, PriceRow[]>();
  for (const row of rows)
    groups.set(row.currency_code, [...(groups.get(row.currency_code) ?? []), row]);
  return [...groups].sort(([a], [b]) => (a === 'USD' ? -1 : b === 'USD' ? 1 : a.localeCompare(b)));
}

/**
 * A SKU's price history, one table per currency: each price's days, status and author. With
 * onCancel, scheduled prices offer to be cancelled.
 */
export function PriceHistoryTables({
  history,
  onCancel,
  cancellingId,
}: {
  history: PriceHistory;
  onCancel?: (row: PriceRow) => void;
  cancellingId?: string | null;
}) {
  // A cancel asks once more in place, so a stray click removes nothing.
  const [askingId, setAskingId] = useState<string | null>(null);
  if (history.rows.length === 0) {
    return <p className="text-body-secondary mb-0">No prices yet: this SKU cannot be quoted.</p>;
  }
  return (
    <div className="d-flex flex-column gap-3">
      {byCurrency(history.rows).map(([currency, rows]) => (
        <section key={currency} aria-label={`${currency} prices`}>
          <h4 className="h6 mb-2">{currency}</h4>
          <Table
            size="sm"
            responsive
            className="align-middle mb-0"
            aria-label={`${currency} prices`}
          >
            <thead>
              <tr>
                <th scope="col">From</th>
                <th scope="col">Until</th>
                <th scope="col" className="text-end">
                  Unit price
                </th>
                <th scope="col">Status</th>
                <th scope="col">Set by</th>
                {onCancel ? (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const badge = PRICE_STATUS_BADGES[row.status];
                return (
                  <tr
                    key={row.id}
                    className={row.status === 'past' ? 'text-body-secondary' : undefined}
                  >
                    <td className="text-nowrap">{formatDay(row.effective_from)}</td>
                    <td className="text-nowrap">
                      {row.effective_to ? formatDay(row.effective_to) : 'Open'}
                    </td>
                    <td className="text-end text-nowrap fw-semibold">
                      {formatCurrency(row.unit_price_minor, row.currency_code)}
                    </td>
                    <td>
                      <StatusBadge label={badge.label} tone={badge.tone} />
                    </td>
                    <td className="small text-break">
                      {row.created_by_email ?? 'Price list load'}
                    </td>
                    {onCancel ? (
                      <td className="text-end">
                        {row.status === 'scheduled' && askingId === row.id ? (
                          <span className="d-inline-flex gap-1 text-nowrap">
                            <Button
                              size="sm"
                              variant="danger"
                              disabled={cancellingId === row.id}
                              onClick={() => {
                                setAskingId(null);
                                onCancel(row);
                              }}
                            >
                              Cancel it
                            </Button>
                            <Button
                              size="sm"
                              variant="outline-secondary"
                              onClick={() => setAskingId(null)}
                            >
                              Keep
                            </Button>
                          </span>
                        ) : row.status === 'scheduled' ? (
                          <Button
                            size="sm"
                            variant="outline-danger"
                            disabled={cancellingId === row.id}
                            onClick={() => setAskingId(row.id)}
                            aria-label={`Cancel the ${row.currency_code} price from ${formatDay(row.effective_from)}`}
                          >
                            Cancel
                          </Button>
                        ) : null}
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </Table>
        </section>
      ))}
    </div>
  );
}
