import { describe, expect, it } from 'vitest';
import { WALL_CLOCK_RESYNC_MS, wallClockAt } from '../../src/runtime/wall-clock.js';

describe('wallClockAt: call timestamps without a wall-clock read per call', () => {
  it('reads the wall clock at most every 100 ms of monotonic time, after a step back, and adds monotonic time in between', () => {
    const reads: number[] = [];
    const wall = (ms: number) => () => (reads.push(ms), ms);
    const base = 1e9; // far from any earlier test's readings
    expect(wallClockAt(base, wall(1_700_000_000_000))).toBe(1_700_000_000_000);
    expect(wallClockAt(base + 40.7, wall(0))).toBe(1_700_000_000_040);
    expect(wallClockAt(base + WALL_CLOCK_RESYNC_MS - 0.5, wall(0))).toBe(1_700_000_000_099);
    // the machine slept an hour: the monotonic clock did not move, the wall clock did
    expect(wallClockAt(base + WALL_CLOCK_RESYNC_MS, wall(1_700_003_600_100))).toBe(1_700_003_600_100);
    expect(wallClockAt(base + 50, wall(1_700_003_600_200))).toBe(1_700_003_600_200); // monotonic went back: read again
    expect(reads).toEqual([1_700_000_000_000, 1_700_003_600_100, 1_700_003_600_200]);
  });

  it('agrees with Date.now() within 1 ms on the real clocks', async () => {
    for (let i = 0; i < 5; i++) {
      const before = Date.now();
      const t = wallClockAt(performance.now());
      const after = Date.now();
      expect(t).toBeGreaterThanOrEqual(before - 1);
      expect(t).toBeLessThanOrEqual(after + 1);
      await new Promise((r) => setTimeout(r, 60));
    }
  });
});
