/** Tests of the built `agent-tools validate`: every format on known violations, exit codes, `--quiet`, `--report`. */

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeSources } from './helpers.js';

const root = new URL('../..', import.meta.url).pathname;
const bin = `${root}bin/agent-tools.js`;
const reportDir = `${root}fixtures/validate-report`;
const update = process.env.UPDATE_GOLDEN === '1';
const run = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' } });

/** Like `run`, but asynchronous, so the golden runs share the two cores. */
function runAsync(cwd: string, ...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('close', (status) => done({ status, stdout, stderr }));
  });
}

const golden = { text: 'text.txt', markdown: 'report.md', json: 'report.json', sarif: 'report.sarif', github: 'github.txt' } as const;

describe('agent-tools validate on fixtures/validate-report (known violations)', () => {
  const runs = new Map<string, Awaited<ReturnType<typeof runAsync>>>();
  beforeAll(async () => {
    const formats = Object.keys(golden);
    const results = await Promise.all(formats.map((f) => runAsync(reportDir, 'validate', '--format', f)));
    formats.forEach((f, i) => runs.set(f, results[i]!));
  });
  for (const [format, file] of Object.entries(golden)) {
    it(`--format ${format}: exit 1, stdout equals expected/${file}, nothing on stderr`, () => {
      const r = runs.get(format)!;
      const path = join(reportDir, 'expected', file);
      if (update) {
        mkdirSync(join(reportDir, 'expected'), { recursive: true });
        writeFileSync(path, r.stdout);
      }
      expect(r.stderr).toBe('');
      expect(r.status).toBe(1);
      expect(r.stdout).toBe(readFileSync(path, 'utf8'));
    });
  }

  it('every format holds the same findings', () => {
    const json = JSON.parse(readFileSync(join(reportDir, 'expected/report.json'), 'utf8')) as {
      findings: { file: string; line: number; column: number; checkId: string; severity: string; message: string }[];
    };
    const sarif = JSON.parse(readFileSync(join(reportDir, 'expected/report.sarif'), 'utf8')) as {
      runs: {
        results: {
          ruleId: string;
          level: string;
          message: { text: string };
          locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number } } }[];
        }[];
      }[];
    };
    const github = readFileSync(join(reportDir, 'expected/github.txt'), 'utf8').trim().split('\n');
    const text = readFileSync(join(reportDir, 'expected/text.txt'), 'utf8');
    const markdown = readFileSync(join(reportDir, 'expected/report.md'), 'utf8');
    expect(json.findings).toHaveLength(11);
    expect(sarif.runs[0]!.results).toHaveLength(11);
    expect(github).toHaveLength(11);
    json.findings.forEach((f, i) => {
      const s = sarif.runs[0]!.results[i]!;
      const loc = s.locations[0]!.physicalLocation;
      expect([s.ruleId, loc.artifactLocation.uri, loc.region.startLine, loc.region.startColumn, s.level]).toEqual([
        f.checkId,
        f.file,
        f.line,
        f.column,
        f.severity === 'error' ? 'error' : 'warning',
      ]);
      expect(s.message.text.startsWith(f.message)).toBe(true);
      expect(github[i]).toMatch(
        new RegExp(
          `^::${f.severity === 'error' ? 'error' : 'warning'} file=${f.file},line=${f.line},col=${f.column},title=agent-tools ${f.checkId}::`,
        ),
      );
      expect(text).toContain(`${f.file}:${f.line}:${f.column}`);
      expect(markdown).toContain(`\`${f.file}:${f.line}:${f.column}\` **${f.severity}**: ${f.message}`);
    });
    // The severity policy (a quality heuristic is a warning): a short description, a name that is not snake_case, an undeclared
    // mutates and a mutating tool that does not say destructive are warnings
    expect(json.findings.filter((f) => f.severity === 'error')).toHaveLength(4);
    expect(json.findings.filter((f) => f.severity === 'warn').map((f) => f.checkId)).toEqual([
      'tool-log',
      'destructive-declared',
      'jsdoc',
      'snake-case-name',
      'flat-params',
      'tool-description',
      'mutates-declared',
    ]);
    expect(markdown).toContain('**Fail**: 4 errors, 7 warnings.');
    expect(markdown).toMatch(/\| 7 \| `unique-names` \| Tool names are unique \| error \| fail \| 2 \| 0 \|/);
  });

  it('the SARIF output validates against the SARIF 2.1.0 schema', () => {
    const schema = JSON.parse(
      readFileSync(`${root}node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json`, 'utf8'),
    ) as Record<string, unknown>;
    // The schema is draft-04; its only draft-04-specific keyword is the root `id`.
    const { $schema: _draft, id, ...rest } = schema;
    // unicodeRegExp off: the schema's language-tag pattern is not valid with the u flag.
    const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true, unicodeRegExp: false });
    const validate = ajv.compile({ ...rest, $id: id as string });
    const log = JSON.parse(readFileSync(join(reportDir, 'expected/report.sarif'), 'utf8'));
    expect(validate(log) ? [] : validate.errors).toEqual([]);
    expect(validate({ version: '2.1.0', runs: [{ tool: { driver: {} } }] })).toBe(false);
    const uris = (log.runs[0].results as { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[]).map(
      (r) => r.locations[0]!.physicalLocation.artifactLocation.uri,
    );
    for (const uri of uris) expect(uri).toMatch(/^[\w.\-/%]+$/);
  });

  it('--quiet prints errors only; warnings still count for --max-warnings', () => {
    const dir = writeSources({
      'tools/t.ts': `import { defineTool } from 'agent-tools';\nexport const t = defineTool({ name: 'get_font', description: 'Returns the font family of a text node.', mutates: false, params: {}, execute: () => ({}) });\n`,
    });
    const loud = run(dir, 'validate', '--profile', 'tools');
    expect(loud.status).toBe(0);
    expect(loud.stdout).toContain('warn   Exported tool "get_font" (t) has no JSDoc comment.  jsdoc');
    const quiet = run(dir, 'validate', '--profile', 'tools', '--quiet', '--max-warnings', '0');
    expect(quiet.stdout).not.toContain('jsdoc');
    expect(quiet.stdout).toBe(
      '⚠ 0 errors, 1 warning (1 file, 1 tool; core tier: 0 tools, 0 tokens; extended tier: 0 tools, 0 tokens; profile tools)\n',
    );
    expect(quiet.status).toBe(1);
    expect(quiet.stderr).toBe(
      'agent-tools: 1 warning, more than --max-warnings 0 allows (hidden by --quiet: 1 jsdoc; drop --quiet to see them)\n',
    );
    const within = run(dir, 'validate', '--profile', 'tools', '--max-warnings', '1');
    expect(within.status).toBe(0);
    expect(within.stderr).toBe('');
  });

  it('--report writes the Markdown report while stdout shows the text summary', () => {
    const dir = writeSources({ 'tools/t.ts': readFileSync(join(reportDir, 'tools/fonts.ts'), 'utf8') });
    const r = run(dir, 'validate', 'tools', '--profile', 'tools', '--report', 'out/report.md');
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/\n✖ 2 errors, 3 warnings \(1 file, 3 tools;/);
    const md = readFileSync(join(dir, 'out/report.md'), 'utf8');
    expect(md.startsWith('# agent-tools validate\n')).toBe(true);
    expect(md).toContain('| 1 | `schema-layer` | Tools are built on a schema layer | off | off | 0 | 0 |');
    // a second run replaces its own report; a file that is not a report is kept
    expect(run(dir, 'validate', 'tools', '--profile', 'tools', '--report', 'out/report.md').status).toBe(1);
    writeFileSync(join(dir, 'notes.md'), 'mine\n');
    const refused = run(dir, 'validate', 'tools', '--report', 'notes.md');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/--report notes\.md exists and is not an agent-tools validate report; not overwritten \(use --force\)/);
    expect(readFileSync(join(dir, 'notes.md'), 'utf8')).toBe('mine\n');
  });
});

describe('agent-tools validate: exit 2 and what still gets checked', () => {
  it('a missing path is a usage error', () => {
    const r = run(writeSources({ 'x.ts': '' }), 'validate', 'nope');
    expect(r.status).toBe(2);
    expect(r.stderr).toBe("agent-tools: no such file or folder: nope\n(run 'npx agent-tools validate --help' for usage)\n");
    expect(r.stdout).toBe('');
  });

  it('a bad configuration key is reported with its path', () => {
    const dir = writeSources({
      'tools/t.ts': '',
      'agent-tools.config.json': '{ "checks": { "jsdok": "off", "jsdoc": "never" }, "limits": { "coreMaxTools": -1 } }',
    });
    const r = run(dir, 'validate');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^agent-tools: agent-tools\.config\.json: invalid configuration: /);
    expect(r.stderr).toContain('$.checks.jsdok: unknown key "jsdok" (did you mean "jsdoc"?)');
    expect(r.stderr).toContain('$.checks.jsdoc: "jsdoc" must be one of "error", "warn", "off", not the string "never"');
    expect(r.stderr).toContain('$.limits.coreMaxTools: "coreMaxTools" must be at least 0, not the number -1');
  });

  it('a bad --format is a usage error', () => {
    const r = run(root, 'validate', '--format', 'xml');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("argument 'xml' is invalid. Allowed choices are text, markdown, json, sarif, github.");
  });

  it('two files defining set_font: both locations, exit 1', () => {
    const tool = (v: string) =>
      `import { defineTool } from 'agent-tools';\n/** Font. */\nexport const ${v} = defineTool({ name: 'set_font', description: 'Sets the font family of a text node.', mutates: true, destructive: false, params: {}, execute: () => ({}) });\n`;
    const dir = writeSources({
      'tools/a.ts': tool('a'),
      'tools/b.ts': tool('b'),
      'tools/index.ts': `export * from './a';\nexport { b } from './b';\n`,
    });
    const r = run(dir, 'validate', '--profile', 'tools');
    expect(r.status).toBe(1);
    // at the name's value (column 37), not at defineTool( (column 18)
    expect(r.stdout).toContain('tools/a.ts:3:37  error  Tool name "set_font" is also defined at tools/b.ts:3:37.  unique-names');
    expect(r.stdout).toContain('tools/b.ts:3:37  error  Tool name "set_font" is also defined at tools/a.ts:3:37.  unique-names');
    expect(r.stdout).toContain('2 errors, 0 warnings');
  });

  it('a file with a syntax error is a finding; the other files are still checked', () => {
    const dir = writeSources({
      'tools/broken.ts': 'export const = ;\n',
      'tools/ok.ts': `import { defineTool } from 'agent-tools';\n/** x */\nexport const t = defineTool({ name: 'Bad Name', description: 'Sets the font family of a text node.', mutates: true, destructive: false, params: {}, execute: () => ({}) });\n`,
    });
    const r = run(dir, 'validate', '--profile', 'tools', '--format', 'json');
    expect(r.status).toBe(1);
    const out = JSON.parse(r.stdout) as { findings: { checkId: string; file: string; line: number }[] };
    expect(out.findings.map((f) => [f.checkId, f.file, f.line])).toEqual([
      ['define-tool', 'tools/broken.ts', 1],
      ['snake-case-name', 'tools/ok.ts', 3],
    ]);
  });

  it('one syntax error in a scaffolded toolbox: the error first, the registry entry marked as its consequence, nothing at adapter.ts:1:1', () => {
    const dir = writeSources({});
    const scaffolded = spawnSync(process.execPath, [bin, 'scaffold'], {
      cwd: dir,
      input: '{"name":"get_thing","desc":"Returns the thing with the given id from the store","mutates":false,"params":{"id!":"Thing id"}}',
      encoding: 'utf8',
    });
    expect(scaffolded.status).toBe(0);
    writeFileSync(
      join(dir, 'tools/read/get-thing.ts'),
      readFileSync(join(dir, 'tools/read/get-thing.ts'), 'utf8') + 'export const x = (;\n',
    );
    const r = run(dir, 'validate', 'tools');
    expect(r.status).toBe(1);
    expect(r.stdout.split('\n').filter((l) => /^\S.* {2}error {2}/.test(l))).toEqual([
      'tools/read/get-thing.ts:18:19  error  Syntax error: Expression expected; tools in this file are left out  define-tool',
      'tools/registry-core.ts:6:3  error  Registry entry `getThingTool` in CORE_TOOLS names a tool in a file with a syntax error: a consequence of the error at tools/read/get-thing.ts:18:19.  registered',
    ]);
  });

  it("a missing brace is one syntax error (the parser's later errors counted, not listed), and the registry entries point at it", () => {
    const dir = writeSources({
      'tools/tools.ts': [
        "import { createRegistry, defineTool } from 'agent-tools';",
        "export const getTime = defineTool({ name: 'get_time', description: 'Get the current time in ISO 8601 format.', mutates: false, params: {}, execute: () => 1 });",
        'export const addNote = defineTool({',
        "  name: 'add_note', description: 'Add a note with a title to the notebook.', mutates: true, destructive: false,",
        "  params: { title: { type: 'string', description: 'Note title', required: true } },",
        '  execute: ({ title }) => ({ title ,',
        '});',
        'export const registry = createRegistry({ core: [getTime, addNote], extended: [] });',
        '',
      ].join('\n'),
    });
    const r = run(dir, 'validate', 'tools');
    expect(r.status).toBe(1);
    const errors = r.stdout.split('\n').filter((l) => /^\S.* {2}error {2}/.test(l));
    expect(errors[0]).toBe(
      "tools/tools.ts:7:3  error  Syntax error: ',' expected (and 3 more parse errors after it in this file, most likely caused by it); tools in this file are left out  define-tool",
    );
    expect(errors.slice(1)).toEqual([
      'tools/tools.ts:8:49  error  Registry entry `getTime` in core names a tool in a file with a syntax error: a consequence of the error at tools/tools.ts:7:3.  registered',
      'tools/tools.ts:8:58  error  Registry entry `addNote` in core names a tool in a file with a syntax error: a consequence of the error at tools/tools.ts:7:3.  registered',
    ]);
  });

  it('a folder of non-TypeScript files is one finding saying so (it was four at .:1:1)', () => {
    const dir = writeSources({ 'notes/a.md': '# A\n', 'notes/b.json': '{}\n' });
    const r = run(dir, 'validate', 'notes');
    expect(r.status).toBe(1);
    expect(r.stdout).toBe(
      'notes:1:1  error  no tool found in notes: no .ts, .tsx, .mts, .cts, .js, .mjs or .cjs file there (2 other files).  define-tool\n' +
        '    hint: Point validate at the folder that holds the tools; tools written with the MCP SDK, the AI SDK or Mastra are read too (node_modules/agent-tools/docs/bring-your-own-tools.md).\n\n' +
        '✖ 1 error, 0 warnings (0 files, 0 tools; core tier: 0 tools, 0 tokens; extended tier: 0 tools, 0 tokens; profile full)\n',
    );
  });
});

describe('agent-tools explain and --init-ci', () => {
  it('explain <check-id> prints the docs section', () => {
    const r = run(root, 'explain', 'flat-params');
    expect(r.status).toBe(0);
    expect(r.stdout.startsWith('## flat-params\n\n19. **Params are flat and well-formed**.')).toBe(true);
    expect(r.stdout).toContain('Gemini accepts only string enums');
    expect(r.stdout).toContain('\nFindings:\n\n- `problem` (error): Tool "{{tool}}": {{field}}: {{problem}}.\n- `numericEnum` (warning): ');
    const [section, policy] = r.stdout.split('\n**Severity policy.**');
    expect(readFileSync(`${root}docs/checks.md`, 'utf8')).toContain(section);
    expect(readFileSync(`${root}docs/checks.md`, 'utf8')).toContain(`\n**Severity policy.**${policy!.trimEnd()}\n`);
    expect(policy).toContain('A warning is a quality heuristic: a description shorter than the minimum');
  });

  it('explain approval-rules prints its summary, then its details as paragraphs of their own', () => {
    const r = run(root, 'explain', 'approval-rules');
    expect(r.status).toBe(0);
    const paragraphs = r.stdout.split('\n\n');
    const summary = paragraphs.findIndex((p) => p.startsWith('Every entry of an approval policy'));
    expect(paragraphs[summary]).toMatch(/a warning for an `allow` entry \(it fails safe: the tool still asks\), at the entry\.$/);
    expect(paragraphs[summary + 1]!.startsWith('The policies are the `approval` key of agent-tools.config.json')).toBe(true);
    expect(paragraphs.filter((p) => p.length > 200).length).toBeGreaterThan(20);
    expect(Math.max(...paragraphs.map((p) => p.length))).toBeLessThan(8000);
  });

  it('explain of an unknown id exits 2 with close matches', () => {
    const r = run(root, 'explain', 'snake-case');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      /^agent-tools: unknown check or diff rule "snake-case"; did you mean "snake-case-name"\? \(checks: schema-layer, /,
    );
  });

  it('--init-ci writes the workflow once and never overwrites it without --force', () => {
    const dir = writeSources({ 'x.ts': '' });
    const first = run(dir, 'validate', '--init-ci');
    expect(first.status).toBe(0);
    expect(first.stdout).toBe('wrote .github/workflows/agent-tools.yml\n');
    const written = join(dir, '.github/workflows/agent-tools.yml');
    expect(readFileSync(written, 'utf8')).toBe(readFileSync(`${root}templates/github-actions.yml`, 'utf8'));
    writeFileSync(written, 'edited\n');
    const second = run(dir, 'validate', '--init-ci');
    expect(second.status).toBe(2);
    expect(second.stderr).toContain('.github/workflows/agent-tools.yml already exists; not overwritten');
    expect(readFileSync(written, 'utf8')).toBe('edited\n');
    expect(existsSync(join(dir, '.github/workflows'))).toBe(true);
    const forced = run(dir, 'validate', 'tools', '--init-ci', '--force');
    expect([forced.status, forced.stdout]).toEqual([0, 'wrote .github/workflows/agent-tools.yml\n']);
    expect(readFileSync(written, 'utf8')).toContain('npx agent-tools validate tools --format sarif');
  });

  it('validate tools --init-ci writes a workflow that validates tools', () => {
    const dir = writeSources({ 'x.ts': '' });
    expect(run(dir, 'validate', 'tools', '--init-ci').stdout).toBe('wrote .github/workflows/agent-tools.yml\n');
    const written = readFileSync(join(dir, '.github/workflows/agent-tools.yml'), 'utf8');
    expect(written).toContain('run: npx agent-tools validate tools --format sarif > agent-tools.sarif\n');
    expect(written).toContain('run: npx agent-tools validate tools --format github --report agent-tools-report.md\n');
  });
});
