/** Tests of the built `agent-tools export`: golden output, Unicode, warnings, duplicates, invalid names and exit codes. */

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FORMAT_LIST } from '../../src/export/formats/index.js';
import { exportTo } from '../export/helpers.js';

const root = new URL('../..', import.meta.url).pathname;
const bin = `${root}bin/agent-tools.js`;
const run = (args: string[], cwd = root) =>
  spawnSync(process.execPath, [bin, 'export', ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
const golden = (name: string) => readFileSync(join(root, 'test/export/golden', name), 'utf8');
const tmp = mkdtempSync(join(tmpdir(), 'agent-tools-export-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('agent-tools export (built CLI)', () => {
  it('exit 0: writes the golden mcp output to stdout and nothing to stderr', () => {
    const r = run(['fixtures/export/schemas']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(golden('schemas.mcp.json'));
  });

  it('exit 0: Chinese and emoji reach stdout as the same code points (every format in-process below)', () => {
    for (const format of ['mcp', 'markdown']) {
      const r = run(['fixtures/export/unicode', '--format', format]);
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('设置字体粗细（100–900）。支持 emoji 👍 与「引号」');
      expect(r.stdout).toContain('字体 ID');
      expect(r.stdout).not.toMatch(/\\u[0-9a-fA-F]{4}|\uFFFD/);
    }
  });

  it('in-process: every format keeps the code points, no \\u escapes, no U+FFFD', async () => {
    for (const format of ['json', 'openai', 'anthropic', 'gemini']) {
      const r = await exportTo({ paths: ['fixtures/export/unicode'], format, cwd: root });
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('设置字体粗细（100–900）。支持 emoji 👍 与「引号」');
      expect(r.stdout).not.toMatch(/\\u[0-9a-fA-F]{4}|\uFFFD/);
    }
  });

  it('gemini warns on stderr for each change it makes, stdout stays pure JSON', () => {
    const r = run(['fixtures/export/schemas', '--format', 'gemini']);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain(
      'agent-tools: warning: gemini: set_font.params.weight.enum: numeric enum [100, 200, 300, 400, 500, 600, 700, 800, 900] turned into a string enum',
    );
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(4);
    expect(r.stdout).toBe(golden('schemas.gemini.json'));
  });

  it('exit 1: duplicate names print both locations; the barrel is not a duplicate; neither set_font is written', () => {
    const r = run(['fixtures/export/duplicates']);
    expect(r.status).toBe(1);
    expect(r.stderr.split('\n').filter((l) => l.includes('[duplicate-name]'))).toEqual([
      'fixtures/export/duplicates/font-a.ts:3:43 tool name `set_font` is also defined at fixtures/export/duplicates/font-b.ts:3:46; tool names must be unique (never last-one-wins) [duplicate-name]',
      'fixtures/export/duplicates/font-b.ts:3:46 tool name `set_font` is also defined at fixtures/export/duplicates/font-a.ts:3:43; tool names must be unique (never last-one-wins) [duplicate-name]',
    ]);
    expect(JSON.parse(r.stdout).tools.map((t: { name: string }) => t.name)).toEqual(['set-font']);
  });

  it('exit 1 even with --allow-partial for duplicates and invalid names; names with space, dot or slash never reach a provider', () => {
    const r = run(['fixtures/export/names', '--format', 'openai', '--allow-partial']);
    expect(r.status).toBe(1);
    for (const [name, line] of [
      ['Set Font', 3],
      ['font.set', 4],
      ['fonts/set', 5],
    ] as const)
      expect(r.stderr).toMatch(
        new RegExp(`tools\\.ts:${line}:\\d+ tool \`${name.replace('.', '\\.')}\`: \`name\` .* \\[invalid-definition\\]`),
      );
    expect(JSON.parse(r.stdout).map((t: { function: { name: string } }) => t.function.name)).toEqual(['set_font']);
  });

  it('exit 1: unknowable values are reported with file:line:col and left out; the rest is written; --allow-partial gives 0', () => {
    const r = run(['fixtures/export/not-static', '--format', 'anthropic']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('fixtures/export/not-static/tools.ts:13:70 tool `from_call`: `description`: `loadDescription()` is a call');
    expect(r.stderr).toContain('export: 5 problems (see above); exit 1');
    expect(JSON.parse(r.stdout).map((t: { name: string }) => t.name)).toEqual(['still_ok']);
    const p = run(['fixtures/export/not-static', '--format', 'anthropic', '--allow-partial']);
    expect(p.status).toBe(0);
    expect(p.stdout).toBe(r.stdout);
    expect(p.stderr).toContain('[not-static]');
  });

  it('exit 1: a tool made by a factory is reported at its call', () => {
    const r = run(['fixtures/export/forms']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^fixtures\/export\/forms\/factory\.ts:7:18 `makeTool\(\.\.\.\)` makes a tool/m);
  });

  it('exit 2: unknown format, unknown tier, --strict without openai, missing path, default ./tools missing', () => {
    const cases: [string[], string][] = [
      [
        ['fixtures/export/schemas', '--format', 'opneai'],
        `agent-tools: unknown format 'opneai' (did you mean openai?); use one of ${FORMAT_LIST.map((f) => f.name).join(', ')}`,
      ],
      [
        ['fixtures/export/schemas', '--tier', 'core2'],
        "agent-tools: unknown tier 'core2' (did you mean core?); use one of core, extended, all",
      ],
      [['fixtures/export/schemas', '--strict'], 'agent-tools: --strict applies to --format openai only, not mcp'],
      [['fixtures/export/nope'], 'agent-tools: no such file or folder: fixtures/export/nope'],
      [
        ['fixtures/export/schemsa/'],
        'agent-tools: no such file or folder: fixtures/export/schemsa/ (did you mean fixtures/export/schemas?)',
      ],
      [
        ['package.json', 'nope'],
        'agent-tools: no such file or folder: nope; not a .ts, .tsx, .mts, .cts, .js, .mjs or .cjs file: package.json',
      ],
    ];
    for (const [args, message] of cases) {
      const r = run(args);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`${message}\n(run 'npx agent-tools export --help' for usage)\n`);
    }
    const d = run([], tmp);
    expect(d.status).toBe(2);
    expect(d.stderr).toContain('no such file or folder: ./tools');
  });

  it('--out counts what the file holds: the tool search tools --tool-search and --defer add are counted and named', () => {
    const out = join(tmp, 'search.json');
    const mcp = run(['fixtures/export/registry', '--tool-search', '--out', out]);
    expect(mcp.status).toBe(0);
    const tools = (JSON.parse(readFileSync(out, 'utf8')) as { tools: { name: string }[] }).tools;
    expect(mcp.stderr).toBe(
      `agent-tools: export: wrote ${tools.length} tools (mcp) to ${out}: ${tools.length - 2} from fixtures/export/registry, ` +
        'plus search_tools and call_tool (--tool-search)\n',
    );
    expect(tools.map((t) => t.name)).toContain('search_tools');
    const both = run([
      'fixtures/export/registry',
      '--format',
      'anthropic',
      '--defer',
      'extended',
      '--tool-search',
      '--out',
      out,
      '--force',
    ]);
    const entries = JSON.parse(readFileSync(out, 'utf8')) as unknown[];
    expect(both.stderr).toBe(
      `agent-tools: export: wrote ${entries.length} tools (anthropic) to ${out}: ${entries.length - 2} from fixtures/export/registry, ` +
        'plus tool_search_tool_bm25 (--defer) and search_tools (--tool-search)\n',
    );
  });

  it('exit 2: a misspelled --format is named before any file is read, whatever the --out or --check file holds', () => {
    const earlier = join(tmp, 'earlier.json');
    expect(run(['fixtures/export/schemas', '--out', earlier]).status).toBe(0);
    const notes = join(tmp, 'notes.md');
    writeFileSync(notes, 'my notes\n');
    for (const extra of [
      ['--out', earlier],
      ['--out', notes],
      ['--check', earlier],
      ['--import', '--out', earlier],
    ]) {
      const r = run(['fixtures/export/schemas', '--format', 'opneai', ...extra]);
      expect([r.status, r.stderr.split('\n')[0]]).toEqual([
        2,
        "agent-tools: unknown format 'opneai' (did you mean openai?); use one of " + FORMAT_LIST.map((f) => f.name).join(', '),
      ]);
    }
    expect(readFileSync(notes, 'utf8')).toBe('my notes\n');
    expect(readFileSync(earlier, 'utf8')).toBe(golden('schemas.mcp.json'));
  });

  it('--out writes atomically and replaces its own earlier output; stdout stays empty', () => {
    const out = join(tmp, 'out', 'tools.md');
    const first = run(['fixtures/export/schemas', '--format', 'markdown', '--out', out]);
    expect(first.status).toBe(0);
    expect(first.stdout).toBe('');
    expect(first.stderr).toBe(`agent-tools: export: wrote 2 tools (markdown) to ${out}\n`);
    expect(readFileSync(out, 'utf8')).toBe(golden('schemas.markdown.md'));
    // another toolbox holds none of these tools: its export is not replaced without --force
    expect(run(['fixtures/export/unicode', '--format', 'markdown', '--out', out]).status).toBe(2);
    expect(readFileSync(out, 'utf8')).toBe(golden('schemas.markdown.md'));
    expect(run(['fixtures/export/schemas', '--format', 'markdown', '--out', out]).status).toBe(0);
    expect(run(['fixtures/export/unicode', '--format', 'markdown', '--out', out, '--force']).status).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(golden('unicode.markdown.md'));
    expect(readdirSync(join(tmp, 'out'))).toEqual(['tools.md']);
  });

  it('--out: a failed export (exit 1) keeps the last good file, and --allow-partial writes what could be read (new-user trial: it wrote an empty list over it)', () => {
    const out = join(tmp, 'kept', 'tools.json');
    expect(run(['fixtures/export/schemas', '--out', out]).status).toBe(0);
    const good = readFileSync(out, 'utf8');
    const failed = run(['fixtures/export/not-static', '--out', out]);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain(
      `agent-tools: export: ${out} not written, the file there is kept; --allow-partial writes the tools that could be read\n`,
    );
    expect(readFileSync(out, 'utf8')).toBe(good);
    // another toolbox's tools: replacing the schemas export takes --force
    const partial = run(['fixtures/export/not-static', '--out', out, '--allow-partial', '--force']);
    expect(partial.status).toBe(0);
    expect(readFileSync(out, 'utf8')).not.toBe(good);
  });

  it('--import with a folder is a usage error naming it (it was an internal error from the module loader)', () => {
    const r = run(['fixtures/export', '--import']);
    expect([r.status, r.stderr]).toEqual([
      2,
      expect.stringContaining(
        '--import loads module files (one exporting an McpServer or an object of AI SDK tools), not the folder fixtures/export',
      ),
    ]);
  });

  it('--tier picks one tier, ordered core, extended, then unregistered with all', async () => {
    expect(JSON.parse(run(['fixtures/export/registry', '--tier', 'core']).stdout).tools.map((t: { name: string }) => t.name)).toEqual([
      'select',
    ]);
    const names = async (tier?: string) =>
      JSON.parse((await exportTo({ paths: ['fixtures/export/registry'], tier, cwd: root })).stdout).tools.map(
        (t: { name: string }) => t.name,
      );
    expect(await names()).toEqual(['select', 'zoom', 'unlisted']);
    expect(await names('extended')).toEqual(['zoom']);
    const none = await exportTo({ paths: ['fixtures/export/schemas'], tier: 'core', cwd: root });
    expect([none.code, none.stdout]).toEqual([1, '']);
    expect(none.stderr).toBe(
      'agent-tools: warning: --tier core: no CORE_TOOLS/EXTENDED_TOOLS array or createRegistry({ core, extended }) call in the analyzed files, so no tool has a tier\n' +
        'agent-tools: export: nothing to export: the core tier is empty: 2 tools in fixtures/export/schemas, 0 core, 0 extended, 2 in no tier; nothing printed\n',
    );
  });

  it('--callee adds factory names; paths default to ./tools', async () => {
    const dir = mkdtempSync(join(tmp, 'proj-'));
    mkdirSync(join(dir, 'tools'));
    writeFileSync(
      join(dir, 'tools', 'a.ts'),
      "export const a = tool({ name: 'a', description: 'via callee', params: {}, execute() {} });\n",
    );
    const none = await exportTo({ cwd: dir });
    expect([none.code, none.stdout]).toEqual([1, '']);
    expect(none.stderr).toBe(
      'agent-tools: export: nothing to export: no tool found in ./tools: no defineTool, registerTool, server.tool, AI SDK tool or Mastra createTool call in 1 file; nothing printed\n',
    );
    const r = run(['--callee', 'tool', '--format', 'anthropic'], dir);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      { name: 'a', description: 'via callee', input_schema: { type: 'object', properties: {}, additionalProperties: false } },
    ]);
  });
});
