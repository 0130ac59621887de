/**
 * Browser storage behind try/catch: private windows and full quotas throw, and a missing
 * preference must never break the app.
 */

/** Every key the app stores starts with this, so sign-out can find them all. */
const APP_PREFIX = 'bastion.';
/** Preferences are not session data: they survive sign-out. */
const PREFERENCE_PREFIX = 'bastion.pref.';

export const STORAGE_KEYS = {
  /** localStorage '1' after a 403, until the login page has told the user (spec §4). */
  sessionExpired: 'bastion.session_expired',
  /** localStorage '1' after sign-out, so the 403s that follow are not reported as expiry. */
  loggedOut: 'bastion.logged_out',
  /** sessionStorage: where a signed-out visitor wanted to go, kept across a full reload. */
  returnTo: 'bastion.return_to',
  /** sessionStorage: the served version the app last reloaded for, to avoid reload loops. */
  versionReload: 'bastion.version_reload',
  /** localStorage '1' when the user collapsed the sidebar. */
  sidebarCollapsed: 'bastion.pref.sidebar_collapsed',
} as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function storeOf(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function accessor(kind: 'local' | 'session') {
  return {
    get(key: StorageKey): string | null {
      try {
        return storeOf(kind)?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key: StorageKey, value: string): void {
      try {
        storeOf(kind)?.setItem(key, value);
      } catch {
        // Storage full or blocked: the app still works, it just forgets.
      }
    },
    remove(key: StorageKey): void {
      try {
        storeOf(kind)?.removeItem(key);
      } catch {
        // As above.
      }
    },
  };
}

export const localStore = accessor('local');
export const sessionStore = accessor('session');

/** Removes the app's session data from both storages; preferences and `keep` stay. */
export function clearAppSessionData(keep: readonly StorageKey[] = []): void {
  for (const kind of ['local', 'session'] as const) {
    const store = storeOf(kind);
    if (!store) continue;
    try {
      const doomed = Object.keys(store).filter(
        (key) =>
          key.startsWith(APP_PREFIX) &&
          !key.startsWith(PREFERENCE_PREFIX) &&
          !(keep as readonly string[]).includes(key),
      );
      doomed.forEach((key) => store.removeItem(key));
    } catch {
      // Blocked storage holds nothing of ours.
    }
  }
}
