import { useState } from 'react';

/**
 * What a side panel shows, and whether it is shown: the content stays while the panel slides
 * away (onExited lets it go), so a closing editor does not go blank.
 */
export function usePanelState<T>() {
  const [content, setContent] = useState<T | null>(null);
  const [isShown, setIsShown] = useState(false);
  return {
    content,
    isShown,
    open: (next: T) => {
      setContent(next);
      setIsShown(true);
    },
    close: () => setIsShown(false),
    onExited: () => setContent(null),
  };
}
