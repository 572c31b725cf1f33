/** The step budget: tool calls counted one by one, the warning as it runs low, the error once spent. */

/**
 * A step budget for an agent loop. The unit is one tool call: every call an adapter
 * receives consumes one step, whether it succeeds or fails and however many calls the
 * model makes in parallel in one model step (4 parallel calls consume 4 steps).
 *
 * - `current`: steps consumed so far; `max`: the limit; `remaining`: `max - current`, never below 0.
 * - `consume()`: takes one step and returns `true`, or returns `false` (and changes nothing)
 *   when none is left. Synchronous, so parallel calls can never overspend.
 * - `extend(n)`: raises `max` by `n` (a positive integer), for when the user allows more work.
 */
export interface StepBudget {
  readonly current: number;
  readonly max: number;
  readonly remaining: number;
  consume(): boolean;
  extend(n: number): void;
}

/** The most remaining steps at which a result carries a `_warning` (the cap of {@link stepWarningThreshold}). */
export const STEP_WARNING_THRESHOLD = 5;

/**
 * How few remaining steps make a result carry a `_warning`, for a budget of `max` steps: a fifth
 * of the budget rounded up, at most {@link STEP_WARNING_THRESHOLD}. A budget of 5 warns only when
 * 1 step or none is left (not from its first call); 50 warns from 5 left; 1 warns at 0 left.
 */
export function stepWarningThreshold(max: number): number {
  return Math.min(STEP_WARNING_THRESHOLD, Math.ceil(max / 5));
}

/**
 * Creates a {@link StepBudget} of `max` tool calls.
 *
 * @throws {RangeError} when `max` (or a later `extend(n)`) is not a non-negative integer.
 */
export function createStepBudget(max: number): StepBudget {
  const check = (n: number, what: string) => {
    if (!Number.isInteger(n) || n < 0) throw new RangeError(`${what} must be a non-negative integer, received ${n}`);
  };
  check(max, 'Step budget max');
  let limit = max;
  let used = 0;
  return {
    get current() {
      return used;
    },
    get max() {
      return limit;
    },
    get remaining() {
      return Math.max(0, limit - used);
    },
    consume() {
      if (used >= limit) return false;
      used += 1;
      return true;
    },
    extend(n) {
      check(n, 'Step budget extension');
      limit += n;
    },
  };
}

/** The message of the error result for a call made after the budget ran out. */
export function budgetSpentMessage(budget: StepBudget): string {
  return `Step budget spent: all ${budget.max} tool calls have been used, so this call was not executed. Stop and report your progress; the user can extend the budget to allow more tool calls.`;
}

/** The `_warning` text for a result when `remaining` steps are left. */
export function budgetWarning(remaining: number): string {
  return `${remaining} step${remaining === 1 ? '' : 's'} remaining. Wrap up.`;
}
