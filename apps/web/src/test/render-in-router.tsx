import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

/**
 * Renders `ui` as the page at `path` of a data router, as the app does: forms ask before leaving
 * (useBlocker) and admin screens draw their tabs as links, which both need one.
 */
export function renderInRouter(ui: ReactNode, path = '/') {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  return { router, ...render(<RouterProvider router={router} />) };
}
