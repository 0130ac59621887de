import type { NotificationPreferences } from '@bastion/domain/notifications/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationKeys } from '../api/notifications.ts';
import { NotificationPreferencesSection } from './notification-preferences.tsx';

const saved: NotificationPreferences = {
  preferences: [
    {
      kind: 'quote_rejected',
      label: 'Your quote is rejected',
      description: 'An approver rejected one of your quotes.',
      by_email: true,
    },
  ],
};

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(notificationKeys.preferences, saved);
  render(
    <QueryClientProvider client={client}>
      <NotificationPreferencesSection isActingAs={false} />
    </QueryClientProvider>,
  );
  return screen.getByLabelText<HTMLInputElement>('Your quote is rejected: also by e-mail');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('NotificationPreferencesSection', () => {
  it('moves the switch with the click, before the save answers', () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
    const rejected = renderSection();
    expect(rejected.checked).toBe(true);
    fireEvent.click(rejected);
    // In the same render as the click: a switch that waits for the cache snaps back meanwhile.
    expect(rejected.checked).toBe(false);
  });

  it('puts the switch back and says why when the save is refused', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        Response.json(
          { error: 'VALIDATION', message: 'Say yes or no for e-mail.' },
          { status: 400 },
        ),
      ),
    );
    const rejected = renderSection();
    fireEvent.click(rejected);
    expect(await screen.findByText('Say yes or no for e-mail.')).toBeTruthy();
    expect(rejected.checked).toBe(true);
  });
});
