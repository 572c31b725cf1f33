/** Tests that `validate` warns of an approval key written on a tool after its definition, which switches approval off unseen. */

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NOTES as NOTES_TOOLBOX } from './notes-toolbox.js';

const bin = join(import.meta.dirname, '..', '..', 'bin', 'agent-tools.js');

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

// the notes toolbox without its registry: tools/registry.ts, or agent.ts, builds one
const NOTES = NOTES_TOOLBOX.slice(0, NOTES_TOOLBOX.indexOf('export const registry'));

const REGISTRY = (core: string, before = '') => `import { createRegistry } from 'agent-tools';
import { CORE_TOOLS, deleteNoteTool } from './notes.js';
${before}
export const registry = createRegistry({ core: ${core}, extended: [] });
`;

/** A project of tools/notes.ts and tools/registry.ts, and `agent.ts` beside the tools folder when given. */
function project(registry: string, agent?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-tools-write-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'trial', type: 'module', private: true }));
  mkdirSync(join(dir, 'tools'));
  writeFileSync(join(dir, 'tools/notes.ts'), NOTES);
  writeFileSync(join(dir, 'tools/registry.ts'), registry);
  if (agent !== undefined) writeFileSync(join(dir, 'agent.ts'), agent);
  return dir;
}

/** validate's approval-rules lines. */
function validate(dir: string): string[] {
  const r = spawnSync(process.execPath, [bin, 'validate', 'tools'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return r.stdout.split('\n').filter((l) => l.endsWith('  approval-rules'));
}

function at(text: string, needle: string): string {
  const before = text.slice(0, text.indexOf(needle)).split('\n');
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

const warning = (file: string, place: string, key = 'needsApproval') =>
  `${file}:${place}  warn   ${key} is set on a tool after its definition (${file}:${place}), which validate and export do not follow, so the tool's approval is not what its definition says; set it in the defineTool call.  approval-rules`;

describe('validate and an approval key written on a tool after its definition', { timeout: 120_000 }, () => {
  it('Object.assign(tool, { needsApproval: false }) in the toolbox: a warning at the key', () => {
    const text = REGISTRY('CORE_TOOLS', 'Object.assign(deleteNoteTool, { needsApproval: false });\n');
    expect(validate(project(text))).toEqual([warning('tools/registry.ts', at(text, 'needsApproval'))]);
  });

  it('a map that spreads each tool, in an agent.ts that imports the toolbox: a warning there', () => {
    const agent = `import { createRegistry } from 'agent-tools';
import { CORE_TOOLS } from './tools/notes.js';

const relaxed = CORE_TOOLS.map((t) => ({ ...t, needsApproval: false }));
export const registry = createRegistry({ core: relaxed, extended: [] });
`;
    expect(validate(project(REGISTRY('CORE_TOOLS'), agent))).toEqual([warning('agent.ts', at(agent, 'needsApproval'))]);
  });

  it('an assignment in a loop over the tools: a warning at the assignment', () => {
    const text = REGISTRY('CORE_TOOLS', 'for (const t of CORE_TOOLS) (t as any).needsApproval = false;\n');
    expect(validate(project(text))).toEqual([warning('tools/registry.ts', at(text, '(t as any)'))]);
  });

  it("a spread of a tool that sets a key inside the registry's list, and a mutates written by index", () => {
    const text = REGISTRY('[{ ...deleteNoteTool, needsApproval: false }]', "(deleteNoteTool as any)['mutates'] = false;\n");
    expect(validate(project(text))).toEqual([
      warning('tools/registry.ts', at(text, '(deleteNoteTool'), 'mutates'),
      warning('tools/registry.ts', at(text, 'needsApproval'), 'needsApproval'),
    ]);
  });

  it('needsApproval: true (it only asks more), and the keys of the defineTool call itself, say nothing', () => {
    const text = REGISTRY('[{ ...deleteNoteTool, needsApproval: true }]', 'Object.assign(deleteNoteTool, { needsApproval: true });\n');
    expect(validate(project(text))).toEqual([]);
  });

  it('an approve callback that approves every call, passed to toolsToAI in an agent.ts: a warning at it; one that decides: nothing', () => {
    const agent = (approve: string) => `import { toolsToAI } from 'agent-tools/ai';
import { registry } from './tools/registry.js';

export const tools = toolsToAI(registry, { ${approve} });
`;
    const all = agent('approve: () => true');
    expect(validate(project(REGISTRY('CORE_TOOLS'), all))).toEqual([
      `agent.ts:${at(all, 'approve')}  warn   The approve callback passed to toolsToAI() approves every call, so every destructive tool runs unasked and no approval rule of the tools is seen to hold.  approval-rules`,
    ]);
    expect(validate(project(REGISTRY('CORE_TOOLS'), agent("approve: async ({ tool }) => tool.name === 'get_note'")))).toEqual([]);
  });

  it('an approver that approves every call without saying so literally, or one validate cannot read: a warning naming which', () => {
    const agent = (head: string, approve: string) => `import { toolsToAI } from 'agent-tools/ai';
import { registry } from './tools/registry.js';
${head}
export function tools(options: { approve?: () => boolean } = {}) {
  return toolsToAI(registry, { ${approve} });
}
`;
    const ALL = 'approves every call, so every destructive tool runs unasked and no approval rule of the tools is seen to hold.';
    for (const [head, approve] of [
      ['const autoApprove = () => true;', 'approve: autoApprove'],
      ['', "approve: async () => ({ approved: true, by: 'bot' })"],
      ['', 'approve: options.approve ?? (() => true)'],
      ['', 'approve: () => !false'],
    ] as const) {
      const text = agent(head, approve);
      expect(validate(project(REGISTRY('CORE_TOOLS'), text)), approve).toEqual([
        `agent.ts:${at(text, 'approve:')}  warn   The approve callback passed to toolsToAI() ${ALL}  approval-rules`,
      ]);
    }
    const unread = agent('', 'approve: options.approve');
    expect(validate(project(REGISTRY('CORE_TOOLS'), unread))).toEqual([
      `agent.ts:${at(unread, 'approve:')}  warn   The approve callback passed to toolsToAI() is not a function validate can read (options.approve, a property), so it may approve every call, and every destructive tool may run unasked.  approval-rules`,
    ]);
  });

  it('an adapter whose options spread an object validate cannot read: a warning that they may set approve', () => {
    const text = `import { toolsToAI } from 'agent-tools/ai';
import { registry } from './tools/registry.js';
import { base } from 'agent-presets';

export const tools = toolsToAI(registry, { ...base, maxSteps: 5 });
`;
    expect(validate(project(REGISTRY('CORE_TOOLS'), text))).toEqual([
      `agent.ts:${at(text, '{ ...base')}  warn   The approve callback passed to toolsToAI() is not a function validate can read (its options may set it, or an approval policy: it spreads base: base, imported from agent-presets, which is not a source file of the project), so it may approve every call, and every destructive tool may run unasked.  approval-rules`,
    ]);
  });

  it('an adapter in a file that imports the toolbox through re-exporting files (.agent/reg.ts) is read; one that only lists the tools says nothing', () => {
    const mcp = `import { createMcpServer } from 'agent-tools/mcp';
import { reg } from './reg.js';
export const server = createMcpServer(reg, { name: 'notes', version: '1.0.0', approve: () => true });
`;
    const dir = project(REGISTRY('CORE_TOOLS'));
    mkdirSync(join(dir, '.agent/deep'), { recursive: true });
    writeFileSync(join(dir, '.agent/reg.ts'), "export { registry as reg } from '../tools/registry.js';\n");
    writeFileSync(join(dir, '.agent/list.ts'), "import { reg } from './reg.js';\nexport const names = reg.all.map((t) => t.name);\n");
    expect(validate(dir)).toEqual([]);
    writeFileSync(join(dir, '.agent/mcp.ts'), mcp);
    const expected = (file: string) => [
      `${file}:${at(mcp, 'approve')}  warn   The approve callback passed to createMcpServer() approves every call, so every destructive tool runs unasked and no approval rule of the tools is seen to hold.  approval-rules`,
    ];
    expect(validate(dir)).toEqual(expected('.agent/mcp.ts'));
    // two links deep: a re-export of the re-export
    rmSync(join(dir, '.agent/mcp.ts'));
    writeFileSync(join(dir, '.agent/deep/reg.ts'), "export * from '../reg.js';\n");
    writeFileSync(join(dir, '.agent/deep/mcp.ts'), mcp);
    expect(validate(dir)).toEqual(expected('.agent/deep/mcp.ts'));
  });

  it('a write in a helper the toolbox imports from outside its folder (.lib/, dist/) is read; a helper that only reads the tools says nothing', () => {
    for (const [file, helper] of [
      ['.lib/relax.ts', 'export const relax = <T extends object>(t: T): T => ({ ...t, needsApproval: false });\n'],
      ['dist/relax.js', 'export const relax = (t) => ({ ...t, needsApproval: false });\n'],
    ] as const) {
      const dir = project(REGISTRY('CORE_TOOLS.map(relax)', `import { relax } from '../${file.replace(/\.ts$/, '.js')}';\n`));
      mkdirSync(join(dir, dirname(file)));
      writeFileSync(join(dir, file), helper);
      expect(validate(dir), file).toEqual([warning(file, at(helper, 'needsApproval'))]);
    }
    const dir = project(REGISTRY('CORE_TOOLS', "import { names } from '../.lib/names.js';\nexport const NAMES = names(CORE_TOOLS);\n"));
    mkdirSync(join(dir, '.lib'));
    writeFileSync(
      join(dir, '.lib/names.ts'),
      'export const names = (ts: { name: string; needsApproval?: unknown }[]) => ts.map((t) => `${t.name}: ${String(t.needsApproval)}`);\n',
    );
    expect(validate(dir)).toEqual([]);
  });

  it('an adapter wired in a dot folder (.agent/wire.ts) is read, with git and without', () => {
    const wire = `import { toolsToAI } from 'agent-tools/ai';
import { registry } from '../tools/registry.js';

export const tools = toolsToAI(registry, { approve: () => true });
`;
    const expected = [
      `.agent/wire.ts:${at(wire, 'approve')}  warn   The approve callback passed to toolsToAI() approves every call, so every destructive tool runs unasked and no approval rule of the tools is seen to hold.  approval-rules`,
    ];
    const dir = project(REGISTRY('CORE_TOOLS'));
    mkdirSync(join(dir, '.agent'));
    writeFileSync(join(dir, '.agent/wire.ts'), wire);
    expect(validate(dir)).toEqual(expected);
    const git = (...args: string[]) => spawnSync('git', args, { cwd: dir, encoding: 'utf8' });
    git('init', '-q');
    expect(validate(dir)).toEqual(expected);
    // a folder git ignores is not part of the project
    writeFileSync(join(dir, '.gitignore'), '.agent/\n');
    expect(validate(dir)).toEqual([]);
  });
});
