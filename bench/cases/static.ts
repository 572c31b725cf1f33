import { join } from 'node:path';
import { writeCorpus } from '../corpus.js';
import { cli, type BenchContext } from '../context.js';
import { timeSideBySide, type Plan, type Timing } from '../measure.js';
import { ms, ratio, type Row } from '../table.js';

/**
 * Runs per corpus size. The first (smallest) size gets the full warm-up; larger corpora were
 * just written (so they are in the page cache) and run on binaries the smaller round warmed,
 * so they skip it. --quick takes two timed runs; 5 000 tools take three even in a full run.
 */
function staticPlan(ctx: BenchContext, size: number): Plan {
  const runs = ctx.quick ? 2 : size >= 5000 ? 3 : ctx.plan.runs;
  return { warmup: size === ctx.sizes[0] ? ctx.plan.warmup : 0, runs };
}

const show = (t: Timing) => (t.error ? `failed: ${t.error}` : ms(t.median));
const met = (ok: boolean, ...ts: Timing[]) => (ts.some((t) => t.error) ? '' : ok ? 'yes' : 'no');

/**
 * Benchmark 1: `export --format mcp` and `validate` on generated corpora, side by side with the
 * floor (a bare TypeScript parse of the same files) and with `tsc --noEmit` over the corpus.
 * Targets (issues 4 and 5): export within 2x of the floor at 1 000 tools; validate within 1.5x
 * of export and at most half of tsc.
 */
export function benchStatic(ctx: BenchContext): Row[] {
  const rows: Row[] = [];
  for (const size of ctx.sizes) {
    const dir = join(ctx.root, 'bench', '.corpus', String(size));
    ctx.log(`static: writing a corpus of ${size} tools`);
    writeCorpus(dir, size);
    ctx.log(`static: timing export, validate, the parse floor and tsc on ${size} tools`);
    const [floor, exp, val, tsc] = timeSideBySide(
      [
        { label: 'parse floor', cmd: process.execPath, args: [join(ctx.root, 'bench', 'procs', 'parse-floor.js'), dir] },
        { label: 'export', ...cli(ctx, 'export', dir, '--format', 'mcp') },
        { label: 'validate', ...cli(ctx, 'validate', dir, '--format', 'json'), okCodes: [0, 1] },
        { label: 'tsc --noEmit', cmd: process.execPath, args: [join(ctx.root, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', dir] },
      ],
      staticPlan(ctx, size),
    ) as [Timing, Timing, Timing, Timing];
    const bench = `1 static ${size}`;
    const floorText = `parse: ${show(floor)}`;
    rows.push(
      { bench, subject: 'export --format mcp', value: show(exp), floor: floorText, ratio: ratio(exp.median, floor.median), target: size === 1000 ? '<= 2x floor' : '', met: size === 1000 ? met(exp.median <= 2 * floor.median, exp, floor) : '' },
      { bench, subject: 'validate', value: show(val), floor: floorText, ratio: ratio(val.median, floor.median), target: '', met: '' },
      { bench, subject: 'tsc --noEmit', value: show(tsc), floor: floorText, ratio: ratio(tsc.median, floor.median), target: '', met: '' },
      { bench, subject: 'validate vs export', value: show(val), floor: `export: ${show(exp)}`, ratio: ratio(val.median, exp.median), target: '<= 1.5x', met: met(val.median <= 1.5 * exp.median, val, exp) },
      { bench, subject: 'validate vs tsc', value: show(val), floor: `tsc: ${show(tsc)}`, ratio: ratio(val.median, tsc.median), target: '<= 0.5x', met: met(val.median <= 0.5 * tsc.median, val, tsc) },
    );
  }
  return rows;
}
