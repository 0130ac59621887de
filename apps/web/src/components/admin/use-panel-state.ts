import { useRef, useState } from 'react';

/**
 * What a side panel shows, and whether it is shown: the content stays while the panel slides
 * away (onExited lets it go), so a closing editor does not go blank.
 */
export function usePanelState<T>() {
  const [content, setContent] = useState<T | null>(null);
  const [isShown, setIsShown] = useState(false);
  // A panel opened again while the last one was still sliding away keeps its new content: the
  // old exit ends after the new open, and must not clear it.
  const isOpen = useRef(false);
  return {
    content,
    isShown,
    open: (next: T) => {
      isOpen.current = true;
      setContent(next);
      setIsShown(true);
    },
    close: () => {
      isOpen.current = false;
      setIsShown(false);
    },
    onExited: () => {
      if (!isOpen.current) setContent(null);
    },
  };
}
