import { createColumnHelper } from '@tanstack/react-table';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table.tsx';

interface Sku {
  id: string;
  name: string;
  price: number;
}

const column = createColumnHelper<Sku>();
const columns = [
  column.accessor('name', { header: 'Name', meta: { isRowHeader: true } }),
  column.accessor('price', { header: 'Price', meta: { align: 'end' } }),
];
const skus: Sku[] = [
  { id: 'b', name: 'Firewall', price: 300 },
  { id: 'a', name: 'Appliance', price: 100 },
  { id: 'c', name: 'Cloud seat', price: 200 },
];

/** The first cell of each body row, top to bottom. */
const namesShown = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('th, td')?.textContent);

describe('DataTable', () => {
  it('lists the rows under their column headers, with the caption for screen readers', () => {
    render(<DataTable data={skus} columns={columns} caption="SKUs" getRowId={(s) => s.id} />);
    const table = screen.getByRole('table', { name: 'SKUs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Price']);
    expect(namesShown()).toEqual(['Firewall', 'Appliance', 'Cloud seat']);
    expect(screen.getByRole('rowheader', { name: 'Firewall' })).toBeTruthy();
  });

  it('says what an empty list means, and a spinner while the first rows load', () => {
    const { rerender } = render(
      <DataTable
        data={[]}
        columns={columns}
        caption="SKUs"
        getRowId={(s) => s.id}
        emptyState="No SKU matches."
      />,
    );
    expect(screen.getByRole('cell', { name: 'No SKU matches.' })).toBeTruthy();
    rerender(
      <DataTable data={[]} columns={columns} caption="SKUs" getRowId={(s) => s.id} isLoading />,
    );
    expect(screen.getByRole('status', { name: 'Loading skus' })).toBeTruthy();
    expect(screen.queryByText('No SKU matches.')).toBeNull();
  });

  it('sorts the rows it has when a sortable header is clicked, largest first, then back', async () => {
    const user = userEvent.setup();
    render(<DataTable data={skus} columns={columns} caption="SKUs" getRowId={(s) => s.id} />);
    await user.click(screen.getByRole('button', { name: 'Price' }));
    expect(namesShown()).toEqual(['Firewall', 'Cloud seat', 'Appliance']);
    expect(screen.getByRole('columnheader', { name: 'Price' }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    await user.click(screen.getByRole('button', { name: 'Price' }));
    expect(namesShown()).toEqual(['Appliance', 'Cloud seat', 'Firewall']);
  });

  it('asks the server for another sort and shows the one it was given', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    render(
      <DataTable
        data={skus}
        columns={columns}
        caption="SKUs"
        getRowId={(s) => s.id}
        sort={{ field: 'name', direction: 'asc' }}
        onSortChange={onSortChange}
      />,
    );
    // The rows stay in the server's order.
    expect(namesShown()).toEqual(['Firewall', 'Appliance', 'Cloud seat']);
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    await user.click(screen.getByRole('button', { name: 'Price' }));
    expect(onSortChange).toHaveBeenCalledWith({ field: 'price', direction: 'desc' });
  });

  it('opens a row on click and on Enter', async () => {
    const user = userEvent.setup();
    const onRowOpen = vi.fn();
    render(
      <DataTable
        data={skus}
        columns={columns}
        caption="SKUs"
        getRowId={(s) => s.id}
        onRowOpen={onRowOpen}
      />,
    );
    await user.click(screen.getByText('Appliance'));
    expect(onRowOpen).toHaveBeenLastCalledWith(skus[1]);
    screen.getByText('Cloud seat').closest('tr')?.focus();
    await user.keyboard('{Enter}');
    expect(onRowOpen).toHaveBeenLastCalledWith(skus[2]);
  });

  it('checks rows into the caller’s selection, one by one or all at once', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(
      <DataTable
        data={skus}
        columns={columns}
        caption="SKUs"
        getRowId={(s) => s.id}
        selection={{ selected: {}, onChange, label: (s) => `Select ${s.name}` }}
      />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select Firewall' }));
    expect(onChange).toHaveBeenLastCalledWith({ b: true });
    await user.click(screen.getByRole('checkbox', { name: 'Select all skus' }));
    expect(onChange).toHaveBeenLastCalledWith({ a: true, b: true, c: true });
    rerender(
      <DataTable
        data={skus}
        columns={columns}
        caption="SKUs"
        getRowId={(s) => s.id}
        selection={{ selected: { a: true }, onChange, label: (s) => `Select ${s.name}` }}
      />,
    );
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select Appliance' }).checked,
    ).toBe(true);
    expect(screen.getByRole('row', { selected: true })).toBeTruthy();
  });
});
