/** serve, call, console --tools and export --import given a JSON file (an earlier export) where a module is expected: one clear message. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'agent-tools-not-a-module-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const run = (...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'bin/agent-tools.js'), ...args], {
    cwd: tmp,
    encoding: 'utf8',
    input: '',
    timeout: 60_000,
    env: { ...process.env, NO_COLOR: '1' },
  });

const TOOLS = 'a .ts or .js module that exports a registry (createRegistry) or tools (defineTool)';
const IMPORT = 'a .ts or .js module that exports an MCP SDK McpServer or an object of AI SDK tools';

describe('a file that is not a module, where a tools module is expected', () => {
  it('an earlier export (tools.json): exit 2, what was expected, that it is an export and what to give instead; never a loader error', () => {
    const made = run('export', join(root, 'fixtures/export/schemas'), '--out', 'tools.json');
    expect(made.status).toBe(0);
    const back =
      'it is an agent-tools export (mcp output of ping, set_font): give the module that defines those tools instead of their export';
    const cases: [string[], string][] = [
      [['serve', 'tools.json'], TOOLS],
      [['call', 'tools.json', 'get_font'], TOOLS],
      [['console', '--tools', 'tools.json', '--port', '0'], TOOLS],
      [['export', 'tools.json', '--import'], IMPORT],
    ];
    for (const [args, expects] of cases) {
      const r = run(...args);
      expect([args.join(' '), r.status, r.stderr]).toEqual([
        args.join(' '),
        2,
        `agent-tools: tools.json is a JSON file, not a module: expected ${expects}; ${back}\n`,
      ]);
    }
  });

  it('any other JSON or data file: the same message without the export part', () => {
    writeFileSync(join(tmp, 'config.json'), '{ "port": 3000 }\n');
    writeFileSync(join(tmp, 'notes.md'), '# notes\n');
    expect(run('serve', 'config.json').stderr).toBe(`agent-tools: config.json is a JSON file, not a module: expected ${TOOLS}\n`);
    expect(run('call', 'notes.md', 'x').stderr).toBe(`agent-tools: notes.md is a .md file, not a module: expected ${TOOLS}\n`);
  });
});
