/** Benchmark: `export` and `validate` on generated corpora, against a bare TypeScript parse of the same files. */

import { join } from 'node:path';
import { writeCorpus } from '../corpus.js';
import { cli, type BenchContext } from '../context.js';
import { timeSideBySide, type Plan, type Subject, type Timing } from '../measure.js';
import { mb, ms, ratio, type Row } from '../table.js';

/**
 * Runs per corpus size. The first size (the one-tool corpus) gets the full warm-up; larger
 * corpora were just written (so they are in the page cache) and run on binaries the first
 * round warmed, so they skip it. --quick takes two timed runs; 5 000 tools take three even in
 * a full run.
 */
function staticPlan(ctx: BenchContext, size: number, first: boolean): Plan {
  const runs = ctx.quick ? 2 : size >= 5000 ? 3 : ctx.plan.runs;
  return { warmup: first ? ctx.plan.warmup : 0, runs };
}

const show = (t: Timing) => (t.error ? `failed: ${t.error}` : ms(t.median));
const met = (ok: boolean, ...ts: Timing[]) => (ts.some((t) => t.error) ? '' : ok ? 'yes' : 'no');
const perTool = (t: Timing, fixed: Timing, size: number) => (t.median - fixed.median) / (size - 1);
const µs = (msPerTool: number) => (Number.isFinite(msPerTool) ? `${(msPerTool * 1000).toFixed(0)} µs/tool` : 'n/a');

/**
 * Benchmark 1: `export --format mcp` and `validate` on generated corpora, side by side with the
 * floor (a bare TypeScript parse of the same files) and with `tsc --noEmit` over the corpus.
 * A one-tool corpus gives the fixed cost (start-up, module loading); the per-tool cost at N
 * tools is (time at N - time at 1) / (N - 1). Every subject's peak RSS is recorded.
 * Targets: export within 2x of the floor at 1 000 tools; validate within
 * 1.5x of export and at most half of tsc at 100 and 1 000 tools; at 5 000 tools the per-tool
 * cost within 1.2x of that at 1 000 (linear).
 */
export function benchStatic(ctx: BenchContext): Row[] {
  const rows: Row[] = [];
  const bySize = new Map<number, { exp: Timing; val: Timing }>();
  const sizes = [1, ...ctx.sizes];
  for (const size of sizes) {
    const dir = join(ctx.root, 'bench', '.corpus', String(size));
    ctx.log(`static: writing a corpus of ${size} tools`);
    writeCorpus(dir, size);
    ctx.log(`static: timing export, validate, the parse floor${size > 1 ? ' and tsc' : ''} on ${size} tools`);
    const subjects: Subject[] = [
      { label: 'parse floor', cmd: process.execPath, args: [join(ctx.root, 'bench', 'procs', 'parse-floor.js'), dir], rss: true },
      { label: 'export', ...cli(ctx, 'export', dir, '--format', 'mcp'), rss: true },
      { label: 'validate', ...cli(ctx, 'validate', dir, '--format', 'json'), okCodes: [0, 1], rss: true },
    ];
    if (size > 1)
      subjects.push({
        label: 'tsc --noEmit',
        cmd: process.execPath,
        args: [join(ctx.root, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', dir],
        rss: true,
      });
    const [floor, exp, val, tsc] = timeSideBySide(subjects, staticPlan(ctx, size, size === sizes[0])) as [
      Timing,
      Timing,
      Timing,
      Timing | undefined,
    ];
    bySize.set(size, { exp, val });
    const bench = `1 static ${size}`;
    const floorText = `parse: ${show(floor)}`;
    const row = (subject: string, t: Timing, extra: Partial<Row> = {}): Row => ({
      bench,
      subject,
      value: show(t),
      floor: floorText,
      ratio: ratio(t.median, floor.median),
      target: '',
      met: '',
      rss: mb(t.rssBytes),
      ...extra,
    });
    if (size === 1) {
      rows.push(
        row('export (fixed cost)', exp),
        row('validate (fixed cost)', val),
        row('parse floor (fixed cost)', floor, { floor: '', ratio: '' }),
      );
      continue;
    }
    const at1000 = size === 1000;
    rows.push(
      row('export --format mcp', exp, at1000 ? { target: '<= 2x floor', met: met(exp.median <= 2 * floor.median, exp, floor) } : {}),
      row('validate', val),
      row('tsc --noEmit', tsc!),
      {
        bench,
        subject: 'validate vs export',
        value: show(val),
        floor: `export: ${show(exp)}`,
        ratio: ratio(val.median, exp.median),
        target: '<= 1.5x',
        met: met(val.median <= 1.5 * exp.median, val, exp),
        rss: mb(val.rssBytes),
      },
      {
        bench,
        subject: 'validate vs tsc',
        value: show(val),
        floor: `tsc: ${show(tsc!)}`,
        ratio: ratio(val.median, tsc!.median),
        target: '<= 0.5x',
        met: met(val.median <= 0.5 * tsc!.median, val, tsc!),
        rss: mb(val.rssBytes),
      },
    );
    const one = bySize.get(1)!;
    for (const [what, key] of [
      ['export', 'exp'],
      ['validate', 'val'],
    ] as const) {
      const here = perTool(bySize.get(size)![key], one[key], size);
      const base = bySize.get(1000);
      const linear = size > 1000 && base ? perTool(base[key], one[key], 1000) : undefined;
      rows.push({
        bench,
        subject: `${what} per tool`,
        value: µs(here),
        floor: linear !== undefined ? `at 1 000: ${µs(linear)}` : '',
        ratio: linear !== undefined ? ratio(here, linear) : '',
        target: linear !== undefined ? '<= 1.2x (linear)' : '',
        met: linear !== undefined ? met(here <= 1.2 * linear, bySize.get(size)![key], base![key], one[key]) : '',
      });
    }
  }
  return rows;
}
