import { formatDateTime } from '@bastion/domain/format/date-time';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import type { CrmConnectionStatus } from '../api/crm-connection.ts';

const userTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

function attemptTime(iso: string | null): string {
  const millis = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(millis) ? 'Not tried yet' : formatDateTime(millis / 1000, userTimeZone);
}

/**
 * Issue 37 (decision 044): the primary quotes' lines the CRM does not hold yet, as opportunity
 * products: waiting for the write under way, or refused with the CRM's reason. A change of the
 * quote or the next sync writes them again.
 */
export function OwedProductsCard({ status }: { status: CrmConnectionStatus }) {
  const owed = status.owed_products;
  const failed = owed.filter((row) => row.state === 'failed').length;
  return (
    <Card>
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h2 className="h5 mb-0">Opportunity products</h2>
        {failed > 0 ? (
          <Badge bg="danger">{failed === 1 ? '1 not written' : `${failed} not written`}</Badge>
        ) : null}
      </Card.Header>
      <Card.Body>
        <p className={`text-body-secondary${owed.length === 0 ? ' mb-0' : ''}`}>
          Each opportunity gets its primary quote’s lines as products whenever the quote changes;
          products typed in the CRM are left as they are.{' '}
          {owed.length === 0
            ? 'Every opportunity holds its primary quote’s lines.'
            : 'These are not written yet; the next sync writes them again.'}
        </p>
        {owed.length > 0 ? (
          <Table
            responsive
            size="sm"
            className="mb-0"
            aria-label="Opportunity products not written"
          >
            <thead>
              <tr>
                <th scope="col">Opportunity</th>
                <th scope="col">Primary quote</th>
                <th scope="col">State</th>
                <th scope="col">Last try</th>
              </tr>
            </thead>
            <tbody>
              {owed.map((row) => (
                <tr key={row.opportunity_id}>
                  <td>
                    <div>{row.opportunity_name}</div>
                    <code className="small">{row.opportunity_id}</code>
                  </td>
                  <td>{row.quote_number}</td>
                  <td>
                    {row.state === 'failed' ? (
                      <>
                        <div className="text-danger">
                          <i className="bi bi-exclamation-triangle-fill me-1" aria-hidden="true" />
                          Not written
                          {row.failures > 1 ? ` (${row.failures} tries)` : ''}
                        </div>
                        <div className="small">{row.message}</div>
                      </>
                    ) : (
                      <span className="text-body-secondary">Waiting to be written</span>
                    )}
                  </td>
                  <td className="small text-nowrap">{attemptTime(row.last_attempt_at)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : null}
      </Card.Body>
    </Card>
  );
}
