/** Tests of the built `agent-tools diff`: formats, exit codes, `--allow-breaking`, bad bases, paths new at the base, unreadable sides. */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIFF_RULE_IDS } from '../../src/diff/rules/index.js';
import { diff } from '../../src/toolkit/index.js';
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

describe('agent-tools diff (built CLI): formats and exit codes', { timeout: 300_000 }, () => {
  let repo: TempRepo;
  beforeAll(() => {
    repo = new TempRepo({ 'tools/set-font.ts': FONT, 'tools/get-node.ts': NODE });
  });
  afterAll(() => repo.dispose());

  it('exit 2 without --base; exit 0 and "no changes" for an unchanged tree', () => {
    const none = cli(repo.dir, 'diff');
    expect(none.status).toBe(2);
    expect(none.stderr).toContain(
      'agent-tools: --base is required: a git ref (main, origin/main, v1.2.0), a folder, or a file written by export --format mcp\n',
    );
    const format = cli(repo.dir, 'diff', '--base', 'main', '--format', 'xml');
    expect([format.status, format.stderr.split('\n')[0]]).toEqual([
      2,
      "agent-tools: diff: option '--format <name>' argument 'xml' is invalid. Allowed choices are text, json, markdown, github.",
    ]);
    const same = cli(repo.dir, 'diff', '--base', 'main');
    expect([same.status, same.stdout, same.stderr]).toEqual([0, '✔ no changes against main (2 tools, 2 before): no version bump\n', '']);
  });

  it('exit 1 on a breaking change: text, json (= toolkit diff()), markdown and github', async () => {
    repo.edit(
      'tools/set-font.ts',
      "    family: { type: 'string', description: 'Font family' },\n",
      "    size: { type: 'number', description: 'Font size' },\n",
    );
    const at = repo.at('tools/set-font.ts', 'defineTool({');
    const where = `${at.file}:${at.line}:${at.column}`;
    const text = cli(repo.dir, 'diff', '--base', 'main');
    expect(text.status).toBe(1);
    expect(text.stdout).toBe(
      [
        `set_font  ${where}`,
        '  breaking  param-removed         param `family` removed',
        '  minor     optional-param-added  optional param `size` added',
        '',
        '✖ 1 breaking, 1 minor, 0 patch changes against main (2 tools, 2 before): a major version bump (exit 1; --allow-breaking accepts them)',
        '',
      ].join('\n'),
    );
    expect(text.stderr).toBe('');

    const json = cli(repo.dir, 'diff', '--base', 'main', '--format', 'json');
    expect(json.status).toBe(1);
    const expected = {
      changes: [
        { tool: 'set_font', param: 'family', rule: 'param-removed', class: 'breaking', message: 'param `family` removed', ...at },
        { tool: 'set_font', param: 'size', rule: 'optional-param-added', class: 'minor', message: 'optional param `size` added', ...at },
      ],
      bump: 'major',
    };
    expect(JSON.parse(json.stdout)).toEqual(expected);
    expect(json.stdout).toBe(`${JSON.stringify(expected, null, 2)}\n`);
    expect(await diff([], { base: 'main', cwd: repo.dir })).toEqual(JSON.parse(json.stdout));

    const md = cli(repo.dir, 'diff', '--base', 'main', '--format', 'markdown');
    expect(md.status).toBe(1);
    expect(md.stdout).toBe(
      [
        '### Tool changes against `main`: major bump',
        '',
        '1 breaking, 1 minor, 0 patch changes (2 tools, 2 before): a major version bump (exit 1; --allow-breaking accepts them).',
        '',
        '| Class | Tool | Rule | Change | Where |',
        '| --- | --- | --- | --- | --- |',
        `| **breaking** | \`set_font\` | \`param-removed\` | param \`family\` removed | \`${where}\` |`,
        `| minor | \`set_font\` | \`optional-param-added\` | optional param \`size\` added | \`${where}\` |`,
        '',
      ].join('\n'),
    );

    const gh = cli(repo.dir, 'diff', '--base', 'main', '--format', 'github');
    expect(gh.status).toBe(1);
    const props = `file=${at.file},line=${at.line},col=${at.column}`;
    expect(gh.stdout).toBe(
      `::error ${props},title=agent-tools diff param-removed (breaking)::set_font: param \`family\` removed\n` +
        `::notice ${props},title=agent-tools diff optional-param-added (minor)::set_font: optional param \`size\` added\n`,
    );
  });

  it('--allow-breaking: exit 0, the changes still listed (github: a warning, not an error)', () => {
    const text = cli(repo.dir, 'diff', '--base', 'main', '--allow-breaking');
    expect(text.status).toBe(0);
    expect(text.stdout).toContain('  breaking  param-removed         param `family` removed\n');
    expect(text.stdout).toMatch(
      /\n! 1 breaking, 1 minor, 0 patch changes against main .*: a major version bump \(allowed by --allow-breaking\)\n$/,
    );
    const gh = cli(repo.dir, 'diff', '--base', 'main', '--format', 'github', '--allow-breaking');
    expect(gh.status).toBe(0);
    expect(gh.stdout.split('\n')[0]).toMatch(/^::warning file=tools\/set-font\.ts,.*param-removed \(breaking\)::/);
  });

  it('exit 0 on minor and patch changes only', () => {
    repo.commit('size instead of family');
    repo.edit('tools/get-node.ts', 'by its id', 'by its id, with its children');
    const r = cli(repo.dir, 'diff', '--base', 'main', '--format', 'json');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ bump: 'patch', changes: [{ tool: 'get_node', rule: 'tool-description-changed' }] });
    repo.commit('get_node description');
  });

  it('exit 2: a ref that names no commit, a missing .json file, a folder that is no git repository', () => {
    const ref = cli(repo.dir, 'diff', '--base', 'no-such-branch');
    expect(ref.status).toBe(2);
    expect(ref.stderr).toMatch(
      /^agent-tools: --base no-such-branch: no such file or folder, and no commit of that name in the git repository at \S+\n\(run 'npx agent-tools diff --help' for usage\)\n$/,
    );
    const typo = cli(repo.dir, 'diff', '--base', 'mian');
    expect([typo.status, typo.stderr.split('\n')[0]!.replace(/ at \S+ /, ' at <repo> ')]).toEqual([
      2,
      'agent-tools: --base mian: no such file or folder, and no commit of that name in the git repository at <repo> (did you mean main?)',
    ]);
    const dash = cli(repo.dir, 'diff', '--base=--output=x');
    expect(dash.status).toBe(2);
    const file = cli(repo.dir, 'diff', '--base', 'old-tools.json');
    expect([file.status, file.stderr.split('\n')[0]]).toEqual([2, 'agent-tools: --base old-tools.json: no such file']);
    const plain = mkdtempSync(join(tmpdir(), 'agent-tools-diff-plain-'));
    try {
      writeFileSync(join(plain, 'a.ts'), NODE);
      const r = cli(plain, 'diff', 'a.ts', '--base', 'main');
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(
        /^agent-tools: --base main: no such file or folder, and \S+ is not in a git repository \(fatal: not a git repository/,
      );
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });

  it('exit 2: a base whose tools cannot all be extracted is named with its diagnostics, never compared', () => {
    repo.git('checkout', '-q', '-b', 'broken');
    repo.write(
      'tools/load.ts',
      `import { defineTool } from 'agent-tools';\nexport const t = defineTool({ name: 'load', description: loadText(), params: {} });\n`,
    );
    repo.commit('a tool whose description is computed');
    repo.remove('tools/load.ts');
    const r = cli(repo.dir, 'diff', '--base', 'broken');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.split('\n');
    expect(lines[0]).toBe('agent-tools: the base broken: 1 tool could not be extracted; nothing was compared');
    expect(lines[1]).toMatch(/^ {2}tools\/load\.ts:2:\d+ tool `load`: `description`: `loadText\(\)` is a call; .* \[not-static\]$/);
    // the same file in the working tree: the working tree is named
    repo.git('checkout', '-q', 'main');
    repo.git('checkout', '-q', 'broken', '--', 'tools/load.ts');
    const head = cli(repo.dir, 'diff', '--base', 'main');
    expect(head.status).toBe(2);
    expect(head.stderr.split('\n')[0]).toBe('agent-tools: the working tree: 1 tool could not be extracted; nothing was compared');
    repo.remove('tools/load.ts');
    repo.git('reset', '-q');
  });

  it('a path that is not in the base is empty there (exit 0); exit 2 for a base with no tools', () => {
    repo.write('more/extra.ts', NODE.replaceAll('get_node', 'get_extra'));
    const at = repo.at('more/extra.ts', 'defineTool({');
    // tools is at main and unchanged, more is not: its one tool is added
    const missing = cli(repo.dir, 'diff', 'tools', 'more', '--base', 'main');
    expect([missing.status, missing.stderr, missing.stdout]).toEqual([
      0,
      'agent-tools: more does not exist at main; every tool in it is new\n',
      [
        `get_extra  more/extra.ts:${at.line}:${at.column}`,
        '  minor     tool-added  tool `get_extra` added',
        '',
        '✔ 0 breaking, 1 minor, 0 patch change against main (3 tools, 2 before): a minor version bump',
        '',
      ].join('\n'),
    ]);
    repo.remove('more/extra.ts');
    repo.write('empty/readme.ts', 'export const x = 1;\n');
    repo.commit('a folder without tools');
    const empty = cli(repo.dir, 'diff', 'empty', '--base', 'main');
    expect(empty.status).toBe(2);
    expect(empty.stderr.split('\n')[0]).toBe(
      'agent-tools: the working tree: no tool found in empty: no defineTool, registerTool, server.tool, AI SDK tool or Mastra createTool call in 1 file; nothing was compared',
    );
  });

  it('--list-rules prints every rule with its class', () => {
    const r = cli(repo.dir, 'diff', '--list-rules');
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.map((l) => l.split(' ')[0])).toEqual([...DIFF_RULE_IDS]);
    expect(lines[0]).toMatch(/^tool-removed +breaking +A tool was removed\.$/);
    expect(lines.at(-1)).toMatch(/^output-description-changed +patch +An output field's description/);
  });
});

describe('diff of two tools/list files: the output-field rules end to end', () => {
  it('compares outputSchema entries and prints the JSON exactly', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agent-tools-diff-json-'));
    try {
      const entry = (output: Record<string, unknown>) => ({
        name: 'get_node',
        description: 'Return a node',
        inputSchema: { type: 'object', properties: {} },
        outputSchema: { type: 'object', properties: output, required: ['id'] },
      });
      const before = { id: { type: 'string' }, name: { type: 'string' }, kind: { type: 'string', enum: ['frame', 'text'] } };
      const after = { id: { type: 'string' }, kind: { type: 'string', enum: ['frame', 'text', 'image'] }, parent: { type: 'string' } };
      writeFileSync(join(dir, 'old.json'), JSON.stringify({ tools: [entry(before)] }));
      writeFileSync(join(dir, 'new.json'), JSON.stringify({ tools: [entry(after)] }));
      const r = cli(dir, 'diff', 'new.json', '--base', 'old.json', '--format', 'json');
      expect(r.status).toBe(1);
      // each change is placed at the tool's "name" key in the head file (one line: {"tools":[{"name":...)
      const at = { file: 'new.json', line: 1, column: 12 };
      expect(JSON.parse(r.stdout)).toEqual({
        changes: [
          {
            tool: 'get_node',
            field: 'kind',
            rule: 'output-field-changed',
            class: 'breaking',
            message: 'output field `kind`: enum value "image" added',
            ...at,
          },
          {
            tool: 'get_node',
            field: 'name',
            rule: 'output-field-removed',
            class: 'breaking',
            message: 'output field `name` removed',
            ...at,
          },
          { tool: 'get_node', field: 'parent', rule: 'output-field-added', class: 'minor', message: 'output field `parent` added', ...at },
        ],
        bump: 'major',
      });
      const ref = cli(dir, 'diff', 'new.json', '--base', 'main');
      expect([ref.status, ref.stderr.split('\n')[0]]).toEqual([
        2,
        'agent-tools: --base main: a git ref is read with the paths of the working tree, not with a .json head',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
