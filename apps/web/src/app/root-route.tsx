import { Outlet } from 'react-router';
import { useVersionCheck } from '@/lib/version-check.ts';

/** Wraps every page, public or not: app-wide effects that need the router live here. */
export function RootRoute() {
  useVersionCheck();
  return <Outlet />;
}
