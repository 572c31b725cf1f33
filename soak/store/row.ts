/** Soak row 4: a child changing the skill store is killed at random moments, on SQLite and PostgreSQL. */

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { caseSeed, createRng } from '../rng.js';
import type { RowResult, SoakContext } from '../report.js';
import { checkAfterKill } from './check.js';
import { postgresEngine, sqliteEngine, type KillEngine } from './engines.js';
import type { LogLine, StoreModel } from './model.js';

function readLog(file: string): LogLine[] {
  const out: LogLine[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    try {
      out.push(JSON.parse(line) as LogLine);
    } catch {
      // the empty tail, or a line cut by the kill (it was never acknowledged)
    }
  }
  return out;
}

/** Starts the writer and SIGKILLs it `delayMs` after it opened the store (or after its start, when `fromStart`). */
function runAndKill(ctx: SoakContext, location: string, logFile: string, seed: number, delayMs: number, fromStart: boolean): Promise<void> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./child.mjs', import.meta.url)), location, logFile, String(seed)], {
    cwd: ctx.root,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  let timer: NodeJS.Timeout | undefined;
  const arm = () => (timer = setTimeout(() => child.kill('SIGKILL'), delayMs));
  // On a busy machine start-up alone can take seconds: count from the child's `opened` line.
  const poll = fromStart
    ? undefined
    : setInterval(() => {
        if (readFileSync(logFile, 'utf8').startsWith('{"opened":true}')) {
          clearInterval(poll);
          arm();
        }
      }, 5);
  if (fromStart) arm();
  return new Promise((resolve, reject) => {
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      clearInterval(poll);
      if (signal === 'SIGKILL') resolve();
      else
        reject(new Error(`the writer ended by itself (exit ${code}) before its kill: ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

/** `kills` SIGKILLs of a writer child on one engine, each followed by a check of the store against the writer's log. */
async function killLoop(ctx: SoakContext, engine: KillEngine, dir: string, kills: number, quickNote: string): Promise<RowResult> {
  const failures: string[] = [];
  let model: StoreModel = {};
  let acked = 0;
  let midWrite = 0;
  for (let k = 0; k < kills; k++) {
    const rng = createRng(caseSeed(ctx.seed, k));
    const logFile = join(dir, `log-${engine.name}-${k}.jsonl`);
    writeFileSync(logFile, '');
    // The first kills land in start-up and migrations; the others among the writes.
    const fromStart = k < 3;
    const delayMs = fromStart ? 20 + rng.int(200) : rng.int(300);
    await runAndKill(ctx, engine.location, logFile, caseSeed(ctx.seed, k), delayMs, fromStart);
    const log = readLog(logFile);
    const last = log.at(-1);
    if (last && 'begin' in last) midWrite++;
    const r = checkAfterKill(model, log, await engine.inspect());
    for (const f of r.failures)
      failures.push(`${engine.name} kill ${k} (${delayMs} ms after ${fromStart ? 'start' : 'the store opened'}): ${f}`);
    acked += r.acked;
    model = r.model;
    if ((k + 1) % 10 === 0) ctx.log(`kills (${engine.name}): ${k + 1} of ${kills}, ${acked} acknowledged writes`);
  }
  // A row that checked no acknowledged write tested nothing.
  if (acked === 0) failures.push(`${engine.name}: no write was acknowledged before any kill: nothing was tested`);
  return {
    row: `4 kills during writes: ${engine.name}`,
    ran: `SIGKILL of a child installing, enabling, disabling and removing skills in the ${engine.name} store${quickNote}`,
    count: kills,
    failures,
    lost: failures.some((f) => f.includes('acknowledged')) ? 'acknowledged writes lost' : 'no acknowledged write lost',
    figures: `${acked} acknowledged writes checked; ${midWrite} kills with a write in flight; checked: ${engine.integrityCheck}`,
  };
}

/**
 * Row 4: a child changing the skill store is SIGKILLed at random moments, on SQLite (quick:
 * 20 kills; full: 100) and on PostgreSQL (quick: 10; full: 100). Without PostgreSQL its line
 * says it was skipped, and the run does not pass.
 */
export async function soakKills(ctx: SoakContext): Promise<RowResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'agent-tools-soak-kill-'));
  try {
    const sqlite = await killLoop(
      ctx,
      sqliteEngine(join(dir, 'skills.db')),
      dir,
      ctx.quick ? 20 : 100,
      ctx.quick ? ' (quick: 20 kills of 100)' : '',
    );
    const pgRow = { row: '4 kills during writes: PostgreSQL', count: 0, lost: 'n/a', figures: '' };
    const pg = await postgresEngine();
    if ('skipped' in pg) return [sqlite, { ...pgRow, ran: pg.skipped, failures: [], skipped: pg.skipped }];
    try {
      return [sqlite, await killLoop(ctx, pg, dir, ctx.quick ? 10 : 100, ctx.quick ? ' (quick: 10 kills of 100)' : '')];
    } finally {
      await pg.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
