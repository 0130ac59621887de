import type { UseQueryResult } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Button from 'react-bootstrap/Button';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { renderInRouter } from '@/test/render-in-router.tsx';
import { PanelScreen, usePanelScreen } from './panel-screen.tsx';

interface Markup {
  id: string;
  region: string;
}

/** A query as TanStack Query would answer it: loading, loaded or refused. */
const queryOf = (state: 'pending' | Markup[] | Error) =>
  (state === 'pending'
    ? { isPending: true, isError: false }
    : state instanceof Error
      ? { isPending: false, isError: true, error: state, refetch: () => Promise.resolve() }
      : { isPending: false, isError: false, data: state }) as unknown as UseQueryResult<Markup[]>;

function MarkupScreen({ query }: { query: UseQueryResult<Markup[]> }) {
  const screen = usePanelScreen<Markup>();
  return (
    <PanelScreen
      title="Markup"
      subtitle="By region"
      tabs={{ label: 'Margin data', items: [{ label: 'Markup', to: '/markup' }] }}
      query={query}
      what="the markups"
      screen={screen}
      newButtons={<Button>New markup</Button>}
      panelTitle={(content) => (content ? `Edit ${content.region}` : '')}
      panel={(content) => (
        <Button onClick={() => screen.done(`Saved the markup of ${content.region}.`)}>Save</Button>
      )}
    >
      {(markups) => (
        <ul>
          {markups.map((markup) => (
            <li key={markup.id}>
              <Button variant="link" onClick={() => screen.open(markup)}>
                {markup.region}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </PanelScreen>
  );
}

describe('PanelScreen', () => {
  it('heads the screen with its title and tabs, and says while its query loads', () => {
    renderInRouter(<MarkupScreen query={queryOf('pending')} />, '/markup');
    expect(screen.getByRole('heading', { level: 1, name: 'Markup' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Markup' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('status', { name: 'Loading the markups' })).toBeTruthy();
  });

  it('shows the body once loaded; a row opens the panel and its save closes it with a notice', async () => {
    const user = userEvent.setup();
    renderInRouter(<MarkupScreen query={queryOf([{ id: '1', region: 'EMEA' }])} />, '/markup');
    await user.click(screen.getByRole('button', { name: 'EMEA' }));
    const panel = await screen.findByRole('dialog', { name: 'Edit EMEA' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved the markup of EMEA.')).toBeTruthy();
    await waitFor(() => expect(panel.isConnected).toBe(false));
  });

  it('says who may see the screen when refused, and hides the New buttons', () => {
    const forbidden = new ApiError(403, 'Forbidden', [], null, 'FORBIDDEN');
    renderInRouter(<MarkupScreen query={queryOf(forbidden)} />, '/markup');
    expect(screen.getByText('You do not have access to this page')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New markup' })).toBeNull();
  });
});
