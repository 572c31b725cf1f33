/** Soak row 4's check: after a kill the store opens, passes its integrity check and equals the model. */

import { applyOp, type LogLine, type StoreModel, type StoreOp } from './model.js';

/** What the store held after one kill, read by a fresh process. */
export interface AfterKill {
  /** Set when the store did not open. */
  openError?: string;
  /**
   * The engine's integrity check ('ok' when sound): `PRAGMA integrity_check` rows joined on SQLite, the problems found on PostgreSQL
   * (soak/store/engines.ts).
   */
  integrity: string;
  /** Rows that do not load (a half-written skill would be one). */
  problems: string[];
  actual: StoreModel;
}

const same = (a: StoreModel, b: StoreModel) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * Checks the store after a kill against the child's log: it opens, passes the integrity
 * check, has no unusable row, and equals the model after every acknowledged write, or after
 * those plus the one write that was in flight (the child writes one at a time, so at most one
 * was begun and not acknowledged). Anything else lost or invented an acknowledged write.
 *
 * @returns the failures and the model to continue from (the store's actual content).
 */
export function checkAfterKill(
  before: StoreModel,
  log: readonly LogLine[],
  after: AfterKill,
): { failures: string[]; model: StoreModel; acked: number } {
  if (after.openError) return { failures: [`the store did not open: ${after.openError}`], model: before, acked: 0 };
  const failures: string[] = [];
  if (after.integrity !== 'ok') failures.push(`integrity_check: ${after.integrity}`);
  for (const p of after.problems) failures.push(`unusable row: ${p}`);
  let model = before;
  let inFlight: StoreOp | undefined;
  let acked = 0;
  for (const line of log) {
    if ('begin' in line) inFlight = line;
    else if ('ack' in line && inFlight) {
      model = applyOp(model, inFlight);
      inFlight = undefined;
      acked++;
    }
  }
  const withInFlight = inFlight ? applyOp(model, inFlight) : model;
  if (!same(after.actual, model) && !same(after.actual, withInFlight)) {
    failures.push(
      `the store holds ${JSON.stringify(after.actual)}; after the ${acked} acknowledged write(s) it must hold ${JSON.stringify(model)}${inFlight ? ` (or ${JSON.stringify(withInFlight)} with the write in flight)` : ''}`,
    );
  }
  return { failures, model: after.actual, acked };
}
