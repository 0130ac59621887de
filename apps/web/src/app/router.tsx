import { createBrowserRouter } from 'react-router';
import { ForgotPasswordPage } from '../features/auth/pages/forgot-password-page.tsx';
import { GoogleProfilePage } from '../features/auth/pages/google-profile-page.tsx';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { NoMenusPage } from '../features/auth/pages/no-menus-page.tsx';
import { ResetPasswordPage } from '../features/auth/pages/reset-password-page.tsx';
import { AcceptQuotePage } from '../features/documents/pages/accept-quote-page.tsx';
import { featureRoutes } from './feature-routes.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import {
  ContextHomeRedirect,
  RequireKnownContext,
  SignedInNotFoundPage,
} from './require-known-context.tsx';
import { RequireSession } from './require-session.tsx';
import { RootRoute } from './root-route.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootRoute />,
      errorElement: <RouteErrorPage />,
      children: [
        // Public (spec §2).
        { path: '/', element: <LoginPage /> },
        { path: '/login', element: <LoginPage /> },
        { path: '/forgot', element: <ForgotPasswordPage /> },
        { path: '/reset-password', element: <ResetPasswordPage /> },
        { path: '/profile', element: <GoogleProfilePage /> },
        // A customer accepting a quote through the link they were sent (issue 17): no account.
        { path: '/accept/:token', element: <AcceptQuotePage /> },
        // Everything else needs a signed-in user.
        {
          element: <RequireSession />,
          children: [
            { path: '/no-menus', element: <NoMenusPage /> },
            {
              element: <AppLayout />,
              errorElement: <RouteErrorPage />,
              children: [
                {
                  path: '/:context',
                  element: <RequireKnownContext />,
                  children: [{ index: true, element: <ContextHomeRedirect /> }, ...featureRoutes],
                },
                { path: '*', element: <SignedInNotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ]);
}
