/** Tests of the lock file: `export --format mcp --out`, then `export --check`, matching, failing and refusing. */

import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TempRepo } from './git-repo.js';

const root = new URL('../..', import.meta.url).pathname;
const bin = `${root}bin/agent-tools.js`;
const cli = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

const FONT = `import { defineTool } from 'agent-tools';

/** Sets the font of a text node. */
export const setFont = defineTool({
  name: 'set_font',
  description: 'Set the font family of a text node',
  mutates: true,
  destructive: false,
  params: {
    id: { type: 'string', required: true, description: 'Node id' },
    family: { type: 'string', description: 'Font family' },
  },
  execute: () => 'ok',
});
`;
const NODE = `import { defineTool } from 'agent-tools';

/** Reads a node. */
export const getNode = defineTool({
  name: 'get_node',
  description: 'Return a node of the canvas by its id',
  mutates: false,
  params: { id: { type: 'string', required: true, description: 'Node id' } },
  execute: () => ({ id: 'n1' }),
});
`;

/** What export --check says after a match: the lock file cannot show approval changes. */
const NOTE =
  'export --check: note: a lock file holds what tools/list shows; needsApproval and approval rules are not in it: ' +
  '`npx agent-tools diff --base <git-ref>` compares them\n';

describe('a lock file: export --format mcp --out, then export --check', { timeout: 300_000 }, () => {
  let repo: TempRepo;
  beforeAll(() => {
    repo = new TempRepo({ 'tools/set-font.ts': FONT, 'tools/get-node.ts': NODE });
  });
  afterAll(() => repo.dispose());

  it('round trip: written, matches, fails with the changes after an edit, matches again once rewritten', () => {
    const write = cli(repo.dir, 'export', '--format', 'mcp', '--out', 'tools.lock.json');
    expect(write.status).toBe(0);
    const lock = readFileSync(join(repo.dir, 'tools.lock.json'), 'utf8');
    expect(JSON.parse(lock).tools.map((t: { name: string }) => t.name)).toEqual(['get_node', 'set_font']);
    const ok = cli(repo.dir, 'export', '--check', 'tools.lock.json');
    expect([ok.status, ok.stdout, ok.stderr]).toEqual([0, '', `export --check: all 2 tools match tools.lock.json\n${NOTE}`]);

    repo.edit('tools/get-node.ts', 'mutates: false,', 'mutates: true,\n  destructive: false,');
    const at = repo.at('tools/get-node.ts', 'defineTool({');
    const bad = cli(repo.dir, 'export', '--check', 'tools.lock.json');
    expect(bad.status).toBe(1);
    expect(bad.stdout).toBe(
      [
        `get_node  ${at.file}:${at.line}:${at.column}`,
        '  breaking  became-mutating  `get_node` is no longer read-only (readOnlyHint true → false; now destructiveHint false, idempotentHint false)',
        '',
        '✖ 1 breaking, 0 minor, 0 patch change against tools.lock.json (2 tools, 2 before): a major version bump',
        '',
      ].join('\n'),
    );
    expect(bad.stderr).toBe(
      'export --check: the tools no longer match tools.lock.json; if the changes are meant, run `npx agent-tools export --format mcp --out tools.lock.json` and commit it\n',
    );
    // any class fails the check: a patch change too
    repo.edit('tools/get-node.ts', 'mutates: true,\n  destructive: false,', 'mutates: false,');
    repo.edit('tools/get-node.ts', 'by its id', 'by its id or name');
    const patch = cli(repo.dir, 'export', '--check', 'tools.lock.json');
    expect(patch.status).toBe(1);
    expect(patch.stdout).toContain('  patch     tool-description-changed  description of `get_node` changed\n');
    expect(patch.stdout).toContain('\n✖ 0 breaking, 0 minor, 1 patch change against tools.lock.json');

    expect(cli(repo.dir, 'export', '--format', 'mcp', '--out', 'tools.lock.json').status).toBe(0);
    expect(cli(repo.dir, 'export', '--check', 'tools.lock.json').status).toBe(0);
    // diff reads the same file as a base
    expect(cli(repo.dir, 'diff', '--base', 'tools.lock.json').stdout).toBe(
      '✔ no changes against tools.lock.json (2 tools, 2 before): no version bump\n',
    );
  });

  it('a lock file in another tool order or formatting still matches, and says so', () => {
    const path = join(repo.dir, 'tools.lock.json');
    const value = JSON.parse(readFileSync(path, 'utf8')) as { tools: unknown[] };
    writeFileSync(path, JSON.stringify({ tools: value.tools.reverse() }));
    const r = cli(repo.dir, 'export', '--check', 'tools.lock.json');
    expect([r.status, r.stderr]).toEqual([
      0,
      'export --check: tools.lock.json matches (only tool order or formatting differ; `npx agent-tools export --format mcp --out tools.lock.json` rewrites it)\n' +
        NOTE,
    ]);
  });

  it('exit 2: a missing or malformed lock file, --check with --out or another format', () => {
    const missing = cli(repo.dir, 'export', '--check', 'nope.json');
    expect([missing.status, missing.stderr.split('\n')[0]]).toEqual([2, 'agent-tools: cannot read nope.json: no such file']);
    writeFileSync(join(repo.dir, 'bad.json'), '{ "tools": [\n  { "name": "a", }\n] }\n');
    const bad = cli(repo.dir, 'export', '--check', 'bad.json');
    expect([bad.status, bad.stderr.split('\n')[0]]).toEqual([
      2,
      'agent-tools: bad.json:2:18: not JSON: expected a property name in double quotes, found "}"',
    ]);
    writeFileSync(join(repo.dir, 'shape.json'), '[]\n');
    const shape = cli(repo.dir, 'export', '--check', 'shape.json');
    expect([shape.status, shape.stderr.split('\n')[0]]).toEqual([
      2,
      'agent-tools: shape.json: tools: missing, or not an array (expected the output of `npx agent-tools export --format mcp`: { "tools": [...] })',
    ]);
    const out = cli(repo.dir, 'export', '--check', 'tools.lock.json', '--out', 'x.json');
    expect([out.status, out.stderr.split('\n')[0]]).toEqual([
      2,
      'agent-tools: --check compares with an --format mcp output and writes nothing: it cannot be combined with --out',
    ]);
    expect(cli(repo.dir, 'export', '--check', 'tools.lock.json', '--format', 'json').status).toBe(2);
  });
});

describe('export --check: the command it prints writes the lock file again from the same inputs', { timeout: 300_000 }, () => {
  const REGISTRY = `import { createRegistry } from 'agent-tools';
import { getNode } from './get-node.js';
import { setFont } from './set-font.js';

export const registry = createRegistry({ core: [getNode], extended: [setFont] });
`;
  let repo: TempRepo;
  beforeAll(() => {
    repo = new TempRepo({ 'agent tools/set-font.ts': FONT, 'agent tools/get-node.ts': NODE, 'agent tools/registry.ts': REGISTRY });
  });
  afterAll(() => repo.dispose());

  /** Runs a printed `npx agent-tools ...` line verbatim in bash, with `npx agent-tools` being this build. */
  const runPrinted = (line: string) =>
    spawnSync('bash', ['-c', `npx() { shift; "$NODE_BIN" "$AGENT_TOOLS_BIN" "$@"; }\n${line}`], {
      cwd: repo.dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', NODE_BIN: process.execPath, AGENT_TOOLS_BIN: bin },
    });

  it('names the path and every shaping option (--tier, --tool-search); running it makes the check pass', () => {
    const shape = ['agent tools', '--tier', 'core', '--tool-search'];
    expect(cli(repo.dir, 'export', ...shape, '--format', 'mcp', '--out', 'tools.lock.json').status).toBe(0);
    expect(cli(repo.dir, 'export', ...shape, '--check', 'tools.lock.json').status).toBe(0);
    repo.edit('agent tools/get-node.ts', 'by its id', 'by its id or name');
    const bad = cli(repo.dir, 'export', ...shape, '--check', 'tools.lock.json');
    expect(bad.status).toBe(1);
    const printed = /run `([^`]+)` and commit it\n$/.exec(bad.stderr)?.[1];
    expect(printed).toBe("npx agent-tools export 'agent tools' --tier core --tool-search --format mcp --out tools.lock.json");
    const again = runPrinted(printed!);
    expect([again.status, again.stderr]).toEqual([
      0,
      'agent-tools: export: wrote 3 tools (mcp) to tools.lock.json: 1 from agent tools, plus search_tools and call_tool (--tool-search)\n',
    ]);
    const tools = (JSON.parse(readFileSync(join(repo.dir, 'tools.lock.json'), 'utf8')) as { tools: { name: string }[] }).tools;
    expect(tools.map((t) => t.name)).toEqual(['get_node', 'search_tools', 'call_tool']);
    const ok = cli(repo.dir, 'export', ...shape, '--check', 'tools.lock.json');
    expect([ok.status, ok.stderr]).toEqual([0, `export --check: all 3 tools match tools.lock.json\n${NOTE}`]);
  });
});
