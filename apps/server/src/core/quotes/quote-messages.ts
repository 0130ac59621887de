/** Said when a quote changed after the caller opened it (optimistic concurrency, decision 009). */
export const STALE_QUOTE_MESSAGE =
  'Someone changed this quote after you opened it. Reload it to see their changes, then make yours again.';
