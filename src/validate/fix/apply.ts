/** Writes a fix plan atomically, leaving alone any file changed on disk since it was read. */

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FixOutcome, FixPlan } from '../api-types.js';
import { writeFileAtomic } from '../../util/write-file-atomic.js';
import { renderFiles } from './plan.js';

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/**
 * Writes a plan from `planFixes`. A file whose text on disk is no longer the text the plan
 * was made from (someone saved it since) is not touched, and neither is any other edit of
 * the fixes that edit it (a fix applies whole or not at all); the rest is written, each file
 * atomically (temp file, then rename).
 *
 * @returns the fixes applied, those skipped, the files written and the stale files.
 * @throws {Error} `cannot write <path>: <code>` when a write fails (files written before it stay written).
 */
export function applyFixPlan(plan: FixPlan): FixOutcome {
  const stale = plan.files.filter((f) => readOrNull(resolve(plan.cwd, f.file)) !== f.before).map((f) => f.file);
  const touchesStale = (fix: FixPlan['fixes'][number]) => fix.edits.some((e) => stale.includes(e.file));
  const applied = plan.fixes.filter((f) => !touchesStale(f));
  const skipped = plan.fixes.filter(touchesStale);
  const before = new Map(plan.files.map((f) => [f.file, f.before]));
  const files = renderFiles(applied, (file) => before.get(file)!);
  for (const f of files) if (f.after !== f.before) writeFileAtomic(resolve(plan.cwd, f.file), f.after, { overwrite: true });
  return { applied, skipped, written: files.filter((f) => f.after !== f.before).map((f) => f.file), stale };
}
