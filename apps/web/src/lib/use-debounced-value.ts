import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delayMs` (search as the user pauses typing). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** Search text as typed, and as sent: trimmed, a moment after the typing stops. */
export function useDebouncedSearch(text: string, delayMs = 300): string {
  return useDebouncedValue(text.trim(), delayMs);
}

/** A search box's text and what it searches for. */
export function useSearchText(delayMs = 300) {
  const [text, setText] = useState('');
  return { text, setText, search: useDebouncedSearch(text, delayMs) };
}
