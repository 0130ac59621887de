import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFieldArray } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AppForm, SubmitButton, useZodForm } from '@/components/form/form.tsx';
import { renderInRouter } from '@/test/render-in-router.tsx';
import { DataTable } from './data-table.tsx';
import { AddRowButton } from '@/components/add-row-button.tsx';
import { fieldArrayColumns } from './field-array-columns.tsx';

const ZBands = z.object({
  bands: z.array(z.object({ from: z.string().min(1, 'Enter a quantity.'), price: z.string() })),
});
type BandRow = z.infer<typeof ZBands>['bands'][number] & { id: string };

function BandsForm(props: { onSubmit: (values: z.output<typeof ZBands>) => void }) {
  const form = useZodForm(ZBands, {
    defaultValues: { bands: [{ from: '1', price: '10' }] },
    mode: 'all',
  });
  const bands = useFieldArray({ control: form.control, name: 'bands' });
  const columns = fieldArrayColumns<BandRow>('bands', (_, index) => `band ${index + 1}`);
  return (
    <AppForm form={form} onSubmit={props.onSubmit} aria-label="Bands">
      <DataTable
        caption="Bands"
        getRowId={(row) => row.id}
        data={bands.fields}
        columns={[
          columns.text({ field: 'from', header: 'From', label: 'First quantity' }),
          columns.text({ field: 'price', header: 'Price', label: 'Price', suffix: '$' }),
          columns.remove(bands.remove),
        ]}
      />
      <AddRowButton onClick={() => bands.append({ from: '', price: '' })}>Add band</AddRowButton>
      <SubmitButton isPending={false}>Save</SubmitButton>
    </AppForm>
  );
}

describe('fieldArrayColumns', () => {
  it('shows each row’s fields under their headers, labelled by field and row', () => {
    renderInRouter(<BandsForm onSubmit={vi.fn()} />);
    const table = screen.getByRole('table', { name: 'Bands' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['From', 'Price', 'Actions']);
    expect(screen.getByRole('textbox', { name: 'First quantity of band 1' })).toHaveProperty(
      'value',
      '1',
    );
  });

  it('binds a new row’s cells to its fields in the form’s values', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderInRouter(<BandsForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Add band' }));
    await user.type(screen.getByRole('textbox', { name: 'First quantity of band 2' }), '5');
    await user.type(screen.getByRole('textbox', { name: 'Price of band 2' }), '8');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      bands: [
        { from: '1', price: '10' },
        { from: '5', price: '8' },
      ],
    });
  });

  it('takes a row out with its bin, and shows a field’s message in its cell', async () => {
    const user = userEvent.setup();
    renderInRouter(<BandsForm onSubmit={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Add band' }));
    await user.click(screen.getByRole('button', { name: 'Remove band 1' }));
    expect(screen.queryByRole('textbox', { name: 'Price of band 2' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a quantity.')).toBeTruthy();
  });
});
