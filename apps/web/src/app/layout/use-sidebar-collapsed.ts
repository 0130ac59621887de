import { useCallback, useState } from 'react';
import { STORAGE_KEYS, localStore } from '@/lib/storage.ts';

/** The user's choice to collapse the sidebar, remembered across visits. */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [isCollapsed, setIsCollapsed] = useState(
    () => localStore.get(STORAGE_KEYS.sidebarCollapsed) === '1',
  );
  const toggle = useCallback(() => {
    const next = !isCollapsed;
    localStore.set(STORAGE_KEYS.sidebarCollapsed, next ? '1' : '0');
    setIsCollapsed(next);
  }, [isCollapsed]);
  return [isCollapsed, toggle];
}
