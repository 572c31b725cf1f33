// Benchmark 5, one process: a trivial script (reads JSON args on stdin, prints JSON) run R
// times through the skills script executor and R times as a bare child_process.spawn of the
// same file, with the same environment and working directory the executor gives (so the
// ratio is what the executor adds, not what the caller's environment costs: e.g.
// NODE_EXTRA_CA_CERTS makes every Node.js start read a certificate file), alternating. The
// bare spawn starts the runtime's real executable, as the sandbox does (a pyenv shim on PATH
// would otherwise add its own ~100 ms to the floor alone), so the ratio is the sandbox's cost.
// Prints {"runtime":…,"runs":R,"executorMs":median,"spawnMs":median,"sandboxed":bool}: the executor runs
// in bubblewrap where it can (the default), else unsandboxed, and says which.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runScript } from '../../dist/skills/index.js';
import { findRuntime, resolveRuntimeExecutable } from '../../dist/skills/executors/script-runtime.js';

const [runtime, r = '10'] = process.argv.slice(2);
const RUNS = Number(r);
const CODE = {
  node: "let s='';process.stdin.on('data',(c)=>(s+=c)).on('end',()=>console.log(JSON.stringify({echo:JSON.parse(s||'{}')})));\n",
  python3: 'import json, sys\nprint(json.dumps({"echo": json.loads(sys.stdin.read() or "{}")}))\n',
}[runtime];
if (!CODE) throw new Error(`runtime must be node or python3, got ${runtime}`);
const dir = mkdtempSync(join(tmpdir(), 'agent-tools-bench-'));
const file = join(dir, runtime === 'node' ? 'main.mjs' : 'main.py');
writeFileSync(file, CODE);
const args = { text: 'hello' };
let sandboxed = false;
const found = findRuntime(runtime);
if ('error' in found) throw new Error(found.error);
const real = await resolveRuntimeExecutable(runtime, found.path);
if ('error' in real) throw new Error(real.error);

function bare() {
  return new Promise((resolve, reject) => {
    const env = {
      PATH: process.env.PATH,
      HOME: dir,
      TMPDIR: dir,
      LANG: 'C.UTF-8',
      LC_ALL: 'C.UTF-8',
      PYTHONIOENCODING: 'utf-8',
      PYTHONDONTWRITEBYTECODE: '1',
    };
    const child = spawn(real.exe, [file], { cwd: dir, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 && JSON.parse(out).echo.text === 'hello' ? resolve() : reject(new Error(`exit ${code}`))));
    child.stdin.end(JSON.stringify(args));
  });
}
async function viaExecutor() {
  const res = await runScript(runtime, CODE, args, { sandbox: 'preferred' });
  if (!res.ok || res.value?.echo?.text !== 'hello') throw new Error(res.error ?? 'unexpected output');
  sandboxed = res.sandboxed;
}
const time = async (fn) => {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
};
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

try {
  await bare();
  await viaExecutor();
  const e = [];
  const s = [];
  for (let i = 0; i < RUNS; i++) {
    s.push(await time(bare));
    e.push(await time(viaExecutor));
  }
  console.log(JSON.stringify({ runtime, runs: RUNS, executorMs: median(e), spawnMs: median(s), sandboxed }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
