import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CrmConnectionStatus } from '../api/crm-connection.ts';
import { OwedProductsCard } from './owed-products-card.tsx';

const status = (owed: CrmConnectionStatus['owed_products']): CrmConnectionStatus => ({
  adapter: 'salesforce',
  endpoint: 'https://example.my.salesforce.com',
  status: 'synced',
  last_synced_at: '2026-12-07T09:00:00.000Z',
  synced_count: 3,
  last_error: '',
  opportunity_count: 3,
  progress_done: 3,
  progress_total: 3,
  record_errors: [],
  started_by: 'it@bastion.test',
  owed_products: owed,
});

describe('OwedProductsCard', () => {
  it('says every opportunity holds its primary quote’s lines when nothing is owed', () => {
    render(<OwedProductsCard status={status([])} />);
    expect(screen.getByText(/Every opportunity holds its primary quote’s lines\./)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists a refused write with the CRM’s reason and how many tries, and one waiting', () => {
    render(
      <OwedProductsCard
        status={status([
          {
            opportunity_id: '006A',
            opportunity_name: 'Acme firewall refresh',
            quote_id: 'q1',
            quote_number: 'Q-2026-000042',
            state: 'failed',
            failures: 3,
            message:
              "The opportunity's price book in Salesforce has no active USD entry for SUB-1Y.",
            last_attempt_at: '2026-12-07T10:00:00.000Z',
          },
          {
            opportunity_id: '006B',
            opportunity_name: 'Globex renewal',
            quote_id: 'q2',
            quote_number: 'Q-2026-000043',
            state: 'pending',
            failures: 0,
            message: '',
            last_attempt_at: null,
          },
        ])}
      />,
    );
    expect(screen.getByText('1 not written')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Opportunity products not written' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]?.textContent).toContain('Acme firewall refresh');
    expect(rows[0]?.textContent).toContain('Not written (3 tries)');
    expect(rows[0]?.textContent).toContain('no active USD entry for SUB-1Y');
    expect(rows[1]?.textContent).toContain('Waiting to be written');
    expect(rows[1]?.textContent).toContain('Not tried yet');
  });
});
