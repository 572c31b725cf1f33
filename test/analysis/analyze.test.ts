/** Tests of `analyze`: export forms, values evaluated as the runtime sees them, registries, diagnostics and positions. */

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, MissingPathError } from '../../src/analysis/analyze.js';
import { tempProjects } from '../temp-project.js';

const root = new URL('../..', import.meta.url).pathname;
const fixture = (name: string) => analyze([`fixtures/export/${name}`], { cwd: root });
const brief = (a: ReturnType<typeof analyze>) =>
  a.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.tool ?? '-'} ${d.field ?? '-'}`);

const project = tempProjects('agent-tools-analyze-');

describe('analyze: export forms', () => {
  const a = fixture('forms');

  it('finds every form exactly once, identified by its declaration, barrels never duplicating', () => {
    expect(a.tools.map((t) => `${t.name} ${t.file}:${t.line}:${t.column} [${t.exportNames.join(',')}]`)).toEqual([
      'form_a fixtures/export/forms/a.ts:4:18 [a]',
      'form_b fixtures/export/forms/b.ts:3:11 [b,alsoB]',
      'form_c fixtures/export/forms/c.ts:7:18 [c]',
      'form_d fixtures/export/forms/d.ts:8:18 [d]',
      'form_default fixtures/export/forms/default.ts:3:16 [default]',
    ]);
  });

  it('gives the factory call a diagnostic at its own position instead of dropping it', () => {
    expect(brief(a)).toEqual(['fixtures/export/forms/factory.ts:7:18 factory-call - -']);
    expect(a.diagnostics[0]!.message).toContain('`makeTool(...)`');
  });

  it('records JSDoc, the callee, the variable and the project it used', () => {
    const t = a.tools[0]!;
    expect(t).toMatchObject({
      jsDoc: 'Sets the font of a node.',
      callee: 'defineTool',
      variableName: 'a',
      hasExecute: true,
      hasSnapshot: false,
    });
    expect(a.sourceFiles.map((s) => s.getBaseName())).toEqual(['a.ts', 'b.ts', 'c.ts', 'd.ts', 'default.ts', 'factory.ts', 'index.ts']);
    expect(a.project.getSourceFiles().length).toBe(7);
  });

  it('follows a barrel given alone to the files it re-exports, still once per tool', () => {
    const b = analyze(['fixtures/export/forms/index.ts'], { cwd: root });
    expect(b.tools.map((t) => t.name).sort()).toEqual(['form_a', 'form_b', 'form_c', 'form_d', 'form_default']);
  });
});

describe('analyze: files a folder walk leaves out', () => {
  const tool = (name: string) =>
    `import { defineTool } from 'agent-tools';\nexport const t = defineTool({ name: '${name}', description: 'A tool.', params: {}, execute: () => 1 });\n`;

  it('reads a dot folder or dist file under a given folder when an analyzed file imports it (import, import(), require; a paths alias), from anywhere', () => {
    const dir = project({
      'tools/index.ts': "import './.internal/a.js';\nexport const x = await import('../dist/b.js');\n",
      'tools/.internal/a.ts': `require('../.deeper/c.js');\n${tool('tool_a')}`,
      'tools/.deeper/c.ts': `import '@deep/e';\n${tool('tool_c')}`,
      'tools/.deeper/e.ts': tool('tool_e'),
      'tsconfig.json': '{ "compilerOptions": { "paths": { "@deep/*": ["./tools/.deeper/*"] } } }',
      'dist/b.js': tool('tool_b'),
      '.cache/d.ts': tool('tool_d'),
    });
    expect(analyze(['tools'], { cwd: dir }).tools.map((t) => `${t.name} ${t.file}`)).toEqual([
      'tool_a tools/.internal/a.ts',
      'tool_c tools/.deeper/c.ts',
      'tool_e tools/.deeper/e.ts',
    ]);
    expect(analyze(['.'], { cwd: dir }).tools.map((t) => `${t.name} ${t.file}`)).toEqual([
      'tool_a tools/.internal/a.ts',
      'tool_b dist/b.js',
      'tool_c tools/.deeper/c.ts',
      'tool_e tools/.deeper/e.ts',
    ]);
  });
});

describe('analyze: values are evaluated as the runtime sees them', () => {
  it('templates, +, imported consts, tsconfig paths, namespace imports, spread override, enum spreads, negation, casts', () => {
    const [t] = fixture('values').tools;
    expect(t).toMatchObject({
      name: 'set_font_size',
      title: 'Sets font size',
      description: 'Sets the size of a font in px.',
      mutates: true,
      destructive: false,
    });
    expect(t!.params).toEqual({
      id: { type: 'string', description: 'Node id', required: true },
      size: { type: 'number', description: 'Size (6-144)', min: 6, max: 144, default: 12 },
      offset: { type: 'number', description: 'Baseline offset', min: -10, max: 10, default: -2 },
      weight: { type: 'number', description: 'Weight', enum: [100, 200, 300, 400, 500] },
      style: { type: 'string', description: 'Style', enum: ['normal', 'italic'], default: 'normal' },
    });
    expect(Object.keys(t!.params)).toEqual(['id', 'size', 'offset', 'weight', 'style']);
  });

  it('reads UTF-8 text and multi-line templates as the same code points', () => {
    const [w, m] = fixture('unicode').tools;
    expect(w!.description).toBe('设置字体粗细（100–900）。支持 emoji 👍 与「引号」');
    expect([...w!.description].length).toBe(32);
    expect(w!.params.id!.description).toBe('字体 ID');
    expect(m!.description).toBe('Describes a node.\n    Returns its type, its children\n    and "quoted" text with a tab\there.');
  });

  it('normalizes CRLF in template literals to LF, like the runtime; keeps escapes in strings', () => {
    const dir = project({
      't.ts':
        "import { defineTool } from 'x';\r\nexport const t = defineTool({ name: 't', description: `a\r\nb`, params: { p: { type: 'string', description: 'c\\r\\nd \\u{1F44D}' } }, execute() {} });\r\n",
    });
    const [t] = analyze([dir]).tools;
    expect(t!.description).toBe('a\nb');
    expect(t!.params.p!.description).toBe('c\r\nd 👍');
  });

  it('evaluates a let that is never reassigned, js files, --callee names and namespace-called defineTool', () => {
    const dir = project({
      'a.js': "let d = 'from let';\nexport const a = at.defineTool({ name: 'a', description: d, params: {}, execute() {} });\n",
      'b.mts': "export const b = makeTool({ name: 'b', description: 'custom callee', params: {}, execute() {} });\n",
    });
    expect(analyze([dir]).tools.map((t) => `${t.name}: ${t.description}`)).toEqual(['a: from let']);
    expect(analyze([dir], { callees: ['makeTool'] }).tools.map((t) => `${t.name} ${t.callee}`)).toEqual(['a defineTool', 'b makeTool']);
  });

  it('a factory named as a callee, declared in the analyzed files, is defineTool itself: its calls are tools, no factory-call', () => {
    const dir = project({
      'factory.ts': "import { defineTool } from 'agent-tools';\nexport function makeTool(def: any) { return defineTool(def); }\n",
      't.ts':
        "import { makeTool } from './factory.js';\nexport const p = makeTool({ name: 'ping_it', description: 'Answers pong.', params: {}, execute: () => 'pong' });\n",
    });
    const without = analyze([dir]);
    expect([without.tools.length, without.diagnostics.map((d) => `${d.file.split('/').pop()}:${d.line}:${d.column} ${d.code}`)]).toEqual([
      0,
      ['t.ts:2:18 factory-call'],
    ]);
    const withCallee = analyze([dir], { callees: ['makeTool'] });
    expect([withCallee.tools.map((t) => `${t.name} ${t.callee}`), withCallee.diagnostics]).toEqual([['ping_it makeTool'], []]);
  });

  it('reads properties of constants (object keys, array items, length) and refuses inherited members', () => {
    const dir = project({
      'c.ts':
        "export const S = 'ab' + 'c';\nexport const ARR = ['x', 'y'] as const;\nexport const OBJ = { deep: { text: 'deep text' } };\n",
      't.ts': [
        "import * as C from './c.js';",
        "import { ARR, OBJ, S } from './c.js';",
        "export const a = defineTool({ name: 'a', description: `${S.length} ${ARR[1]} ${C.OBJ.deep.text} ${OBJ['deep'].text} ${C.ARR.length}`, params: {}, execute() {} });",
        "export const b = defineTool({ name: 'b', description: `${OBJ.toString}`, params: {}, execute() {} });",
        "export const c = defineTool({ name: 'c', description: ARR.join(', '), params: {}, execute() {} });",
        '',
      ].join('\n'),
    });
    const a = analyze([join(dir, 't.ts')], { cwd: dir });
    expect(a.tools.map((t) => t.description)).toEqual(['3 y deep text deep text 2']);
    expect(a.diagnostics.map((d) => `${d.line}:${d.column} ${d.tool} ${d.message.split(': ').slice(2).join(': ')}`)).toEqual([
      '4:58 b `OBJ.toString` is inherited from Object.prototype, not data; the tool is left out',
      "5:55 c `ARR.join(', ')` is a call; its result is known only when the code runs; the tool is left out",
    ]);
  });

  it('follows tsconfig paths through extends', () => {
    const dir = project({
      'tsconfig.base.json': '{ "compilerOptions": { "paths": { "#c/*": ["./consts/*"] } } }',
      'tsconfig.json': '{ "extends": "./tsconfig.base.json" }',
      'consts/names.ts': "export const NAME = 'via_paths';\n",
      'tools/t.ts':
        "import { NAME } from '#c/names';\nexport const t = defineTool({ name: NAME, description: 'd', params: {}, execute() {} });\n",
    });
    expect(analyze([join(dir, 'tools')]).tools.map((t) => t.name)).toEqual(['via_paths']);
  });
});

describe('analyze: what cannot be known is never guessed', () => {
  it('names the field, the reason and the position of each unknowable value; the tool is left out', () => {
    const a = fixture('not-static');
    expect(a.tools.map((t) => t.name)).toEqual(['still_ok']);
    expect(brief(a)).toEqual([
      'fixtures/export/not-static/tools.ts:13:70 not-static from_call description',
      'fixtures/export/not-static/tools.ts:15:117 not-static from_let params.v.description',
      'fixtures/export/not-static/tools.ts:17:74 not-static from_access description',
      'fixtures/export/not-static/tools.ts:19:68 not-static from_pkg description',
      'fixtures/export/not-static/tools.ts:21:92 not-static spread_call params',
    ]);
    expect(a.diagnostics.map((d) => d.message.split(': ').slice(2).join(': '))).toEqual([
      '`loadDescription()` is a call; its result is known only when the code runs; the tool is left out',
      '`counter` is a `let`/`var` that is reassigned; its value depends on when the code runs; the tool is left out',
      "`config.text` reads a property of a value that is not a constant: `JSON.parse('{}')` is a call; its result is known only when the code runs; the tool is left out",
      "`fromPackage` is imported from 'some-package', which is not a relative or tsconfig `paths` import of a source file; the tool is left out",
      '`loadParams()` is a call; its result is known only when the code runs; the tool is left out',
    ]);
  });

  it('reports a value in another file at that file, naming the tool', () => {
    const dir = project({
      'c.ts': 'export const D = `x${process.env.X}`;\n',
      't.ts': "import { D } from './c.js';\nexport const t = defineTool({ name: 't', description: D, params: {}, execute() {} });\n",
    });
    const a = analyze([join(dir, 't.ts')], { cwd: dir });
    expect(a.tools).toEqual([]);
    expect(brief(a)).toEqual(['c.ts:1:22 not-static t description']);
    expect(a.diagnostics[0]!.message).toContain('for the defineTool() call at t.ts:2:18');
  });

  it('reports a defineTool call in a module-level loop at its position, never one guessed tool', () => {
    const dir = project({
      't.ts':
        "const tools = [];\nfor (const n of ['a', 'b']) {\n  tools.push(defineTool({ name: n, description: 'd', params: {}, execute() {} }));\n}\n",
    });
    const a = analyze([dir], { cwd: dir });
    expect(a.tools).toEqual([]);
    expect(brief(a)).toEqual(['t.ts:3:14 not-static - -']);
    expect(a.diagnostics[0]!.message).toContain('inside a loop (line 2)');
  });

  it('reports constants that refer to each other instead of looping', () => {
    const dir = project({
      't.ts':
        "const a = b;\nconst b = a;\nconst o = { ...p };\nconst p = { ...o };\nexport const t = defineTool({ name: 't', description: a, params: {}, execute() {} });\nexport const u = defineTool({ name: 'u', description: 'd', params: o, execute() {} });\n",
    });
    const a = analyze([dir], { cwd: dir });
    expect(a.tools).toEqual([]);
    expect(a.diagnostics.map((d) => `${d.tool} ${d.field} ${d.code} ${d.message.includes('refers to itself')}`)).toEqual([
      't description not-static true',
      'u params not-static true',
    ]);
  });

  it('reports a missing field, a wrong type and a syntax error with their positions', () => {
    const dir = project({
      'a.ts':
        "export const a = defineTool({ name: 'a', params: {}, execute() {} });\nexport const b = defineTool({ name: 'b', description: 42, params: {}, execute() {} });\n",
      'broken.ts': "export const c = defineTool({ name: 'c', description: 'x', params: { });\n",
    });
    const a = analyze([dir], { cwd: dir });
    expect(brief(a)).toEqual([
      'a.ts:1:29 missing-field a description',
      'a.ts:2:55 bad-type b description',
      'broken.ts:1:71 syntax-error - -',
    ]);
  });

  it('throws MissingPathError for a path that does not exist', () => {
    expect(() => analyze(['nope'], { cwd: root })).toThrow(MissingPathError);
  });
});

describe('analyze: duplicates and registries', () => {
  it('two declarations of set_font give both locations; the barrel re-export is not a third', () => {
    const a = fixture('duplicates');
    expect(a.tools.map((t) => t.name)).toEqual(['set_font', 'set_font', 'set-font']);
    expect(brief(a)).toEqual([
      // where each name is written (the `name` value), not the defineTool( call
      'fixtures/export/duplicates/font-a.ts:3:43 duplicate-name set_font name',
      'fixtures/export/duplicates/font-b.ts:3:46 duplicate-name set_font name',
    ]);
    expect(a.diagnostics[0]!.message).toContain('fixtures/export/duplicates/font-b.ts:3:46');
    expect(a.diagnostics[1]!.message).toContain('fixtures/export/duplicates/font-a.ts:3:43');
  });

  it('finds CORE_TOOLS/EXTENDED_TOOLS/ALL_TOOLS, resolves entries across files and sets tiers', () => {
    const a = fixture('registry');
    expect(a.tools.map((t) => `${t.name}:${t.tier ?? '-'}`)).toEqual(['unlisted:-', 'zoom:extended', 'select:core']);
    expect(a.registries.core).toMatchObject({
      source: 'array',
      declaredAs: 'CORE_TOOLS',
      file: 'fixtures/export/registry/index.ts',
      line: 4,
      column: 14,
    });
    expect(a.registries.core!.entries).toMatchObject([{ kind: 'tool', text: 'select', name: 'select', line: 4, column: 28 }]);
    expect(a.registries.all!.entries.map((e) => [e.kind, e.text, e.spreadOf])).toEqual([
      ['spread', '...CORE_TOOLS', 'core'],
      ['spread', '...EXTENDED_TOOLS', 'extended'],
    ]);
  });

  it('reads createRegistry({ core, extended }) when there are no named lists', () => {
    const dir = project({
      't.ts':
        "const a = defineTool({ name: 'a', description: 'd', params: {}, execute() {} });\nconst b = defineTool({ name: 'b', description: 'd', params: {}, execute() {} });\nexport const r = createRegistry({ core: [a], extended: [b] });\n",
    });
    const a = analyze([dir], { cwd: dir });
    expect(a.tools.map((t) => `${t.name}:${t.tier}`)).toEqual(['a:core', 'b:extended']);
    expect(a.registries.core).toMatchObject({ source: 'createRegistry', declaredAs: 'core', line: 3, column: 35 });
  });

  it('a tool in a createRegistry core is in the core tier whatever other tier lists the folder holds', () => {
    // the README's layout (tools.ts with createRegistry) after an older scaffold added its own skeleton beside it
    const dir = project({
      'registry-core.ts': 'export const CORE_TOOLS = [];\n',
      'registry-extended.ts': "import { setFont } from './set-font';\nexport const EXTENDED_TOOLS = [setFont];\n",
      'registry.ts':
        "import { CORE_TOOLS } from './registry-core';\nimport { EXTENDED_TOOLS } from './registry-extended';\nexport const registry = createRegistry({ core: CORE_TOOLS, extended: EXTENDED_TOOLS });\n",
      'set-font.ts': "export const setFont = defineTool({ name: 'set_font', description: 'd', params: {}, execute() {} });\n",
      'tools.ts':
        "export const getTime = defineTool({ name: 'get_time', description: 'd', params: {}, execute() {} });\nexport const registry = createRegistry({ core: [getTime], extended: [] });\n",
    });
    const a = analyze([dir], { cwd: dir });
    expect(a.tools.map((t) => `${t.name}:${t.tier}`)).toEqual(['set_font:extended', 'get_time:core']);
    expect(a.registries.core).toMatchObject({ source: 'array', declaredAs: 'CORE_TOOLS', file: 'registry-core.ts' });
    // createRegistry({ core: CORE_TOOLS }) is the same array, so it is not listed again
    expect(a.registries.also?.core?.map((l) => `${l.file}:${l.line}:${l.column} ${l.declaredAs}`)).toEqual(['tools.ts:2:42 core']);
    expect(a.registries.also?.extended?.map((l) => `${l.file} ${l.entries.length}`)).toEqual(['tools.ts 0']);
  });

  it('reports progress per file', () => {
    const seen: string[] = [];
    analyze(['fixtures/export/duplicates'], { cwd: root, onProgress: (d, t) => seen.push(`${d}/${t}`) });
    expect(seen).toEqual(['1/3', '2/3', '3/3']);
  });
});
