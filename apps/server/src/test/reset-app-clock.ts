import { afterAll } from 'vitest';
import { resetAppClock } from '../lib/clock.ts';

// Server test files share a worker and its modules (isolate: false): a file that moves the app's
// clock forward must not leave the next file living in the future.
afterAll(() => {
  resetAppClock();
});
