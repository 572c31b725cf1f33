// Benchmark 3, one process: N calls of a trivial tool through runTool (logging on, no
// snapshot) and N direct `await execute()` calls, interleaved in blocks so both see the same
// JIT and GC state. Prints {"calls":N,"directNs":…,"pipelineNs":…} (ns per call).
import { createStepBudget, defineTool, runTool } from '../../dist/index.js';

const N = Number(process.argv[2] ?? 100_000);
const BLOCK = 10_000;
const echo = defineTool({
  name: 'echo',
  description: 'Return the text it is given, unchanged (a trivial tool for benchmarks).',
  mutates: false,
  params: { text: { type: 'string', required: true, description: 'Text to return' } },
  execute: (_api, { text }) => ({ text }),
});
let logged = 0;
const options = { getApi: () => null, onToolLog: () => void logged++, getStepBudget: () => budget };
const budget = createStepBudget(Number.MAX_SAFE_INTEGER);
const raw = { text: 'hello' };

async function direct(n) {
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await echo.execute(null, { text: 'hello' });
  return Number(process.hrtime.bigint() - t);
}
async function piped(n) {
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const r = await runTool(echo, raw, options);
    if (r.isError) throw new Error(r.error);
  }
  return Number(process.hrtime.bigint() - t);
}

await direct(BLOCK);
await piped(BLOCK);
let d = 0;
let p = 0;
for (let done = 0; done < N; done += BLOCK) {
  const n = Math.min(BLOCK, N - done);
  d += await direct(n);
  p += await piped(n);
}
if (logged < N) throw new Error(`onToolLog saw ${logged} calls, expected at least ${N}`);
console.log(JSON.stringify({ calls: N, directNs: d / N, pipelineNs: p / N }));
