/** Tests of the `scaffold` command: files written, existing registries kept, malformed and invalid specs refused. */

import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles, runCli, tempProject } from './project.js';

const spec = (name: string, extra: object = {}) =>
  JSON.stringify({ name, description: `Does ${name} for the scaffold tests.`, mutates: false, params: { 'id!': 'Node id' }, ...extra });
/** A temp folder under one with a tsconfig.json, so scaffold has no reason for its note on running TypeScript. */
const fresh = () => {
  const parent = mkdtempSync(join(tmpdir(), 'scaffold-cli-'));
  writeFileSync(join(parent, 'tsconfig.json'), '{}');
  mkdirSync(join(parent, 'app'));
  return join(parent, 'app');
};
const SKELETON = ['tools/adapter.ts', 'tools/registry-core.ts', 'tools/registry-extended.ts', 'tools/registry.ts', 'tools/schema.ts'];
const NEXT =
  'next: call createAgentTools() from tools/adapter.ts where your agent runs (it wires toolsToAI with a tool log, a step budget and the hooks)\n';

describe('agent-tools scaffold (CLI)', () => {
  it('writes the tool and the skeleton, lists them on stdout and the inferences on stderr', () => {
    const dir = fresh();
    const r = runCli(dir, ['scaffold'], spec('get_node'));
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(
      [
        'created tools/read/get-node.ts',
        'created tools/registry-core.ts',
        'created tools/registry-extended.ts',
        'created tools/schema.ts',
        'created tools/registry.ts',
        'created tools/adapter.ts',
        '',
      ].join('\n'),
    );
    expect(r.stderr).toBe(
      'get_node: inferred param types (optional unless marked required: end a name with ! to require it; give the full form { "type": ... } to change one):\n  id: string, required — no rule matched\n' +
        NEXT,
    );
    expect(listFiles(dir)).toEqual(['tools/read/get-node.ts', ...SKELETON].sort());
  });

  it('adds a second tool to the existing registry and keeps hand edits', () => {
    const dir = fresh();
    expect(runCli(dir, ['scaffold'], spec('get_node', { tier: 'extended' })).status).toBe(0);
    const ext = join(dir, 'tools/registry-extended.ts');
    writeFileSync(ext, readFileSync(ext, 'utf8') + '\n// hand edit: keep me\n');
    rmSync(join(dir, 'tools/adapter.ts'));
    const r = runCli(dir, ['scaffold'], spec('set_node', { tier: 'core', mutates: true }));
    expect(r.status).toBe(0);
    // an existing toolbox is only appended to: no adapter is added to it, even when it has none
    expect(r.stdout).toBe('created tools/modify/set-node.ts\nupdated tools/registry-core.ts\n');
    expect(r.stderr).not.toContain('next:');
    expect(readFileSync(join(dir, 'tools/registry-core.ts'), 'utf8')).toContain("import { setNodeTool } from './modify/set-node.js';");
    expect(readFileSync(ext, 'utf8')).toContain('getNodeTool,\n];\n\n// hand edit: keep me\n');
  });

  it('refuses malformed JSON with line and column, exit 2, nothing written', () => {
    const dir = fresh();
    const r = runCli(dir, ['scaffold'], '{\n  "name": "x",\n  "params": { "a": "b", }\n}');
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      'agent-tools: stdin is not valid JSON: line 3, column 25: expected a property name in double quotes, found "}"\n',
    );
    expect(r.stdout).toBe('');
    expect(listFiles(dir)).toEqual([]);
  });

  it('refuses an invalid spec with the path of the bad field, exit 2, nothing written', () => {
    const dir = fresh();
    const r = runCli(
      dir,
      ['scaffold'],
      JSON.stringify([JSON.parse(spec('ok_one')), { name: 'bad', description: 'd', params: { w: { type: 'int', description: 'w' } } }]),
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^agent-tools: invalid spec: \$\[1\]\.params\.w\.type: .*; nothing written\n$/);
    expect(listFiles(dir)).toEqual([]);
  });

  it('refuses required together with default with the field path', () => {
    const dir = fresh();
    const r = runCli(
      dir,
      ['scaffold'],
      JSON.stringify({
        name: 'x',
        description: 'd',
        params: { italic: { type: 'boolean', description: 'i', required: true, default: false } },
      }),
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('invalid spec: $.params.italic.default: a param cannot be both required and defaulted');
    expect(listFiles(dir)).toEqual([]);
  });

  it('refuses two specs that give the same tool (set_node twice)', () => {
    const dir = fresh();
    const r = runCli(dir, ['scaffold'], `[${spec('set_node')}, ${spec('set_node')}]`);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('invalid spec: $[1].name: "set_node" collides with $[0] ("set_node"): both give set_node');
    expect(listFiles(dir)).toEqual([]);
  });

  it('--with-test says vitest must be installed when the project cannot resolve it, and not when it can', () => {
    const note = 'note: the test files import vitest, which is not installed here: npm install -D vitest, then npx vitest run\n';
    const bare = runCli(fresh(), ['scaffold', '--with-test'], spec('a'));
    expect(bare.status).toBe(0);
    expect(bare.stderr).toContain(note);
    const withVitest = runCli(tempProject(), ['scaffold', '--with-test'], spec('a'));
    expect(withVitest.status).toBe(0);
    expect(withVitest.stdout).toContain('created tools/read/a.test.ts\n');
    expect(withVitest.stderr).not.toContain('vitest');
    expect(runCli(fresh(), ['scaffold'], spec('a')).stderr).not.toContain('vitest');
  });

  it('stops before writing anything when a file exists, lists it, exit 2; --force overwrites', () => {
    const dir = fresh();
    mkdirSync(join(dir, 'tools/read'), { recursive: true });
    writeFileSync(join(dir, 'tools/read/b.ts'), 'mine\n');
    const r = runCli(dir, ['scaffold', '--with-test'], `[${spec('a')}, ${spec('b')}]`);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('These files exist already:\n  tools/read/b.ts\n');
    expect(r.stderr).toContain('agent-tools: 1 file would be overwritten; nothing written (use --force to overwrite)\n');
    expect(listFiles(dir)).toEqual(['tools/read/b.ts']);
    expect(readFileSync(join(dir, 'tools/read/b.ts'), 'utf8')).toBe('mine\n');
    const f = runCli(dir, ['scaffold', '--with-test', '--force'], `[${spec('a')}, ${spec('b')}]`);
    expect(f.status).toBe(0);
    expect(f.stdout).toContain('overwrote tools/read/b.ts\n');
    expect(readFileSync(join(dir, 'tools/read/b.ts'), 'utf8')).toContain("name: 'b',");
    expect(listFiles(dir)).toEqual(
      ['tools/read/a.test.ts', 'tools/read/a.ts', 'tools/read/b.test.ts', 'tools/read/b.ts', ...SKELETON].sort(),
    );
  });

  it('--dry-run prints paths and contents and writes nothing', () => {
    const dir = fresh();
    const r = runCli(dir, ['scaffold', '--dry-run'], spec('get_node'));
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^--- tools\/read\/get-node\.ts \(create\)\nimport \{ defineTool \} from '\.\.\/schema\.js';\n/);
    expect(r.stdout).toContain("--- tools/registry.ts (create)\nimport { createRegistry } from './schema.js';");
    expect(r.stdout).toContain(
      "--- tools/adapter.ts (create)\nimport { createStepBudget, type AnyToolDef, type StepBudget, type ToolLogEntry } from 'agent-tools';",
    );
    expect(r.stdout.match(/^--- /gm)).toHaveLength(6);
    expect(r.stderr).toContain('dry run: 6 files not written\n');
    expect(listFiles(dir)).toEqual([]);
  });

  it('--out chooses the root', () => {
    const dir = fresh();
    const r = runCli(dir, ['scaffold', '--out', 'src/agent'], spec('get_node'));
    expect(r.status).toBe(0);
    expect(listFiles(dir)).toEqual([
      'src/agent/adapter.ts',
      'src/agent/read/get-node.ts',
      'src/agent/registry-core.ts',
      'src/agent/registry-extended.ts',
      'src/agent/registry.ts',
      'src/agent/schema.ts',
    ]);
  });

  it('--out naming a file, not a folder, exits 2 saying so, nothing written', () => {
    const dir = fresh();
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src/tools.ts'), '// mine\n');
    const r = runCli(dir, ['scaffold', '--out', 'src/tools.ts'], spec('get_node'));
    expect([r.status, r.stderr.split('\n')[0], r.stdout]).toEqual([
      2,
      'agent-tools: --out src/tools.ts is a file; scaffold writes into a folder',
      '',
    ]);
    expect(listFiles(dir)).toEqual(['src/tools.ts']);
    expect(readFileSync(join(dir, 'src/tools.ts'), 'utf8')).toBe('// mine\n');
  });

  it('refuses an existing tier file it cannot edit, writing nothing', () => {
    const dir = fresh();
    mkdirSync(join(dir, 'tools'));
    writeFileSync(join(dir, 'tools/registry-extended.ts'), 'export const EXTENDED_TOOLS = loadAll();\n');
    const r = runCli(dir, ['scaffold'], spec('get_node', { tier: 'extended' }));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/\n/);
    expect(r.stderr.split('\n').at(-2)).toBe(
      'agent-tools: tools/registry-extended.ts: expected `export const EXTENDED_TOOLS = [...]` (an array literal) to add the tool to; add it, or list the tool by hand; nothing written',
    );
    expect(listFiles(dir)).toEqual(['tools/registry-extended.ts']);
  });

  it('shows the spec format in --help', () => {
    const r = runCli(fresh(), ['scaffold', '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('--interactive');
    expect(r.stdout).toContain('short form { "weight": "Font weight, 100-900" }');
  });

  it('refuses to list a tool in a second tier (re-scaffolded with --force and another tier)', () => {
    const dir = fresh();
    expect(runCli(dir, ['scaffold'], spec('get_node', { tier: 'extended' })).status).toBe(0);
    const before = readFileSync(join(dir, 'tools/read/get-node.ts'), 'utf8');
    const r = runCli(dir, ['scaffold', '--force'], spec('get_node', { tier: 'core' }));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/\n/);
    expect(r.stderr.split('\n').at(-2)).toBe(
      'agent-tools: tools/registry-extended.ts already lists getNodeTool; a tool belongs to one tier, so move it by hand; nothing written',
    );
    expect(readFileSync(join(dir, 'tools/read/get-node.ts'), 'utf8')).toBe(before);
    expect(readFileSync(join(dir, 'tools/registry-core.ts'), 'utf8')).not.toContain('getNodeTool');
  });
});

describe('agent-tools scaffold warns about what validate would report', () => {
  it('a description under 20 characters, before writing, and writes the tool', () => {
    const dir = fresh();
    const r = runCli(dir, ['scaffold'], JSON.stringify({ name: 'get_thing', description: 'short', mutates: false, params: {} }));
    expect(r.status).toBe(0);
    expect(r.stderr.split('\n')[0]).toBe(
      'agent-tools: warning: get_thing: the description has 5 characters, fewer than 20; npx agent-tools validate will report it (tool-description)',
    );
    expect(listFiles(dir)).toContain('tools/read/get-thing.ts');
  });
});

// --interactive refuses a name that is not snake_case at Enter; a piped spec got only a warning and the tool was written
describe('agent-tools scaffold refuses a piped name that is not snake_case, as --interactive does', () => {
  it.each([
    ['setFont2', 'set_font2'],
    ['Get-Thing', 'get_thing'],
  ])('%s: exit 2, the field, the value, why and %s, nothing written', (name, suggestion) => {
    const dir = fresh();
    const r = runCli(dir, ['scaffold'], JSON.stringify({ name, description: 'x', mutates: true, params: { 'id!': 'Node id' } }));
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      `agent-tools: invalid spec: $.name: "${name}" is not snake_case: try ${suggestion} (the snake-case-name rule; --interactive refuses it too); nothing written\n`,
    );
    expect(r.stdout).toBe('');
    expect(listFiles(dir)).toEqual([]);
  });

  it('names the element of an array of specs', () => {
    const dir = fresh();
    const r = runCli(dir, ['scaffold'], `[${spec('set_node')}, ${spec('setNode')}]`);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('invalid spec: $[1].name: "setNode" is not snake_case: try set_node');
    expect(listFiles(dir)).toEqual([]);
  });
});

// First contact with the documented format, and no terminal for the prompts
describe('agent-tools scaffold on first contact', () => {
  const documented = '[{"name":"set_font","desc":"Set font properties","mutates":true,"params":{"font":"Font family","weight":"100-900"}}]';

  it('takes the documented short format verbatim (desc, an array)', () => {
    const dir = fresh();
    const r = runCli(dir, ['scaffold'], documented);
    expect(r.status).toBe(0);
    const file = readFileSync(join(dir, 'tools/modify/set-font.ts'), 'utf8');
    expect(file).toContain("  description: 'Set font properties',\n  mutates: true,\n");
    // "100-900" is only a type hint: the range becomes min/max (whole numbers), the description a TODO that validate flags
    expect(file).toContain(
      "    weight: { type: 'number', description: 'TODO: describe weight for the model', min: 100, max: 900, integer: true },\n",
    );
    expect(r.stderr).toContain(
      'agent-tools: warning: set_font: param "weight" has a TODO description: write what it means; npx agent-tools validate will report it (param-description)\n',
    );
    expect(r.stderr).toContain(
      '  weight: number (min 100, max 900, integer) — range "100-900" in the text; the text is only a range, so the description is a TODO for you to write\n',
    );
    const v = runCli(dir, ['validate', 'tools', '--format', 'json']);
    const findings = (JSON.parse(v.stdout) as { findings: { checkId: string; messageId: string; severity: string }[] }).findings;
    // the documented spec's own description, "Set font properties", is short too (tool-description)
    expect(findings.filter((f) => f.checkId === 'param-description')).toEqual([
      expect.objectContaining({ messageId: 'placeholder', severity: 'warn', message: expect.stringContaining('"weight"') }),
    ]);
    expect(v.status).toBe(0);
  });

  it('refuses a misspelt key with a suggestion and the JSON path, exit 2, nothing written', () => {
    const dir = fresh();
    const r = runCli(dir, ['scaffold'], '[{"name":"set_font","desc":"Set font properties","mutate":true}]');
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('agent-tools: invalid spec: $[0].mutate: unknown key "mutate" (did you mean "mutates"?); nothing written\n');
    expect(listFiles(dir)).toEqual([]);
  });

  it('names every unknown key of a spec at once, each with its suggestion, exit 2, nothing written', () => {
    const dir = fresh();
    const r = runCli(dir, ['scaffold'], '{"name":"x_y","descrption":"abc","mutate":true}');
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      'agent-tools: invalid spec: $.descrption: unknown key "descrption" (did you mean "description"?); ' +
        '$.mutate: unknown key "mutate" (did you mean "mutates"?); nothing written\n',
    );
    expect(listFiles(dir)).toEqual([]);
    const param = runCli(
      dir,
      ['scaffold'],
      '{"name":"x_y","desc":"Does x to y for the tests.","params":{"w":{"type":"number","decription":"W","mn":1}}}',
    );
    expect(param.stderr).toBe(
      'agent-tools: invalid spec: $.params.w.decription: unknown key "decription" (did you mean "description"?); ' +
        '$.params.w.mn: unknown key "mn" (did you mean "min"?); nothing written\n',
    );
    expect(listFiles(dir)).toEqual([]);
  });

  it('scaffold spec.json reads the spec from the file; a missing file, or a file with --interactive, exits 2 writing nothing', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'spec.json'), spec('get_node'));
    const r = runCli(dir, ['scaffold', 'spec.json'], '');
    expect([r.status, r.stdout.split('\n')[0]]).toEqual([0, 'created tools/read/get-node.ts']);
    expect(listFiles(dir)).toEqual(['spec.json', 'tools/read/get-node.ts', ...SKELETON].sort());
    const other = fresh();
    const missing = runCli(other, ['scaffold', 'nope.json'], '');
    expect([missing.status, missing.stderr]).toEqual([2, 'agent-tools: no such file: nope.json\n']);
    writeFileSync(join(other, 'spec.json'), spec('get_node'));
    const both = runCli(other, ['scaffold', 'spec.json', '--interactive'], '');
    expect([both.status, both.stderr.split('\n')[0]]).toEqual([
      2,
      'agent-tools: a spec file (spec.json) and --interactive cannot be used together',
    ]);
    expect(listFiles(other)).toEqual(['spec.json']);
  });

  it('--interactive with a piped spec exits 2 and says to drop --interactive', () => {
    const dir = fresh();
    const r = runCli(dir, ['scaffold', '--interactive'], '');
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(
      "agent-tools: scaffold --interactive asks on a terminal, and stdin is not one: run it in a terminal, or drop --interactive to read a spec from stdin or a file\n(run 'npx agent-tools scaffold --help' for usage)\n",
    );
    expect(r.stdout).toBe('');
    expect(listFiles(dir)).toEqual([]);
  });
});
