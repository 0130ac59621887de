import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client.ts';
import { renderInRouter } from '@/test/render-in-router.tsx';
import { TextField } from './fields.tsx';
import { AppForm, FormProblem, SubmitButton, useZodForm } from './form.tsx';

const ZContact = z.object({
  name: z.string().trim().min(1, 'Enter a name.'),
  email: z.email('Enter an email address.'),
});

function ContactForm(props: {
  onSubmit: (values: z.output<typeof ZContact>) => void;
  error?: unknown;
}) {
  const form = useZodForm(ZContact, { defaultValues: { name: '', email: '' } });
  return (
    <AppForm form={form} onSubmit={props.onSubmit} error={props.error} aria-label="Contact">
      <FormProblem error={props.error} />
      <TextField name="name" label="Name" isRequired />
      <TextField name="email" label="Email" type="email" />
      <SubmitButton isPending={false}>Save</SubmitButton>
    </AppForm>
  );
}

describe('AppForm', () => {
  it('says what the schema refuses under each field, and submits nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderInRouter(<ContactForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a name.')).toBeTruthy();
    expect(screen.getByText('Enter an email address.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Name/ }).getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a field’s message once it was left (onTouched)', async () => {
    const user = userEvent.setup();
    renderInRouter(<ContactForm onSubmit={vi.fn()} />);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-address');
    expect(screen.queryByText('Enter an email address.')).toBeNull();
    await user.tab();
    expect(await screen.findByText('Enter an email address.')).toBeTruthy();
  });

  it('submits the parsed values (trimmed by the schema)', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderInRouter(<ContactForm onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: /Name/ }), '  Ada Lovelace ');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com' });
  });

  it('puts the server’s field messages under the fields and says so above the form', async () => {
    const refusal = new ApiError(422, 'Invalid request', [
      { path: 'email', message: 'This address is already in use.' },
    ]);
    renderInRouter(<ContactForm onSubmit={vi.fn()} error={refusal} />);
    expect(await screen.findByText('This address is already in use.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Nothing was saved. Correct the fields marked in red and save again.',
    );
  });
});
