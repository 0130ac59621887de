/** What can be done to a quote's lifecycle in place (a copy makes a new quote instead). */
export const LIFECYCLE_ACTIONS = [
  'revise',
  'accept',
  'complete',
  'archive',
  'unarchive',
  'lock',
  'unlock',
] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];
