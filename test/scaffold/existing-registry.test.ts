/** Tests of scaffold into a toolbox with a registry of its own: the tool added there, no second registry or adapter. */

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { describe, expect, it } from 'vitest';
import { listFiles, runCli, tempProject, tscNoEmit } from './project.js';

/** The README's "Install in your own project" toolbox, byte for byte. */
const README_TOOLS = `import { defineTool, createRegistry } from 'agent-tools';

/** Tells the model the time, in UTC. */
export const getTime = defineTool({
  name: 'get_time',
  description: 'Return the current time as an ISO 8601 string, in UTC.',
  mutates: false,
  params: { offsetMinutes: { type: 'number', default: 0, description: 'Minutes to add to now' } },
  execute: (_api: unknown, { offsetMinutes }) => new Date(Date.now() + offsetMinutes * 60_000).toISOString(),
});

export const registry = createRegistry({ core: [getTime], extended: [] });
`;
/** The README's tour spec. */
const SET_FONT =
  '[{"name":"set_font","desc":"Set the font family and weight of a text node","mutates":true,"params":{"font":"Font family","weight":"100-900"}}]';
const spec = (name: string, extra: object = {}) =>
  JSON.stringify({ name, description: `Does ${name} for the scaffold tests.`, mutates: false, params: { 'id!': 'Node id' }, ...extra });

function toolbox(files: Record<string, string>): string {
  const dir = tempProject();
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

describe('scaffold into a toolbox with a registry of its own', () => {
  it("the README's layout: the tool is added to its createRegistry, no second registry or adapter; validate, export and the runtime agree", async () => {
    const dir = toolbox({ 'tools/tools.ts': README_TOOLS });
    const r = runCli(dir, ['scaffold', '--out', 'tools'], SET_FONT);
    expect(r.stderr).not.toContain('next:');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('created tools/modify/set-font.ts\nupdated tools/tools.ts\n');
    expect(listFiles(dir).filter((f) => f.startsWith('tools/'))).toEqual(['tools/modify/set-font.ts', 'tools/tools.ts']);
    const text = readFileSync(join(dir, 'tools/tools.ts'), 'utf8');
    expect(text).toBe(
      README_TOOLS.replace("from 'agent-tools';\n", "from 'agent-tools';\nimport { setFontTool } from './modify/set-font.js';\n").replace(
        'core: [getTime]',
        'core: [getTime, setFontTool]',
      ),
    );
    // the tool file takes defineTool where the toolbox's own tools do
    expect(readFileSync(join(dir, 'tools/modify/set-font.ts'), 'utf8')).toMatch(/^import \{ defineTool \} from 'agent-tools';\n/);
    expect(tscNoEmit(dir)).toEqual({ status: 0, output: '' });

    const v = runCli(dir, ['validate', 'tools', '--format', 'json']);
    const findings = (JSON.parse(v.stdout) as { findings: { checkId: string }[] }).findings.map((f) => f.checkId);
    // the README's toolbox has its adapter in a file of its own, outside this folder; the README's "weight": "100-900" is only a
    // range, so the param's description is a TODO that param-description flags
    expect(findings).toEqual(['param-description', 'adapter-layer']);
    const core = runCli(dir, ['export', 'tools', '--tier', 'core', '--format', 'json']);
    expect(core.status).toBe(0);
    expect(Object.keys((JSON.parse(core.stdout) as { properties: object }).properties)).toEqual(['get_time', 'set_font']);

    const mod = (await tsImport(join(dir, 'tools/tools.ts'), import.meta.url)) as {
      registry: { core: { name: string }[]; extended: { name: string }[] };
    };
    expect(mod.registry.core.map((t) => t.name)).toEqual(['get_time', 'set_font']);
    expect(mod.registry.extended).toEqual([]);
  });

  it('adds a missing tier property to a createRegistry on one line, and a tool of each tier to its array', () => {
    const dir = toolbox({ 'tools/tools.ts': README_TOOLS.replace(', extended: []', '') });
    const r = runCli(dir, ['scaffold', '--out', 'tools'], `[${spec('get_node')}, ${spec('zoom_to', { tier: 'extended' })}]`);
    expect(r.stderr).toBe(
      'get_node: inferred param types (optional unless marked required: end a name with ! to require it; give the full form { "type": ... } to change one):\n  id: string, required — no rule matched\n' +
        'zoom_to: inferred param types (optional unless marked required: end a name with ! to require it; give the full form { "type": ... } to change one):\n  id: string, required — no rule matched\n',
    );
    expect(r.status).toBe(0);
    expect(readFileSync(join(dir, 'tools/tools.ts'), 'utf8')).toContain(
      'export const registry = createRegistry({ core: [getTime, getNodeTool], extended: [zoomToTool] });\n',
    );
    expect(tscNoEmit(dir)).toEqual({ status: 0, output: '' });
  });

  it('finds CORE_TOOLS/EXTENDED_TOOLS in a file of any name, and follows createRegistry({ core }) to the same array once', () => {
    const dir = toolbox({
      'tools/lists.ts':
        "import type { AnyToolDef } from 'agent-tools';\nimport { a } from './a';\n\nexport const CORE_TOOLS: AnyToolDef[] = [a];\nexport const EXTENDED_TOOLS: AnyToolDef[] = [];\n",
      'tools/a.ts':
        "import { defineTool } from 'agent-tools';\nexport const a = defineTool({ name: 'a_tool', description: 'Does a_tool for the scaffold tests.', mutates: false, params: {}, execute: () => 1 });\n",
      'tools/index.ts':
        "import { createRegistry } from 'agent-tools';\nimport { CORE_TOOLS, EXTENDED_TOOLS } from './lists';\nexport const registry = createRegistry({ core: CORE_TOOLS, extended: EXTENDED_TOOLS });\n",
    });
    const r = runCli(dir, ['scaffold', '--out', 'tools'], spec('get_node'));
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('created tools/read/get-node.ts\nupdated tools/lists.ts\n');
    // the file's own relative imports have no extension, so neither has the new one
    expect(readFileSync(join(dir, 'tools/lists.ts'), 'utf8')).toBe(
      "import type { AnyToolDef } from 'agent-tools';\nimport { a } from './a';\nimport { getNodeTool } from './read/get-node';\n\nexport const CORE_TOOLS: AnyToolDef[] = [a, getNodeTool];\nexport const EXTENDED_TOOLS: AnyToolDef[] = [];\n",
    );
  });

  it("imports defineTool from the toolbox's own schema module, seen from the new tool's folder", () => {
    const dir = toolbox({
      'tools/layer.ts':
        "export { defineTool, createRegistry } from 'agent-tools';\nexport type { ParamDef, ToolDef } from 'agent-tools';\n",
      'tools/tools.ts': README_TOOLS.replace("from 'agent-tools'", "from './layer.js'"),
    });
    expect(runCli(dir, ['scaffold', '--out', 'tools'], spec('get_node')).status).toBe(0);
    expect(readFileSync(join(dir, 'tools/read/get-node.ts'), 'utf8')).toMatch(/^import \{ defineTool \} from '\.\.\/layer\.js';\n/);
    expect(tscNoEmit(dir)).toEqual({ status: 0, output: '' });
  });

  it.each([
    [
      'two registries in the folder',
      {
        'tools/tools.ts': README_TOOLS,
        'tools/more.ts':
          "import { createRegistry } from 'agent-tools';\nexport const other = createRegistry({ core: [], extended: [] });\n",
      },
      "agent-tools: the folder holds 2 core tier lists (createRegistry's core at tools/more.ts:2:45; createRegistry's core at tools/tools.ts:12:48), so it is not clear which registry the tool belongs to; keep one registry, or list the tool by hand; nothing written\n",
    ],
    [
      'a tier that is computed',
      { 'tools/tools.ts': README_TOOLS.replace('core: [getTime]', 'core: pick([getTime])') },
      "agent-tools: tools/tools.ts:12:48: createRegistry's core is `pick([getTime])`, not an array scaffold can add to; list the tool there by hand, or scaffold with --dry-run and copy the tool file; nothing written\n",
    ],
    [
      'tier arrays without the tier asked for',
      { 'tools/lists.ts': 'export const EXTENDED_TOOLS = [];\n' },
      'agent-tools: the registry in tools/lists.ts has no core tier (no CORE_TOOLS array and no createRegistry call); add `export const CORE_TOOLS = []` beside EXTENDED_TOOLS, or give the tool "tier": "extended"; nothing written\n',
    ],
  ])('refuses, saying why and writing nothing: %s', (_name, files, message) => {
    const dir = toolbox(files);
    const before = listFiles(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]);
    const r = runCli(dir, ['scaffold', '--out', 'tools'], spec('get_node'));
    expect(r.status).toBe(2);
    expect(
      r.stderr
        .split('\n')
        .filter((l) => l.startsWith('agent-tools:'))
        .join('\n') + '\n',
    ).toBe(message);
    expect(listFiles(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')])).toEqual(before);
  });
});

describe("scaffold into a folder whose schema.ts or registry.ts is not scaffold's", () => {
  const DB_SCHEMA = "export const SCHEMA_VERSION = 3; // the database's tables\n";
  const ROUTES = "export const routes = ['/a', '/b'];\n";

  it('refuses, naming each file and what it lacks; writes nothing, even with --force: a file scaffold did not write is never lost', () => {
    const dir = toolbox({ 'tools/schema.ts': DB_SCHEMA, 'tools/registry.ts': ROUTES });
    for (const force of [[], ['--force']]) {
      const r = runCli(dir, ['scaffold', '--out', 'tools', ...force], spec('get_time'));
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(
        'These files exist already:\n' +
          "  tools/schema.ts: not scaffold's, it does not export defineTool and AnyToolDef, which the tool and tier files import from ./schema.js\n" +
          "  tools/registry.ts: not scaffold's, it builds no registry from CORE_TOOLS and EXTENDED_TOOLS (registry-core.ts, registry-extended.ts)\n" +
          "agent-tools: 2 files are not scaffold's; nothing written, even with --force (rename or move them, or scaffold into another folder with --out)\n",
      );
      expect(listFiles(dir).filter((f) => f.startsWith('tools/'))).toEqual(['tools/registry.ts', 'tools/schema.ts']);
      expect(readFileSync(join(dir, 'tools/schema.ts'), 'utf8')).toBe(DB_SCHEMA);
      expect(readFileSync(join(dir, 'tools/registry.ts'), 'utf8')).toBe(ROUTES);
    }
  });

  it("--force still replaces a file scaffold wrote (a tool file), and a user's own registry.ts alone is refused with one line", () => {
    const dir = toolbox({});
    expect(runCli(dir, ['scaffold', '--out', 'tools'], spec('get_time')).status).toBe(0);
    const forced = runCli(
      dir,
      ['scaffold', '--out', 'tools', '--force'],
      spec('get_time', { description: 'Gets the time again for the tests.' }),
    );
    expect(forced.status, forced.stderr).toBe(0);
    expect(forced.stdout).toContain('overwrote tools/read/get-time.ts\n');
    const own = toolbox({ 'app/registry.ts': ROUTES });
    const r = runCli(own, ['scaffold', '--out', 'app', '--force'], spec('get_time'));
    expect([r.status, r.stderr.split('\n').slice(-2)]).toEqual([
      2,
      [
        "agent-tools: 1 file is not scaffold's; nothing written, even with --force (rename or move it, or scaffold into another folder with --out)",
        '',
      ],
    ]);
    expect(listFiles(own)).toContain('app/registry.ts');
    expect(readFileSync(join(own, 'app/registry.ts'), 'utf8')).toBe(ROUTES);
  });

  it("scaffold's own schema.ts and registry.ts are kept and appended to, as before", () => {
    const dir = toolbox({});
    expect(runCli(dir, ['scaffold', '--out', 'tools'], spec('get_time')).status).toBe(0);
    const again = runCli(dir, ['scaffold', '--out', 'tools'], spec('get_date'));
    expect([again.status, again.stdout]).toEqual([0, 'created tools/read/get-date.ts\nupdated tools/registry-core.ts\n']);
  });
});
