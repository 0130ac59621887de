import { useCallback, useSyncExternalStore } from 'react';

/** Bootstrap's lg breakpoint: below it the sidebar becomes an offcanvas. */
export const LARGE_SCREEN_QUERY = '(min-width: 992px)';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
