import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SectionLoadState } from './section-load-state.tsx';

function Section({ load }: { load: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ['items'], queryFn: load, retry: false });
  return (
    <SectionLoadState query={query} what="the items">
      {(items) => <p>{items.join(', ')}</p>}
    </SectionLoadState>
  );
}

function renderSection(load: () => Promise<string[]>) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <Section load={load} />
    </QueryClientProvider>,
  );
}

describe('SectionLoadState', () => {
  it('says what loads, then shows the content', async () => {
    renderSection(() => Promise.resolve(['a', 'b']));
    expect(screen.getByRole('status', { name: 'Loading the items' })).toBeTruthy();
    expect(await screen.findByText('a, b')).toBeTruthy();
  });

  it('says what failed and loads again on Try again', async () => {
    let calls = 0;
    renderSection(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('Server down')) : Promise.resolve(['c']);
    });
    const failure = await screen.findByText(/The items could not be loaded: Server down/);
    expect(failure).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('c')).toBeTruthy();
  });
});
