/**
 * How often the wall clock is read, in ms of monotonic time: at most once per this many ms.
 * Between reads, call timestamps advance by the monotonic clock.
 */
export const WALL_CLOCK_RESYNC_MS = 100;

let offset = 0; // Date.now() - performance.now() at the last read
let lastRead = -Infinity; // performance.now() of the last read

/**
 * The wall-clock time (ms since the epoch, a whole number like `Date.now()`) at the monotonic
 * time `monoMs` (a `performance.now()` reading). It reads `Date.now()` when
 * {@link WALL_CLOCK_RESYNC_MS} or more of monotonic time passed since the last read (or the
 * monotonic time went back), else adds the monotonic time since that read: the pipeline calls
 * this once per tool call, and a clock read costs ~100 ns on a busy virtual machine (issue 16).
 * The monotonic clock stops while a machine sleeps, so a call made within 100 ms (of running
 * time) after a sleep can carry a time from before it; a clock change shows within 100 ms.
 */
export function wallClockAt(monoMs: number, readWallClock: () => number = Date.now): number {
  const since = monoMs - lastRead;
  if (since >= WALL_CLOCK_RESYNC_MS || since < 0) {
    offset = readWallClock() - monoMs;
    lastRead = monoMs;
  }
  return Math.floor(offset + monoMs);
}
