// Benchmark 3, one process: N calls of a trivial tool through runTool (logging on, no
// snapshot) and N direct `await execute()` calls, interleaved in blocks so both see the same
// JIT and GC state, after 15 untimed blocks per side (the optimizing compiler and the GC's
// helper threads count in CPU time while the code warms up; a tight agent loop runs far longer).
// `node pipeline.js N [echo|five|typed] [text]`: `echo` takes one string param, `five` one param of
// each type, `typed` is `five` with a declared output (each result checked against it); `text` also reads each result's JSON text
// (`result.json`, as the MCP adapter does;
// the AI SDK adapter and the command line do not read it). Prints {"calls":N,"tool":…,"directNs":…,"pipelineNs":…,"directCpuNs":…,
// "pipelineCpuNs":…} (wall and CPU ns per call).
import { createStepBudget, defineTool, runTool } from '../../dist/index.js';

const N = Number(process.argv[2] ?? 100_000);
const which = process.argv[3] ?? 'echo';
const readText = process.argv[4] === 'text';
const WARM_BLOCKS = 15;
const BLOCK = 10_000;
const TOOLS = {
  echo: {
    tool: defineTool({
      name: 'echo',
      description: 'Return the text it is given, unchanged (a trivial tool for benchmarks).',
      mutates: false,
      params: { text: { type: 'string', required: true, description: 'Text to return' } },
      execute: (_api, { text }) => ({ text }),
    }),
    args: () => ({ text: 'hello' }),
  },
  five: {
    tool: defineTool({
      name: 'style_node',
      description: 'Style a node (a trivial tool with one param of each type, for benchmarks).',
      mutates: false,
      params: {
        id: { type: 'string', required: true, description: 'Node id' },
        size: { type: 'number', min: 1, max: 144, description: 'Font size' },
        bold: { type: 'boolean', default: false, description: 'Bold' },
        color: { type: 'color', description: 'Text color' },
        tags: { type: 'string[]', max: 8, description: 'Labels' },
      },
      execute: (_api, { id, size, bold }) => ({ id, size, bold }),
    }),
    args: () => ({ id: 'n1', size: 12, bold: true, color: '#ff0000', tags: ['a', 'b'] }),
  },
  typed: {
    tool: defineTool({
      name: 'style_node_typed',
      description: 'Style a node and say what it is now (the five-param tool with a declared output, for benchmarks).',
      mutates: false,
      params: {
        id: { type: 'string', required: true, description: 'Node id' },
        size: { type: 'number', min: 1, max: 144, description: 'Font size' },
        bold: { type: 'boolean', default: false, description: 'Bold' },
        color: { type: 'color', description: 'Text color' },
        tags: { type: 'string[]', max: 8, description: 'Labels' },
      },
      output: {
        id: { type: 'string', required: true, description: 'Node id' },
        size: { type: 'number', description: 'Font size' },
        bold: { type: 'boolean', required: true, description: 'Bold' },
      },
      execute: (_api, { id, size, bold }) => ({ id, size, bold }),
    }),
    args: () => ({ id: 'n1', size: 12, bold: true, color: '#ff0000', tags: ['a', 'b'] }),
  },
};
const { tool, args } =
  TOOLS[which] ??
  (() => {
    throw new Error(`tool must be echo, five or typed, got ${which}`);
  })();
let logged = 0;
const options = { getApi: () => null, onToolLog: () => void logged++, getStepBudget: () => budget };
const budget = createStepBudget(Number.MAX_SAFE_INTEGER);
const raw = args();

// CPU time (user + system) of the process, in ns: on a busy machine wall time also counts
// the time other processes held the cores, CPU time does not.
const cpuNs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) * 1000;
};
let directCpu = 0;
let pipelineCpu = 0;
async function direct(n) {
  const c = cpuNs();
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await tool.execute(null, args());
  const wall = Number(process.hrtime.bigint() - t);
  directCpu += cpuNs() - c;
  return wall;
}
async function piped(n) {
  const c = cpuNs();
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const r = await runTool(tool, raw, options);
    if (r.isError) throw new Error(r.error);
    if (readText && r.json.length === 0) throw new Error('empty result text');
  }
  const wall = Number(process.hrtime.bigint() - t);
  pipelineCpu += cpuNs() - c;
  return wall;
}

for (let i = 0; i < WARM_BLOCKS; i++) {
  await direct(BLOCK);
  await piped(BLOCK);
}
directCpu = 0;
pipelineCpu = 0;
let d = 0;
let p = 0;
for (let done = 0; done < N; done += BLOCK) {
  const n = Math.min(BLOCK, N - done);
  d += await direct(n);
  p += await piped(n);
}
if (logged < N) throw new Error(`onToolLog saw ${logged} calls, expected at least ${N}`);
console.log(
  JSON.stringify({
    calls: N,
    tool: which,
    text: readText,
    directNs: d / N,
    pipelineNs: p / N,
    directCpuNs: directCpu / N,
    pipelineCpuNs: pipelineCpu / N,
  }),
);
