/** Soak row 1: seeded mutations of tool files through validate and exportTools. */

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { duration, type RowResult, type SoakContext } from '../report.js';
import { CASE_LIMIT_MS, checkFuzzCase, type FuzzOutcome } from './check.js';
import { MUTATIONS } from './mutate.js';

/** A worker that says nothing about a case for this long is killed and the case counted as a hang. */
const HANG_MS = 3 * CASE_LIMIT_MS;

interface WorkerRun {
  outcomes: FuzzOutcome[];
  /** The case the worker started but did not finish, and how the worker ended. */
  died?: { index: number; how: string };
}

function runWorker(ctx: SoakContext, from: number, to: number): Promise<WorkerRun> {
  const worker = fileURLToPath(new URL('./worker.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', worker, ctx.root, String(ctx.seed), String(from), String(to)], {
    cwd: ctx.root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const outcomes: FuzzOutcome[] = [];
  let current: number | undefined;
  let stderr = '';
  let hung = false;
  child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-2000)));
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      hung = true;
      child.kill('SIGKILL');
    }, HANG_MS);
  };
  arm();
  createInterface({ input: child.stdout }).on('line', (line) => {
    arm();
    const msg = JSON.parse(line) as { start: number } | FuzzOutcome;
    if ('start' in msg) current = msg.start;
    else {
      outcomes.push(msg);
      current = undefined;
      if (outcomes.length % 50 === 0) ctx.log(`fuzz: ${from + outcomes.length} of ${to} cases`);
    }
  });
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (current === undefined && code === 0) return resolve({ outcomes });
      const how = hung
        ? `hung (no answer in ${HANG_MS} ms)`
        : `the process died (exit ${code}, signal ${signal}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`;
      resolve({ outcomes, died: { index: current ?? from + outcomes.length, how } });
    });
  });
}

/** Row 1: seeded mutations of the example's and the fixtures' tool files through validate and exportTools. */
export async function soakFuzz(ctx: SoakContext): Promise<RowResult> {
  const total = ctx.quick ? 300 : 5000;
  const failures: string[] = [];
  let slowest = 0;
  let slowestCpu = 0;
  let syntaxCases = 0;
  let next = 0;
  while (next < total) {
    const run = await runWorker(ctx, next, total);
    for (const o of run.outcomes) {
      slowest = Math.max(slowest, o.ms);
      slowestCpu = Math.max(slowestCpu, o.cpuMs);
      if (o.expectedSyntax) syntaxCases++;
      for (const f of checkFuzzCase(o)) failures.push(`case ${o.index} (${o.source}; ${o.kinds.join(', ')}): ${f}`);
    }
    next = run.outcomes.length > 0 ? run.outcomes.at(-1)!.index + 1 : next;
    if (run.died) {
      failures.push(`case ${run.died.index}: ${run.died.how}`);
      next = run.died.index + 1;
    }
  }
  return {
    row: '1 fuzzed tool files',
    ran: `validate + exportTools on seeded mutations (${MUTATIONS.length} kinds)`,
    count: total,
    failures,
    lost: 'n/a',
    figures: `${syntaxCases} with syntax errors; slowest case ${duration(slowestCpu)} CPU (${duration(slowest)} wall)`,
  };
}
