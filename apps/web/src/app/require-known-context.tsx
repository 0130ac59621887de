import { Navigate, Outlet, useParams } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page.tsx';
import { useSession } from '../features/auth/components/session-context.tsx';
import { landingPathFor } from '../features/auth/landing-path.ts';
import { buildMenuGroups } from './layout/menu-tree.ts';

/**
 * Every feature route starts with a context (cpq, commcat…). One the user has no menus in is
 * not a page for them, so it reads as not found rather than as an empty screen.
 */
export function RequireKnownContext() {
  const { context } = useParams();
  const session = useSession();
  const isKnown = session.menus.some((item) => item.tier === 1 && item.context === context);
  return isKnown ? <Outlet /> : <NotFoundPage homePath={landingPathFor(session, null)} />;
}

/** The not-found page inside the layout, whose home link goes to the user's landing page. */
export function SignedInNotFoundPage() {
  const session = useSession();
  return <NotFoundPage homePath={landingPathFor(session, null)} />;
}

/** A bare /:context (e.g. /cpq) opens that group's home page, as its top-nav link does. */
export function ContextHomeRedirect() {
  const { context } = useParams();
  const session = useSession();
  const group = buildMenuGroups(session.menus).find((item) => item.item.context === context);
  return <Navigate to={group?.homePath ?? landingPathFor(session, null)} replace />;
}
