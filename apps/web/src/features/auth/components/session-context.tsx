import { createContext, use } from 'react';
import type { Session } from '../api/session.ts';

const SessionContext = createContext<Session | null>(null);

/** Provided by the auth guard once the session has loaded. */
export const SessionProvider = SessionContext.Provider;

/** The signed-in user's session; only for screens behind the auth guard. */
export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession is only available behind the sign-in guard.');
  return session;
}
