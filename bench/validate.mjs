// Benchmark of `agent-tools validate` against `agent-tools export` and `tsc --noEmit` on the same
// generated corpus (not a test: timings vary by machine). Run `npm run build` first, then
// `node bench/validate.mjs [sizes...]` (default 100 1000 tools). Prints, per size, the median
// wall time of 3 whole processes for each command and the ratios validate / export (target
// <= 1.5) and validate / tsc (target <= 0.5).
// The corpus is export's shape (5 tools per file, shared constants, barrels) plus what
// validate looks at beyond tools: a registry with both tiers and an agent that creates an adapter.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const PER_FILE = 5;

function corpus(tools) {
  const dir = mkdtempSync(join(tmpdir(), `agent-tools-bench-validate-${tools}-`));
  mkdirSync(join(dir, 'tools'));
  writeFileSync(
    join(dir, 'tools/shared.ts'),
    "export const ID = { type: 'string', description: 'Node id on the canvas', required: true } as const;\n",
  );
  const names = [];
  for (let f = 0; f * PER_FILE < tools; f++) {
    const lines = ["import { defineTool } from 'agent-tools';", "import { ID } from './shared.js';", ''];
    for (let t = f * PER_FILE; t < Math.min(tools, (f + 1) * PER_FILE); t++) {
      names.push({ v: `tool${t}`, file: `file${f}` });
      lines.push(
        `/** Tool ${t}. */`,
        `export const tool${t} = defineTool({`,
        `  name: 'set_property_${t}',`,
        `  description: 'Sets property ${t} of a node on the canvas and returns the node.',`,
        '  mutates: true,',
        `  params: { id: ID, weight: { type: 'number', description: 'CSS font weight', min: 100, max: 900, default: 400 } },`,
        '  execute: (api: any, args: any) => api.set(args.id, args),',
        '});',
        '',
      );
    }
    writeFileSync(join(dir, 'tools', `file${f}.ts`), lines.join('\n'));
  }
  const core = names.slice(0, 20);
  const ext = names.slice(20);
  writeFileSync(
    join(dir, 'tools/registry.ts'),
    names.map((n) => `import { ${n.v} } from './${n.file}.js';`).join('\n') +
      `\nexport const CORE_TOOLS = [${core.map((n) => n.v).join(', ')}];\nexport const EXTENDED_TOOLS = [${ext.map((n) => n.v).join(', ')}];\nexport const ALL_TOOLS = [...CORE_TOOLS, ...EXTENDED_TOOLS];\n`,
  );
  writeFileSync(
    join(dir, 'agent.ts'),
    "import { toolsToAI } from 'agent-tools/ai';\nimport { CORE_TOOLS } from './tools/registry.js';\nconst budget: any = undefined;\nexport const tools = toolsToAI(CORE_TOOLS, { onToolLog: () => {}, getStepBudget: () => budget, onBeforeExecute: () => {}, onAfterExecute: () => {} });\n",
  );
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        paths: { 'agent-tools': [join(root, 'dist/index.d.ts')], 'agent-tools/*': [join(root, 'dist/index.d.ts')] },
      },
      include: ['tools', 'agent.ts'],
    }),
  );
  return dir;
}

function median(args, cwd, okCodes = [0]) {
  const times = [];
  for (let i = 0; i < 3; i++) {
    const start = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 30 });
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (!okCodes.includes(r.status)) throw new Error(`${args.join(' ')} exited ${r.status}: ${(r.stderr || r.stdout).slice(0, 500)}`);
  }
  return times.sort((a, b) => a - b)[1];
}

const sizes = process.argv.slice(2).map(Number);
const bin = join(root, 'bin/agent-tools.js');
for (const tools of sizes.length ? sizes : [100, 1000]) {
  const dir = corpus(tools);
  try {
    const check = spawnSync(process.execPath, [bin, 'validate', '.', '--format', 'json'], {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    const summary = JSON.parse(check.stdout).summary;
    if (summary.tools !== tools || summary.errors !== 0)
      throw new Error(
        `validate saw ${summary.tools} tools, ${summary.errors} errors (expected ${tools}, 0): ${check.stdout.slice(0, 2000)}`,
      );
    const validate = median([bin, 'validate', '.', '--format', 'json'], dir, [0]);
    const exp = median([bin, 'export', 'tools', '--out', 'out.json'], dir);
    // tsc reports the adapter module as missing (no `agent-tools/ai` build here): exit 2 is expected.
    const tsc = median([join(root, 'node_modules/typescript/bin/tsc'), '-p', '.'], dir, [0, 1, 2]);
    console.log(
      `${String(tools).padStart(5)} tools: validate ${validate.toFixed(0).padStart(6)} ms, export ${exp.toFixed(0).padStart(6)} ms, tsc --noEmit ${tsc.toFixed(0).padStart(6)} ms; validate/export ${(validate / exp).toFixed(2)}, validate/tsc ${(validate / tsc).toFixed(2)}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
