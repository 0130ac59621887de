import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { fileTooBigMessage, ImportOutcome } from './import-outcome.tsx';

const idle = { isSuccess: false, isError: false, data: undefined, error: null };

describe('ImportOutcome', () => {
  it('says what a good import did', () => {
    render(
      <ImportOutcome
        importer={{ ...idle, isSuccess: true, data: { imported: 3 } }}
        successMessage={(result) => `Imported ${result.imported} prices.`}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Imported 3 prices.');
  });

  it('lists each problem of a refusal by row and column, the whole row where none is named', () => {
    const refusal = new ApiError(400, 'Nothing was imported: 2 problems in 2 rows of the file.', [
      { path: 'row 3.quantity', row: 3, column: 'quantity', message: 'Row 3: not a count.' },
      { path: 'row.4', row: 4, column: null, message: 'The row has 3 fields.' },
    ] as never);
    render(
      <ImportOutcome
        importer={{ ...idle, isError: true, error: refusal }}
        successMessage={String}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText(/Nothing was imported/)).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Import problems' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'RowColumnProblem',
      '3quantityNot a count.',
      '4whole rowThe row has 3 fields.',
    ]);
  });

  it('shows a refusal without problems as its message alone', () => {
    render(
      <ImportOutcome
        importer={{ ...idle, isError: true, error: new Error('The server is not answering.') }}
        successMessage={String}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('The server is not answering.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows nothing before the first import', () => {
    const { container } = render(<ImportOutcome importer={idle} successMessage={String} />);
    expect(container.textContent).toBe('');
  });

  it.each([
    [5 * 1024 * 1024, null],
    [
      5 * 1024 * 1024 + 1,
      'big.csv is larger than 5 MB: split it and import the parts one after another.',
    ],
  ])('refuses a file of %i bytes before sending it: %s', (size, message) => {
    const file = new File(['x'], 'big.csv');
    Object.defineProperty(file, 'size', { value: size });
    expect(fileTooBigMessage(file)).toBe(message);
  });
});
