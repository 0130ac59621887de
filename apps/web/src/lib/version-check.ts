import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { environment } from './environment.ts';
import { STORAGE_KEYS, sessionStore } from './storage.ts';

/** The version this bundle was built as (vite.config.ts). */
export const CLIENT_VERSION = import.meta.env.VITE_APP_VERSION;

const CHECK_INTERVAL_MS = 5 * 60 * 1000;

interface BuildMeta {
  version: string;
  built_at: string;
}

/** meta.json is a plain file, not an API envelope. */
async function fetchBuildMeta(signal: AbortSignal): Promise<BuildMeta> {
  const response = await fetch('/meta.json', { cache: 'no-store', signal });
  if (!response.ok) throw new Error(`meta.json answered HTTP ${response.status}`);
  const body = (await response.json()) as Partial<BuildMeta>;
  if (typeof body.version !== 'string') throw new Error('meta.json has no version');
  return { version: body.version, built_at: String(body.built_at ?? '') };
}

/**
 * Reloads the page when the server serves a different build (spec §7), so nobody keeps quoting
 * with a stale app. Polls every five minutes and on window focus, except locally where the dev
 * server reloads by itself. Reloads at most once per served version, so a server that keeps
 * answering a version this bundle cannot become does not trap the user in a reload loop.
 */
export function useVersionCheck(): void {
  const isEnabled = environment.name !== 'local';
  const { data } = useQuery({
    queryKey: ['build-meta'],
    queryFn: ({ signal }) => fetchBuildMeta(signal),
    enabled: isEnabled,
    refetchInterval: CHECK_INTERVAL_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
    retry: false,
  });
  const servedVersion = data?.version;

  useEffect(() => {
    if (!servedVersion || servedVersion === CLIENT_VERSION) return;
    if (sessionStore.get(STORAGE_KEYS.versionReload) === servedVersion) {
      console.warn(
        `Bastion CPQ ${CLIENT_VERSION} is running, the server serves ${servedVersion}; already reloaded once.`,
      );
      return;
    }
    sessionStore.set(STORAGE_KEYS.versionReload, servedVersion);
    window.location.reload();
  }, [servedVersion]);
}
