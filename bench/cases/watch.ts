/** Benchmark: a `validate --watch` re-run after one saved file of the example toolbox. */

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AnalysisSession } from '../../src/analysis/session.js';
import { formatFindings } from '../../src/validate/format-findings.js';
import { validateAnalysis } from '../../src/validate/run.js';
import type { BenchContext } from '../context.js';
import { median } from '../measure.js';
import { ms, type Row } from '../table.js';

/**
 * `validate --watch` on the 31-tool example (a copy of examples/canvas): one file is saved
 * with a changed description, then the re-run (refresh the changed file, validate, text
 * report) is timed in process, as the watch loop does it. Target: under 150 ms median.
 */
export function benchWatch(ctx: BenchContext): Row[] {
  const dir = mkdtempSync(join(tmpdir(), 'bench-watch-'));
  try {
    cpSync(join(ctx.root, 'examples/canvas'), dir, { recursive: true });
    const file = join(dir, 'tools/modify/set-font.ts');
    const original = readFileSync(file, 'utf8');
    const session = new AnalysisSession();
    const run = () => formatFindings(validateAnalysis([], { cwd: dir }, session.project).result, 'text');
    run();
    const times: number[] = [];
    const runs = ctx.quick ? 5 : 15;
    for (let i = 0; i < ctx.plan.warmup + runs; i++) {
      writeFileSync(file, original.replace('Change the font', `Change the font (${i})`));
      const started = performance.now();
      session.refresh([file]);
      run();
      if (i >= ctx.plan.warmup) times.push(performance.now() - started);
    }
    const m = median(times);
    return [
      {
        bench: 'watch',
        subject: 'validate --watch re-run after one file changes (examples/canvas, 31 tools)',
        value: ms(m),
        floor: '',
        ratio: '',
        target: '< 150 ms',
        met: m < 150 ? 'yes' : 'no',
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
