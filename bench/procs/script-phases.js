// Where the script executor's time goes, step by step (not part of the table; see
// bench/README.md): `node bench/procs/script-phases.js [runtime=python3] [runs=20]`. Times the
// executor's own steps before the child starts (finding the runtime, the temp directory and
// the script file) and after it ends (probing its process group, removing the directory),
// and, for a bare spawn and for runScript, the wait from the call to the child's first
// instruction and from its last instruction to the caller having the result. Medians in ms.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findRuntime, runScript } from '../../dist/skills/index.js';
import { killGroup } from '../../dist/skills/executors/process-group.js';

const [runtime = 'python3', r = '20'] = process.argv.slice(2);
const RUNS = Number(r);
// The script prints the wall clock (ms since the epoch) at its first and at its last instruction.
const CODE = {
  node: 'const a = performance.timeOrigin + performance.now(); process.stdout.write(JSON.stringify({ a, b: performance.timeOrigin + performance.now() }));\n',
  python3: 'import time\na = time.time() * 1000\nimport json\nprint(json.dumps({"a": a, "b": time.time() * 1000}))\n',
}[runtime];
if (!CODE) throw new Error(`runtime must be node or python3, got ${runtime}`);
const now = () => performance.timeOrigin + performance.now();
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
const steps = {};
const add = (k, v) => (steps[k] ??= []).push(v);
const timed = (k, fn) => {
  const t = performance.now();
  const v = fn();
  add(k, performance.now() - t);
  return v;
};

const dir = mkdtempSync(join(tmpdir(), 'agent-tools-bench-'));
const file = join(dir, runtime === 'node' ? 'main.mjs' : 'main.py');
writeFileSync(file, CODE);
const env = {
  PATH: process.env.PATH,
  HOME: dir,
  TMPDIR: dir,
  LANG: 'C.UTF-8',
  LC_ALL: 'C.UTF-8',
  PYTHONIOENCODING: 'utf-8',
  PYTHONDONTWRITEBYTECODE: '1',
};
function bare() {
  return new Promise((resolve, reject) => {
    const child = spawn(runtime, [file], { cwd: dir, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('close', () => resolve(JSON.parse(out)));
    child.stdin.end('{}');
  });
}
try {
  for (let i = 0; i < RUNS + 2; i++) {
    const warm = i < 2;
    timed('executor: find the runtime on PATH', () => findRuntime(runtime));
    const d = timed('executor: make the temp directory', () => mkdtempSync(join(tmpdir(), 'agent-tools-skill-')));
    timed('executor: write the script file', () => writeFileSync(join(d, 'main'), CODE, { mode: 0o600 }));
    timed('executor: probe the process group', () => killGroup(2 ** 22 + 1, 'SIGKILL'));
    timed('executor: remove the temp directory', () => rmSync(d, { recursive: true, force: true }));
    const tb = now();
    const b = await bare();
    const bareDone = now();
    const t = now();
    const e = await runScript(runtime, CODE, {});
    const execDone = now();
    if (!e.ok) throw new Error(e.error);
    if (warm) continue;
    add('bare spawn: call to first instruction', b.a - tb);
    add('bare spawn: last instruction to result', bareDone - b.b);
    add('bare spawn: whole call', bareDone - tb);
    add('runScript: call to first instruction', e.value.a - t);
    add('runScript: last instruction to result', execDone - e.value.b);
    add('runScript: whole call', execDone - t);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
for (const [k, v] of Object.entries(steps)) console.log(`${k.padEnd(42)} ${median(v).toFixed(2).padStart(8)} ms`);
