/*
 * Everything around the signed-in screens, loaded on demand so the public pages (sign-in,
 * password reset, quote acceptance) do not download the layout, its menus and banners.
 */
export { AppLayout } from './layout/app-layout.tsx';
export {
  ContextHomeRedirect,
  RequireKnownContext,
  SignedInNotFoundPage,
} from './require-known-context.tsx';
export { RequireSession } from './require-session.tsx';
