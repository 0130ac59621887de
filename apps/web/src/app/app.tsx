import { useState } from 'react';
// The DOM build of RouterProvider supports flushSync navigations.
import { RouterProvider } from 'react-router/dom';
import { ErrorBoundary } from '@/components/error-boundary.tsx';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <ErrorBoundary className="full-page-center">
      <AppProviders>
        {/*
          No transitions: a navigation that first downloads a lazy page renders as soon as the
          code is in, so the address and the screen change together (sign-in, sign-out).
        */}
        <RouterProvider router={router} useTransitions={false} />
      </AppProviders>
    </ErrorBoundary>
  );
}
