/** Tests of `createStepBudget`: counting calls, refusing past the max, extending, bad max values. */

import { describe, expect, it } from 'vitest';
import { createStepBudget } from '../../src/runtime/step-budget.js';

describe('createStepBudget', () => {
  it('counts tool calls, refuses past the max and can be extended', () => {
    const b = createStepBudget(2);
    expect([b.current, b.max, b.remaining]).toEqual([0, 2, 2]);
    expect(b.consume()).toBe(true);
    expect(b.consume()).toBe(true);
    expect(b.consume()).toBe(false);
    expect([b.current, b.remaining]).toEqual([2, 0]);
    b.extend(3);
    expect([b.max, b.remaining]).toEqual([5, 3]);
    expect(b.consume()).toBe(true);
    expect(b.current).toBe(3);
  });

  it('rejects a max that is not a non-negative integer', () => {
    expect(() => createStepBudget(-1)).toThrow('Step budget max must be a non-negative integer, received -1');
    expect(() => createStepBudget(2).extend(1.5)).toThrow('Step budget extension must be a non-negative integer, received 1.5');
  });
});
