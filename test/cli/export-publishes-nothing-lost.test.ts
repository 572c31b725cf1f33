/** Tests that export never publishes an empty list with exit 0, and `--out` replaces only its own output without `--force`. */

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FORMAT_LIST, isExportOutput } from '../../src/export/formats/index.js';
import { exportTools } from '../../src/toolkit/index.js';

const root = new URL('../..', import.meta.url).pathname;
const bin = `${root}bin/agent-tools.js`;
const tmp = mkdtempSync(join(tmpdir(), 'agent-tools-export-empty-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const run = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

/** A project with a good toolbox in tools/ and a good tools.json exported from it, plus the folders each scenario points at. */
function project(): string {
  const dir = mkdtempSync(join(tmp, 'p-'));
  mkdirSync(join(dir, 'tools'));
  writeFileSync(
    join(dir, 'tools/tools.ts'),
    "import { defineTool, createRegistry } from 'agent-tools';\n" +
      "export const getTime = defineTool({ name: 'get_time', description: 'Return the current time as an ISO 8601 string, in UTC.', mutates: false, params: {}, execute: () => new Date().toISOString() });\n" +
      'export const registry = createRegistry({ core: [], extended: [getTime] });\n',
  );
  mkdirSync(join(dir, 'empty'));
  writeFileSync(join(dir, 'empty/index.ts'), 'export const nothing = 1;\n');
  mkdirSync(join(dir, 'docs'));
  writeFileSync(join(dir, 'docs/a.md'), '# A\n');
  writeFileSync(join(dir, 'docs/b.json'), '{}\n');
  mkdirSync(join(dir, 'broken'));
  writeFileSync(join(dir, 'broken/a.ts'), "export const a = defineTool({ name: 'a', description: 'd', params: {}, execute() {} }\n");
  writeFileSync(join(dir, 'broken/b.ts'), 'export const b = (;\n');
  // two tools, each left out: one by a misspelt key before it is read, one by two bad params
  mkdirSync(join(dir, 'bad'));
  writeFileSync(
    join(dir, 'bad/tools.ts'),
    "import { defineTool } from 'agent-tools';\n" +
      "export const a = defineTool({ name: 'get_thing', description: 'Gets one thing by its id.', mutates: false,\n" +
      "  params: { id: { type: 'string', description: '' }, n: { type: 'numbr', description: 'How many' } }, execute: () => 1 });\n" +
      "export const b = defineTool({ name: 'del_thing', description: 'Deletes one thing by its id.', mutates: true, needsAproval: false,\n" +
      "  params: { id: { type: 'string', description: 'Thing id', required: true } }, execute: () => 1 });\n",
  );
  const good = run(dir, 'export', 'tools', '--out', 'tools.json');
  expect(good.status).toBe(0);
  return dir;
}

describe('export never publishes an empty list with exit 0, and never replaces a file with one', () => {
  it.each([
    [
      'a folder with no tools',
      ['empty'],
      'no tool found in empty: no defineTool, registerTool, server.tool, AI SDK tool or Mastra createTool call in 1 file',
    ],
    [
      'a folder of non-TypeScript files',
      ['docs'],
      'no tool found in docs: no .ts, .tsx, .mts, .cts, .js, .mjs or .cjs file there (2 other files)',
    ],
    [
      '--tier core on an empty core tier',
      ['tools', '--tier', 'core'],
      'the core tier is empty: 1 tool in tools, 0 core, 1 extended, 0 in no tier',
    ],
    [
      '--allow-partial where every file has a syntax error',
      ['broken', '--allow-partial'],
      'no tool could be read in broken: 2 problems (above) left every tool out',
    ],
    [
      '--allow-partial where each tool is left out by a problem of its own',
      ['bad', '--allow-partial'],
      'no tool could be exported from bad: 3 problems (above) left every tool out',
    ],
  ])('%s: exit 1, one line saying what was searched and found, tools.json kept byte for byte', (_name, args, reason) => {
    const dir = project();
    const good = readFileSync(join(dir, 'tools.json'), 'utf8');
    expect(JSON.parse(good).tools.map((t: { name: string }) => t.name)).toEqual(['get_time']);
    const r = run(dir, 'export', ...args, '--out', 'tools.json');
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines.at(-1)).toBe(`agent-tools: export: nothing to export: ${reason}; tools.json not written, the file there is kept`);
    // the line is the only one about the empty result (syntax errors are listed above it)
    expect(lines.filter((l) => l.startsWith('agent-tools:'))).toHaveLength(1);
    expect(readFileSync(join(dir, 'tools.json'), 'utf8')).toBe(good);
    // on stdout too: nothing is printed, exit 1
    const piped = run(dir, 'export', ...args);
    expect([piped.status, piped.stdout]).toEqual([1, '']);
    expect(piped.stderr.trimEnd().split('\n').at(-1)).toBe(`agent-tools: export: nothing to export: ${reason}; nothing printed`);
  });

  it('the toolkit says it as data: exitCode 1 and empty', async () => {
    const dir = project();
    const r = await exportTools(['docs'], { cwd: dir });
    expect([r.exitCode, r.tools, r.empty]).toEqual([
      1,
      [],
      'no tool found in docs: no .ts, .tsx, .mts, .cts, .js, .mjs or .cjs file there (2 other files)',
    ]);
    expect((await exportTools(['tools'], { cwd: dir })).empty).toBeUndefined();
  });
});

describe('export --out replaces only its own output, as validate --report does; anything else needs --force', () => {
  it("a user's notes.md is refused (exit 2, nothing written), and replaced with --force", () => {
    const dir = project();
    writeFileSync(join(dir, 'notes.md'), '# My notes\n\nDo not lose these.\n');
    const r = run(dir, 'export', 'tools', '--format', 'markdown', '--out', 'notes.md');
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      'agent-tools: --out notes.md exists and is not an agent-tools export (markdown output); not overwritten (use --force)\n' +
        "(run 'npx agent-tools export --help' for usage)\n",
    );
    expect(readFileSync(join(dir, 'notes.md'), 'utf8')).toBe('# My notes\n\nDo not lose these.\n');
    const forced = run(dir, 'export', 'tools', '--format', 'markdown', '--out', 'notes.md', '--force');
    expect(forced.status).toBe(0);
    expect(readFileSync(join(dir, 'notes.md'), 'utf8')).toMatch(/^# Tools\n\n1 tool\.\n/);
  });

  it('a JSON file of another shape (a config) is refused too', () => {
    const dir = project();
    writeFileSync(join(dir, 'config.json'), '{ "tools": ["not", "an", "export"] }\n');
    expect(run(dir, 'export', 'tools', '--out', 'config.json').status).toBe(2);
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toBe('{ "tools": ["not", "an", "export"] }\n');
  });

  it('an earlier export of the same tools is replaced in its own format, without --force; another format over it needs --force', () => {
    const dir = project();
    const formats = FORMAT_LIST.map((f) => f.name);
    formats.forEach((from, i) => {
      const to = formats[(i + 1) % formats.length]!;
      expect(run(dir, 'export', 'tools', '--format', from, '--out', 'out.txt', '--force').status).toBe(0);
      const before = readFileSync(join(dir, 'out.txt'), 'utf8');
      expect(isExportOutput(before)).toBe(true);
      const same = run(dir, 'export', 'tools', '--format', from, '--out', 'out.txt');
      expect([from, same.status, same.stderr.split('\n').at(-2)]).toEqual([
        from,
        0,
        `agent-tools: export: wrote 1 tool (${from}) to out.txt`,
      ]);
      const other = run(dir, 'export', 'tools', '--format', to, '--out', 'out.txt');
      expect([from, to, other.status, other.stderr.split('\n')[0]]).toEqual([
        from,
        to,
        2,
        `agent-tools: --out out.txt exists and is ${from} output, not ${to}; not overwritten (use --force)`,
      ]);
      expect(readFileSync(join(dir, 'out.txt'), 'utf8')).toBe(before);
    });
  }, 180_000);

  const handwritten: [string, string, string][] = [
    [
      'openai',
      'handwritten.json',
      '[{ "type": "function", "function": { "name": "my_handwritten_tool", "description": "Mine.", "parameters": { "type": "object", "properties": {} } } }]\n',
    ],
    ['anthropic', 'claude.json', '[{ "name": "my_handwritten_tool", "description": "Mine.", "input_schema": { "type": "object" } }]\n'],
    ['mcp', 'mcp.json', '{ "tools": [{ "name": "my_handwritten_tool", "inputSchema": { "type": "object" } }] }\n'],
    ['gemini', 'gemini.json', '{ "functionDeclarations": [{ "name": "my_handwritten_tool", "description": "Mine." }] }\n'],
  ];
  it.each(handwritten)(
    "a hand-written %s file of the user's own tools is refused (exit 2, kept), though it has the shape",
    (format, file, text) => {
      const dir = project();
      writeFileSync(join(dir, file), text);
      const r = run(dir, 'export', 'tools', '--format', format, '--out', file);
      expect([r.status, r.stderr.split('\n').at(-3)]).toEqual([
        2,
        `agent-tools: --out ${file} exists and holds none of the tools exported now (it has my_handwritten_tool); not overwritten (use --force)`,
      ]);
      expect(readFileSync(join(dir, file), 'utf8')).toBe(text);
      // an earlier export of this toolbox (an older description) is replaced without --force
      const fresh = run(dir, 'export', 'tools', '--format', format).stdout;
      writeFileSync(join(dir, file), fresh.replace('Return the current time', 'Old text'));
      expect(run(dir, 'export', 'tools', '--format', format, '--out', file).status).toBe(0);
      expect(readFileSync(join(dir, file), 'utf8')).toBe(fresh);
    },
    60_000,
  );

  it('--format markdown over an openai-shaped JSON file is refused, the JSON kept', () => {
    const dir = project();
    const text = handwritten[0]![2];
    writeFileSync(join(dir, 'oa.json'), text);
    const r = run(dir, 'export', 'tools', '--format', 'markdown', '--out', 'oa.json');
    expect([r.status, r.stderr.split('\n')[0]]).toEqual([
      2,
      'agent-tools: --out oa.json exists and is openai output, not markdown; not overwritten (use --force)',
    ]);
    expect(readFileSync(join(dir, 'oa.json'), 'utf8')).toBe(text);
  });

  it('an export with --defer extended (the tool search tool first) is recognised as an earlier export too', () => {
    const dir = project();
    for (const format of ['anthropic', 'openai']) {
      expect(run(dir, 'export', 'tools', '--format', format, '--defer', 'extended', '--out', 'out.json', '--force').status).toBe(0);
      const text = readFileSync(join(dir, 'out.json'), 'utf8');
      expect([format, text.includes('tool_search'), isExportOutput(text)]).toEqual([format, true, true]);
    }
  });

  it('isExportOutput: our shapes only', () => {
    expect(isExportOutput('{"tools": []}\n')).toBe(true);
    expect(isExportOutput('# Tools\n\n0 tools.\n')).toBe(true);
    expect(isExportOutput('# Tools\n\nMy own list of tools.\n')).toBe(false);
    expect(isExportOutput('{"tools": [{"name": "a"}]}')).toBe(false);
    expect(isExportOutput('{"tools": [], "version": 2}')).toBe(false);
    expect(isExportOutput('[{"name": "a", "description": "b"}]')).toBe(false);
    expect(isExportOutput('not json')).toBe(false);
  });

  it('a folder given as --out or --report is named with its flag (it said a bare EISDIR)', () => {
    const dir = project();
    mkdirSync(join(dir, 'rep'));
    const v = run(dir, 'validate', 'tools', '--report', 'rep');
    expect([v.status, v.stderr.split('\n')[0]]).toEqual([2, 'agent-tools: --report rep is a folder; give a file path (e.g. rep/<name>)']);
    const e = run(dir, 'export', 'tools', '--out', 'rep');
    expect([e.status, e.stderr.split('\n')[0]]).toEqual([2, 'agent-tools: --out rep is a folder; give a file path (e.g. rep/<name>)']);
  });

  it('a file the command reads is never its output, even with --force: exit 2, one line, the file kept', () => {
    const dir = project();
    const source = readFileSync(join(dir, 'tools/tools.ts'), 'utf8');
    const e = run(dir, 'export', 'tools', '--out', 'tools/tools.ts', '--force');
    expect([e.status, e.stderr.split('\n')[0]]).toEqual([
      2,
      'agent-tools: --out tools/tools.ts is one of the files export reads; not overwritten, even with --force (write the output outside them)',
    ]);
    const v = run(dir, 'validate', 'tools', '--report', 'tools/tools.ts', '--force');
    expect([v.status, v.stderr.split('\n')[0]]).toEqual([
      2,
      'agent-tools: --report tools/tools.ts is one of the files validate reads; not overwritten, even with --force (write the output outside them)',
    ]);
    // validate's default path (.) holds it too
    expect(run(dir, 'validate', '--report', 'tools/tools.ts', '--force').status).toBe(2);
    expect(readFileSync(join(dir, 'tools/tools.ts'), 'utf8')).toBe(source);
  });

  it('the configuration (agent-tools.config.json, package.json, --config) is never the report, even with --force: its approval rules stay', () => {
    const dir = project();
    const config = JSON.stringify({ approval: { deny: ['get_time'] } });
    writeFileSync(join(dir, 'agent-tools.config.json'), config);
    writeFileSync(join(dir, 'package.json'), '{"name":"app","type":"module"}');
    writeFileSync(join(dir, 'ci.json'), '{}');
    for (const file of ['agent-tools.config.json', 'package.json']) {
      const v = run(dir, 'validate', 'tools', '--report', file, '--force');
      expect([v.status, v.stderr.split('\n')[0]]).toEqual([
        2,
        `agent-tools: --report ${file} is a project's configuration (${file}); not overwritten, even with --force (write the output to another file)`,
      ]);
    }
    const v = run(dir, 'validate', 'tools', '--report', 'ci.json', '--force', '--config', 'ci.json');
    expect([v.status, v.stderr.split('\n')[0]]).toEqual([
      2,
      'agent-tools: --report ci.json is one of the files validate reads; not overwritten, even with --force (write the output outside them)',
    ]);
    expect(readFileSync(join(dir, 'agent-tools.config.json'), 'utf8')).toBe(config);
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe('{"name":"app","type":"module"}');
    expect(readFileSync(join(dir, 'ci.json'), 'utf8')).toBe('{}');
  });

  it('export --out and skill export --out follow the same rule: a configuration or manifest, here or in another folder, is kept even with --force', () => {
    const dir = project();
    const config = JSON.stringify({ approval: { deny: ['get_time'] } });
    mkdirSync(join(dir, 'app'));
    const files = ['package.json', 'agent-tools.config.json', 'app/package.json', 'app/agent-tools.config.json'];
    for (const file of files) writeFileSync(join(dir, file), file.endsWith('package.json') ? '{"name":"app","type":"module"}' : config);
    for (const file of files)
      for (const [flag, command] of [
        [['export', 'tools', '--out', file, '--force'], 'export'],
        [['skill', 'export', '--out', file, '--force'], 'skill export'],
      ] as const) {
        const r = run(dir, ...flag);
        const name = file.replace('app/', '');
        expect([command, r.status, r.stdout, r.stderr.split('\n')[0]]).toEqual([
          command,
          2,
          '',
          `agent-tools: --out ${file} is a project's configuration (${name}); not overwritten, even with --force (write the output to another file)`,
        ]);
      }
    for (const file of files)
      expect(readFileSync(join(dir, file), 'utf8')).toBe(file.endsWith('package.json') ? '{"name":"app","type":"module"}' : config);
    // any other name is still written with --force
    expect(run(dir, 'export', 'tools', '--out', 'app/tools.json', '--force').status).toBe(0);
  });

  it('a configuration name that does not exist yet is refused too: the file written would be read as the configuration', () => {
    const dir = project();
    mkdirSync(join(dir, 'app'));
    for (const file of ['agent-tools.config.json', 'app/agent-tools.config.json', 'app/package.json']) {
      const r = run(dir, 'export', 'tools', '--format', 'json', '--out', file);
      expect([r.status, r.stdout, r.stderr.split('\n')[0]]).toEqual([
        2,
        '',
        `agent-tools: --out ${file} is a project's configuration (${file.replace('app/', '')}); not overwritten, even with --force (write the output to another file)`,
      ]);
    }
    expect([
      existsSync(join(dir, 'agent-tools.config.json')),
      existsSync(join(dir, 'app/agent-tools.config.json')),
      existsSync(join(dir, 'app/package.json')),
    ]).toEqual([false, false, false]);
    // the project still works
    expect(run(dir, 'export', 'tools', '--format', 'json', '--out', 'app/tools.json').status).toBe(0);
  });

  it('a file reached only through a re-export is refused, as any source file is, before the analysis (nothing written)', () => {
    const dir = project();
    mkdirSync(join(dir, 'lib'));
    writeFileSync(join(dir, 'lib/time.ts'), readFileSync(join(dir, 'tools/tools.ts'), 'utf8'));
    writeFileSync(join(dir, 'tools/index.ts'), "export * from '../lib/time.js';\n");
    rmSync(join(dir, 'tools/tools.ts'));
    const source = readFileSync(join(dir, 'lib/time.ts'), 'utf8');
    const e = run(dir, 'export', 'tools', '--out', 'lib/time.ts', '--force');
    expect([e.status, e.stderr.split('\n')[0]]).toEqual([
      2,
      'agent-tools: --out lib/time.ts is a source file (.ts); not overwritten, even with --force (write the output to another file)',
    ]);
    expect(readFileSync(join(dir, 'lib/time.ts'), 'utf8')).toBe(source);
  });
});
