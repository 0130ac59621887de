import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { valueColumn } from '@/components/admin/record-columns.tsx';
import { ListCount, PagedTable } from './paged-table.tsx';

interface Sku {
  sku: string;
}

const columns = [valueColumn<Sku>('sku', 'SKU', (row) => row.sku)];

describe('PagedTable', () => {
  it('shows the page’s rows and a pager that asks for the next page', async () => {
    const user = userEvent.setup();
    const onPage = vi.fn();
    render(
      <PagedTable
        data={[{ sku: 'BX-100' }, { sku: 'BX-200' }]}
        columns={columns}
        caption="SKUs"
        getRowId={(row) => row.sku}
        pager={{ page: 1, total: 5, pageSize: 2, onPage, label: 'Pages of SKUs' }}
      />,
    );
    expect(screen.getByRole('table', { name: 'SKUs' }).closest('.card')).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'BX-200' })).toBeTruthy();
    const pager = screen.getByRole('list', { name: 'Pages of SKUs' });
    expect(pager.textContent).toContain('Page 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('has no pager when the rows fit one page', () => {
    render(
      <PagedTable
        data={[{ sku: 'BX-100' }]}
        columns={columns}
        caption="SKUs"
        getRowId={(row) => row.sku}
        pager={{ page: 1, total: 1, pageSize: 2, onPage: vi.fn() }}
      />,
    );
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('ListCount', () => {
  it('announces the count, with a spinner only while the list reloads', () => {
    const { container, rerender } = render(<ListCount count="3 users" isFetching={false} />);
    expect(screen.getByText('3 users').getAttribute('aria-live')).toBe('polite');
    expect(container.querySelector('.spinner-border')).toBeNull();
    rerender(<ListCount count="3 users" isFetching />);
    expect(container.querySelector('.spinner-border')).toBeTruthy();
  });
});
