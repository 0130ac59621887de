import { STORAGE_KEYS, localStore, sessionStore } from './storage.ts';

/** The markers of spec §4 that tell the login page why the user is there. */

export function isLoggedOut(): boolean {
  return localStore.get(STORAGE_KEYS.loggedOut) === '1';
}

/** A 403 means the session expired, unless the user signed out on purpose. */
export function markSessionExpired(): boolean {
  if (isLoggedOut()) return false;
  localStore.set(STORAGE_KEYS.sessionExpired, '1');
  return true;
}

/** Reads and clears the expired marker, so the notice is shown once. */
export function takeSessionExpiredMarker(): boolean {
  const wasExpired = localStore.get(STORAGE_KEYS.sessionExpired) === '1';
  localStore.remove(STORAGE_KEYS.sessionExpired);
  return wasExpired;
}

export function markLoggedOut(): void {
  localStore.set(STORAGE_KEYS.loggedOut, '1');
  localStore.remove(STORAGE_KEYS.sessionExpired);
}

/** A successful sign-in starts a fresh story. */
export function clearSignInMarkers(): void {
  localStore.remove(STORAGE_KEYS.loggedOut);
  localStore.remove(STORAGE_KEYS.sessionExpired);
}

export function rememberReturnPath(path: string): void {
  sessionStore.set(STORAGE_KEYS.returnTo, path);
}

export function readReturnPath(): string | null {
  return sessionStore.get(STORAGE_KEYS.returnTo);
}

export function forgetReturnPath(): void {
  sessionStore.remove(STORAGE_KEYS.returnTo);
}
