/** serve, call and console given a misspelt module path or a folder: the file meant, as misspelt flags and tool names get. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'agent-tools-module-path-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// a scaffolded toolbox's top: the registry, the tier lists and the schema module (which only re-exports)
const files: Record<string, string> = {
  'tools/registry.ts':
    "import { createRegistry } from './schema.js';\nexport const registry = createRegistry({ core: [], extended: [] });\n",
  'tools/registry-core.ts': 'export const CORE_TOOLS = [];\n',
  'tools/schema.ts': "export { defineTool, createRegistry } from 'agent-tools';\n",
  'tools/notes.md': 'not a module\n',
  'lib/tools.ts': "import { defineTool } from 'agent-tools';\nexport const ping = defineTool({ name: 'ping' });\n",
  'lib/index.ts': "export * from './tools.js';\n",
  'lib/util.ts': 'export const x = 1;\n',
  'docs/readme.md': 'no modules here\n',
};
for (const [file, text] of Object.entries(files)) {
  mkdirSync(join(tmp, file, '..'), { recursive: true });
  writeFileSync(join(tmp, file), text);
}

const run = (...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'bin/agent-tools.js'), ...args], {
    cwd: tmp,
    encoding: 'utf8',
    input: '',
    timeout: 60_000,
    env: { ...process.env, NO_COLOR: '1' },
  });

describe('a tools module path that is not there', { timeout: 120_000 }, () => {
  it.each([
    [['serve', 'tools/regisry.ts'], 'tools/regisry.ts (did you mean tools/registry.ts?)'],
    [['call', 'tools/regisry.ts', '--list'], 'tools/regisry.ts (did you mean tools/registry.ts?)'],
    [['console', '--tools', 'tools/registry.js', '--port', '0'], 'tools/registry.js (did you mean tools/registry.ts?)'],
    [['serve', './lib/tool.ts'], './lib/tool.ts (did you mean ./lib/tools.ts?)'],
    // the closest name is a helper that defines no tools: the modules of that folder that do
    [['serve', 'lib/utl.ts'], 'lib/utl.ts (did you mean lib/index.ts or lib/tools.ts?)'],
    [['serve', 'tools/schem.ts'], 'tools/schem.ts (did you mean tools/registry.ts?)'],
    // nothing close, or no such folder: no guess
    [['serve', 'tools/adapter.ts'], 'tools/adapter.ts'],
    [['serve', 'nope/registry.ts'], 'nope/registry.ts'],
  ])('%j: exit 2, the closest file of that folder', (args, said) => {
    const r = run(...args);
    expect([r.status, r.stdout, r.stderr]).toEqual([2, '', `agent-tools: tools module not found: ${said}\n`]);
  });
});

describe('a folder where a tools module is expected', { timeout: 120_000 }, () => {
  const give = 'is a folder, not a module: give the module in it that exports a registry (createRegistry) or tools (defineTool), likely';
  it.each([
    [['serve', 'tools'], `tools ${give} tools/registry.ts`],
    [['call', 'tools', '--list'], `tools ${give} tools/registry.ts`],
    // index first, then a module that calls defineTool; util.ts neither
    [['serve', 'lib'], `lib ${give} lib/index.ts or lib/tools.ts`],
    [
      ['serve', 'docs'],
      'docs is a folder, not a module, and holds no module that exports a registry or tools at its top: ' +
        'expected a .ts or .js module that exports a registry (createRegistry) or tools (defineTool)',
    ],
  ])('%j: exit 2, says it is a folder and names the likely modules', (args, said) => {
    const r = run(...args);
    expect([r.status, r.stdout, r.stderr]).toEqual([2, '', `agent-tools: ${said}\n`]);
  });
});
