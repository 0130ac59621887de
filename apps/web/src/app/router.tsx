import { createBrowserRouter } from 'react-router';
import { FullPageLoader } from '@/components/full-page-loader.tsx';
import { featureRoutes } from './feature-routes.tsx';
import { lazyPage } from './route-modules/lazy-page.ts';
import { RootRoute } from './root-route.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

// Loaded on demand (issue 20): the entry holds only what every page needs.
const authPages = () => import('./route-modules/auth.ts');
const acceptQuotePages = () => import('../features/documents/pages/accept-quote-page.tsx');
const signedInShell = () => import('./signed-in-shell.tsx');

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootRoute />,
      errorElement: <RouteErrorPage />,
      // Shown while the first page's chunks download; later navigations keep the old page.
      hydrateFallbackElement: <FullPageLoader />,
      children: [
        // Public (spec §2).
        { path: '/', lazy: lazyPage(authPages, (pages) => pages.LoginPage) },
        { path: '/login', lazy: lazyPage(authPages, (pages) => pages.LoginPage) },
        { path: '/forgot', lazy: lazyPage(authPages, (pages) => pages.ForgotPasswordPage) },
        {
          path: '/reset-password',
          lazy: lazyPage(authPages, (pages) => pages.ResetPasswordPage),
        },
        { path: '/profile', lazy: lazyPage(authPages, (pages) => pages.GoogleProfilePage) },
        // A customer accepting a quote through the link they were sent (issue 17): no account.
        {
          path: '/accept/:token',
          lazy: lazyPage(acceptQuotePages, (pages) => pages.AcceptQuotePage),
        },
        // Everything else needs a signed-in user.
        {
          lazy: lazyPage(signedInShell, (shell) => shell.RequireSession),
          children: [
            { path: '/no-menus', lazy: lazyPage(authPages, (pages) => pages.NoMenusPage) },
            {
              lazy: lazyPage(signedInShell, (shell) => shell.AppLayout),
              errorElement: <RouteErrorPage />,
              children: [
                {
                  path: '/:context',
                  lazy: lazyPage(signedInShell, (shell) => shell.RequireKnownContext),
                  children: [
                    {
                      index: true,
                      lazy: lazyPage(signedInShell, (shell) => shell.ContextHomeRedirect),
                    },
                    ...featureRoutes,
                  ],
                },
                {
                  path: '*',
                  lazy: lazyPage(signedInShell, (shell) => shell.SignedInNotFoundPage),
                },
              ],
            },
          ],
        },
      ],
    },
  ]);
}
