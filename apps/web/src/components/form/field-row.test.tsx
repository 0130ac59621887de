import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FieldRow } from './field-row.tsx';

describe('FieldRow', () => {
  it('puts each field in a column of its width, from the sm breakpoint on', () => {
    render(
      <FieldRow widths={[8, 4]}>
        <span>Street</span>
        <span>Number</span>
      </FieldRow>,
    );
    expect(screen.getByText('Street').parentElement).toHaveProperty('className', 'col-sm-8');
    expect(screen.getByText('Number').parentElement).toHaveProperty('className', 'col-sm-4');
  });

  it('keeps the fields side by side at every width with breakpoint xs', () => {
    render(
      <FieldRow widths={[6, 6]} breakpoint="xs">
        <span>From</span>
        <span>To</span>
      </FieldRow>,
    );
    expect(screen.getByText('From').parentElement).toHaveProperty('className', 'col-6');
  });

  it('skips what renders nothing, so the widths follow the fields shown', () => {
    render(
      <FieldRow widths={[12]}>
        {null}
        <span>Only</span>
      </FieldRow>,
    );
    expect(screen.getByText('Only').parentElement).toHaveProperty('className', 'col-sm-12');
  });
});
