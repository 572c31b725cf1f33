import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type BetterSqlite3 from 'better-sqlite3';
import { openSkillStore } from 'agent-tools/skills';
import { caseSeed, createRng } from '../rng.js';
import type { RowResult, SoakContext } from '../report.js';
import { checkAfterKill, type AfterKill } from './check.js';
import { versionOf, type LogLine, type StoreModel } from './model.js';

const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;

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

async function readStore(path: string): Promise<AfterKill> {
  let store;
  try {
    store = await openSkillStore(path);
  } catch (e) {
    return { openError: (e as Error).message, integrity: '', problems: [], actual: {} };
  }
  try {
    const { skills, problems } = await store.list();
    const actual: StoreModel = {};
    for (const s of skills) actual[s.name] = { enabled: s.enabled, version: versionOf(s.raw.description) };
    const db = new Database(path);
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check).join('; ');
    db.close();
    return { integrity, problems: problems.map((p) => `${p.name}: ${p.message}`), actual };
  } finally {
    await store.close();
  }
}

/** Starts the writer and SIGKILLs it `delayMs` after it opened the store (or after its start, when `fromStart`). */
function runAndKill(ctx: SoakContext, path: string, logFile: string, seed: number, delayMs: number, fromStart: boolean): Promise<void> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./child.mjs', import.meta.url)), path, logFile, String(seed)], { cwd: ctx.root, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  let timer: NodeJS.Timeout | undefined;
  const arm = () => (timer = setTimeout(() => child.kill('SIGKILL'), delayMs));
  // On a busy machine start-up alone can take seconds: count from the child's `opened` line.
  const poll = fromStart ? undefined : setInterval(() => {
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
      else reject(new Error(`the writer ended by itself (exit ${code}) before its kill: ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

/** Row 4: a child changing the SQLite skill store is SIGKILLed at random moments (quick: 20 times; full: 100). */
export async function soakKills(ctx: SoakContext): Promise<RowResult> {
  const kills = ctx.quick ? 20 : 100;
  const dir = mkdtempSync(join(tmpdir(), 'agent-tools-soak-kill-'));
  const path = join(dir, 'skills.db');
  const failures: string[] = [];
  let model: StoreModel = {};
  let acked = 0;
  let midWrite = 0;
  try {
    for (let k = 0; k < kills; k++) {
      const rng = createRng(caseSeed(ctx.seed, k));
      const logFile = join(dir, `log-${k}.jsonl`);
      writeFileSync(logFile, '');
      // The first kills land in start-up and migrations; the others among the writes.
      const fromStart = k < 3;
      const delayMs = fromStart ? 20 + rng.int(200) : rng.int(300);
      await runAndKill(ctx, path, logFile, caseSeed(ctx.seed, k), delayMs, fromStart);
      const log = readLog(logFile);
      const last = log.at(-1);
      if (last && 'begin' in last) midWrite++;
      const r = checkAfterKill(model, log, await readStore(path));
      for (const f of r.failures) failures.push(`kill ${k} (${delayMs} ms after ${fromStart ? 'start' : 'the store opened'}): ${f}`);
      acked += r.acked;
      model = r.model;
      if ((k + 1) % 10 === 0) ctx.log(`kills: ${k + 1} of ${kills}, ${acked} acknowledged writes`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // A row that checked no acknowledged write tested nothing.
  if (acked === 0) failures.push('no write was acknowledged before any kill: nothing was tested');
  return {
    row: '4 kills during writes',
    ran: `SIGKILL of a child installing, enabling, disabling and removing skills in the SQLite store${ctx.quick ? ' (quick: 20 kills of 100)' : ''}`,
    count: kills,
    failures,
    lost: failures.some((f) => f.includes('acknowledged')) ? 'acknowledged writes lost' : 'no acknowledged write lost',
    figures: `${acked} acknowledged writes checked; ${midWrite} kills with a write in flight`,
  };
}
