// Benchmark of `agent-tools export` against its floor, a bare TypeScript parse of the same
// files (not a test: timings vary by machine). Run `npm run build` first, then
// `node bench/export.mjs [sizes...]` (default 100 1000 5000 tools). Prints one line per
// size: median wall time of 3 whole processes for each, and the ratio export / floor.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const TOOLS_PER_FILE = 5;

/** A corpus: `tools` tools, 5 per file, shared constants, a barrel per folder of 50 files and a root barrel. */
function corpus(tools) {
  const dir = mkdtempSync(join(tmpdir(), `agent-tools-bench-${tools}-`));
  mkdirSync(join(dir, 'tools'));
  writeFileSync(
    join(dir, 'tools/shared.ts'),
    "export const VERB = 'Sets';\nexport const ID = { type: 'string', description: 'Node id', required: true } as const;\nexport const WEIGHTS = [100, 200, 300, 400] as const;\n",
  );
  const folders = new Map();
  for (let f = 0; f * TOOLS_PER_FILE < tools; f++) {
    const folder = `g${Math.floor(f / 50)}`;
    mkdirSync(join(dir, 'tools', folder), { recursive: true });
    const lines = ["import { defineTool } from 'agent-tools';", "import { ID, VERB, WEIGHTS } from '../shared.js';", ''];
    for (let t = f * TOOLS_PER_FILE; t < Math.min(tools, (f + 1) * TOOLS_PER_FILE); t++) {
      lines.push(
        `/** Tool ${t}. */`,
        `export const tool${t} = defineTool({`,
        `  name: 'tool_${t}',`,
        `  description: \`\${VERB} property ${t} of a node.\`,`,
        '  mutates: true,',
        '  params: {',
        '    id: ID,',
        `    weight: { type: 'number', description: 'Weight', enum: [...WEIGHTS, ${500 + t}] },`,
        `    label: { type: 'string', description: 'Label ' + ${t}, default: 'x' },`,
        "    size: { type: 'number', description: 'Size', min: -1, max: 144 },",
        '  },',
        '  async execute(api, args) {',
        '    return api.set(args.id, args);',
        '  },',
        '});',
        '',
      );
    }
    writeFileSync(join(dir, 'tools', folder, `file${f}.ts`), lines.join('\n'));
    folders.set(folder, [...(folders.get(folder) ?? []), `file${f}`]);
  }
  for (const [folder, files] of folders)
    writeFileSync(join(dir, 'tools', folder, 'index.ts'), files.map((f) => `export * from './${f}.js';\n`).join(''));
  writeFileSync(join(dir, 'tools/index.ts'), [...folders.keys()].map((f) => `export * from './${f}/index.js';\n`).join(''));
  return dir;
}

const FLOOR = `
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
const walk = (d) => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]));
let n = 0;
for (const f of walk(process.argv[1])) n += ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.ESNext, true).statements.length;
process.stdout.write(String(n));
`;

function median(cmd, args, cwd) {
  const times = [];
  for (let i = 0; i < 3; i++) {
    const start = process.hrtime.bigint();
    const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 30 });
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr.slice(0, 500)}`);
  }
  return times.sort((a, b) => a - b)[1];
}

const sizes = process.argv.slice(2).map(Number);
for (const tools of sizes.length ? sizes : [100, 1000, 5000]) {
  const dir = corpus(tools);
  try {
    const floor = median(process.execPath, ['--input-type=module', '-e', FLOOR, join(dir, 'tools')], root);
    const exp = median(process.execPath, [join(root, 'bin/agent-tools.js'), 'export', 'tools', '--out', 'out.json'], dir);
    const written = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')).tools.length;
    if (written !== tools) throw new Error(`export wrote ${written} tools, expected ${tools}`);
    console.log(
      `${String(tools).padStart(5)} tools: parse floor ${floor.toFixed(0).padStart(6)} ms, export ${exp.toFixed(0).padStart(6)} ms, ratio ${(exp / floor).toFixed(2)}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
