import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderInRouter } from '@/test/render-in-router.tsx';
import { TextField } from './form/fields.tsx';
import { AppForm, useZodForm } from './form/form.tsx';
import { SidePanel } from './side-panel.tsx';

const ZNamed = z.object({ name: z.string() });

/** A guarded editor, as the SKU panel holds several (the SKU, a pricing method change…). */
function Editor({ what, label }: { what: string; label: string }) {
  const form = useZodForm(ZNamed, { defaultValues: { name: '' } });
  const [renders, setRenders] = useState(0);
  return (
    <AppForm form={form} onSubmit={() => undefined} leaveGuard={what} aria-label={label}>
      <TextField name="name" label={label} />
      {/* Renders this editor again without changing it, as a refetch would. */}
      <button type="button" onClick={() => setRenders(renders + 1)}>
        Refresh {label}
      </button>
    </AppForm>
  );
}

describe('SidePanel', () => {
  it('asks before closing while any of its editors has changes, even after a clean one renders again', async () => {
    const user = userEvent.setup();
    const onHide = vi.fn();
    renderInRouter(
      <SidePanel show title="SKU" onHide={onHide}>
        <Editor what="the SKU" label="SKU name" />
        <Editor what="the method change" label="Method" />
      </SidePanel>,
    );
    await user.type(screen.getByRole('textbox', { name: 'SKU name' }), 'Renamed');
    await user.click(screen.getByRole('button', { name: 'Refresh Method' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Close without saving?')).toBeTruthy();
    expect(screen.getByText(/Your changes to the SKU/)).toBeTruthy();
    expect(onHide).not.toHaveBeenCalled();
  });

  it('closes at once when no editor has changes', async () => {
    const user = userEvent.setup();
    const onHide = vi.fn();
    renderInRouter(
      <SidePanel show title="SKU" onHide={onHide}>
        <Editor what="the SKU" label="SKU name" />
      </SidePanel>,
    );
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onHide).toHaveBeenCalledOnce();
  });
});
