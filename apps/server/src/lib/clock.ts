/**
 * The time the features that hand out short-lived things (download links, acceptance links, the
 * comment edit window) read. Browser tests of the built app cannot wait 40 seconds or 15
 * minutes, so a server started with TEST_CLOCK=1 lets them move this clock forward through
 * POST /api/test/clock (features/system). Without that variable the offset stays 0.
 */
let offsetMs = 0;

export function appNow(): Date {
  return new Date(Date.now() + offsetMs);
}

/** Moves the app's clock forward (tests only: the route exists only with TEST_CLOCK=1). */
export function advanceAppClock(ms: number): Date {
  offsetMs += ms;
  return appNow();
}

/** Back to the real time: server test files share a worker, so each starts from it. */
export function resetAppClock(): void {
  offsetMs = 0;
}

/** The day of a moment as the catalogue counts days (UTC), YYYY-MM-DD. */
export const isoDayOf = (moment: Date) => moment.toISOString().slice(0, 10);
