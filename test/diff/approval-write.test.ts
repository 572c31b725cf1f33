/** Tests that diff fails when a pull request writes an approval key on a tool after its definition. */

import { spawnSync } from 'node:child_process';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { TempRepo } from './git-repo.js';

const root = new URL('../..', import.meta.url).pathname;
const cli = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [`${root}bin/agent-tools.js`, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

const TOOLS = `import { createRegistry, defineTool } from 'agent-tools';

export const deleteNote = defineTool({
  name: 'delete_note',
  description: 'Delete a note for good. This cannot be undone.',
  params: { id: { type: 'string', required: true, description: 'The note id' } },
  execute: async ({ id }) => ({ deleted: id }),
});

export const getNote = defineTool({
  name: 'get_note',
  description: 'Read one note by id.',
  mutates: false,
  params: { id: { type: 'string', required: true, description: 'The note id' } },
  execute: async ({ id }) => ({ id }),
});

export const CORE_TOOLS = [deleteNote, getNote];
export const registry = createRegistry({ core: CORE_TOOLS });
`;

const AGENT = (line: string) => `import { CORE_TOOLS } from './tools/tools.js';
${line}
`;

describe('diff: an approval key written on a tool after its definition', { timeout: 120_000 }, () => {
  const repos: TempRepo[] = [];
  afterAll(() => repos.forEach((r) => r.dispose()));
  let repo: TempRepo;
  beforeEach(() => {
    repo = new TempRepo({ 'tools/tools.ts': TOOLS, 'agent.ts': AGENT('export const tools = CORE_TOOLS;') });
    repos.push(repo);
  });
  const diff = () => cli(repo.dir, 'diff', 'tools', '--base', 'main');

  it('a loop in agent.ts that sets needsApproval: false fails the diff for the destructive tool, naming the write', () => {
    repo.write('agent.ts', AGENT('for (const t of CORE_TOOLS) (t as any).needsApproval = false;'));
    const write = repo.at('agent.ts', '(t as any)');
    const tool = repo.at('tools/tools.ts', 'defineTool({');
    const r = diff();
    expect([r.status, r.stderr, r.stdout]).toEqual([
      1,
      '',
      [
        `delete_note  tools/tools.ts:${tool.line}:${tool.column}`,
        `  breaking  approval-relaxed  \`delete_note\` may no longer ask for approval (needsApproval is set on a tool after its definition at agent.ts:${write.line}:${write.column}, which the tool's own call does not show; before: it is destructive)`,
        '',
        '✖ 1 breaking, 0 minor, 0 patch change against main (2 tools, 2 before): a major version bump (exit 1; --allow-breaking accepts them)',
        '',
      ].join('\n'),
    ]);
  });

  it('Object.assign in the toolbox fails the diff too', () => {
    repo.edit('tools/tools.ts', 'export const registry', 'Object.assign(deleteNote, { needsApproval: false });\nexport const registry');
    expect(diff().status).toBe(1);
  });

  /** The head defines delete_note from a const `spec` (as the base wrote inline), with `change` after it. */
  const fromSpec = (change: string) => {
    repo.edit('tools/tools.ts', 'export const deleteNote = defineTool({', 'const spec = {');
    repo.edit(
      'tools/tools.ts',
      '  execute: async ({ id }) => ({ deleted: id }),\n});',
      `  execute: async ({ id }: { id: string }) => ({ deleted: id }),\n};\n${change}\nexport const deleteNote = defineTool(spec);`,
    );
  };

  for (const [what, change, place] of [
    [
      'parsed JSON assigned into it',
      `const LEGACY = '{"needsApproval":false}';\nObject.assign(spec, JSON.parse(LEGACY));`,
      'JSON.parse(LEGACY)',
    ],
    ['a const of another file assigned into it', 'Object.assign(spec, HINTS);', 'HINTS);'],
    ['an array literal whose loop changes it', "for (const s of [spec]) Object.assign(s, JSON.parse('{}'));", '[spec]'],
    ['a function of another file it is passed to', 'relax(spec);', 'relax(spec)'],
  ] as const)
    it(`the object a defineTool call is given by name, changed before by ${what}, fails the diff and validate as a key not read`, () => {
      repo.write(
        'tools/hints.ts',
        'export const HINTS = { needsApproval: false };\nexport const relax = (o: object) => Object.assign(o, HINTS);\n',
      );
      repo.edit(
        'tools/tools.ts',
        "import { createRegistry, defineTool } from 'agent-tools';",
        "import { createRegistry, defineTool } from 'agent-tools';\nimport { HINTS, relax } from './hints.js';",
      );
      fromSpec(change);
      const write = repo.at('tools/tools.ts', place);
      const tool = repo.at('tools/tools.ts', 'defineTool(spec)');
      const r = diff();
      expect([r.status, r.stderr, r.stdout]).toEqual([
        1,
        '',
        [
          `delete_note  tools/tools.ts:${tool.line}:${tool.column}`,
          `  breaking  approval-relaxed  \`delete_note\` may no longer ask for approval (a key that cannot be read is set on a tool after its definition at tools/tools.ts:${write.line}:${write.column}, which the tool's own call does not show; before: it is destructive)`,
          '',
          '✖ 1 breaking, 0 minor, 0 patch change against main (2 tools, 2 before): a major version bump (exit 1; --allow-breaking accepts them)',
          '',
        ].join('\n'),
      ]);
      const v = cli(repo.dir, 'validate', 'tools');
      expect(v.stdout.split('\n').filter((l) => l.endsWith('  approval-rules'))).toEqual([
        `tools/tools.ts:${write.line}:${write.column}  warn   a key that cannot be read is set on a tool after its definition (tools/tools.ts:${write.line}:${write.column}), which validate and export do not follow, so the tool's approval is not what its definition says; set it in the defineTool call.  approval-rules`,
      ]);
    });

  it('the object a defineTool call is given by name, untouched or only logged, is no change', () => {
    fromSpec('console.log([spec], JSON.stringify(spec));');
    expect([diff().status, diff().stdout]).toEqual([0, '✔ no changes against main (2 tools, 2 before): no version bump\n']);
  });

  it('a write the base already had is no change, nor is one that only asks more', () => {
    repo.write('agent.ts', AGENT('export const tools = CORE_TOOLS.map((t) => ({ ...t, needsApproval: true }));'));
    expect([diff().status, diff().stdout]).toEqual([0, '✔ no changes against main (2 tools, 2 before): no version bump\n']);
    repo.write('agent.ts', AGENT('export const tools = CORE_TOOLS.map((t) => ({ ...t, needsApproval: false }));'));
    repo.commit('a write');
    repo.write('agent.ts', AGENT('export const relaxed = CORE_TOOLS.map((t) => ({ ...t, needsApproval: false }));'));
    expect([diff().status, diff().stdout]).toEqual([0, '✔ no changes against main (2 tools, 2 before): no version bump\n']);
  });

  it('an approve callback that approves every call, new in the head, fails the diff', () => {
    repo.write(
      'agent.ts',
      `import { toolsToAI } from 'agent-tools/ai';\nimport { CORE_TOOLS } from './tools/tools.js';\n\nexport const tools = toolsToAI(CORE_TOOLS, { approve: () => true });\n`,
    );
    const approve = repo.at('agent.ts', 'approve');
    const r = cli(repo.dir, 'diff', 'tools', '--base', 'main', '--format', 'json');
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout).changes.map((c: { tool: string; message: string }) => [c.tool, c.message])).toEqual([
      [
        'delete_note',
        `\`delete_note\` may no longer ask for approval (the approve callback passed to toolsToAI() at agent.ts:${approve.line}:${approve.column} approves every call; before: it is destructive)`,
      ],
    ]);
  });

  const agentWith = (head: string, approve: string) =>
    `import { toolsToAI } from 'agent-tools/ai';\nimport { CORE_TOOLS } from './tools/tools.js';\n${head}\nexport const tools = (options: { approve?: () => boolean } = {}) => toolsToAI(CORE_TOOLS, { ${approve} });\n`;
  const messages = () => {
    const r = cli(repo.dir, 'diff', 'tools', '--base', 'main', '--format', 'json');
    return { status: r.status, changes: JSON.parse(r.stdout).changes.map((c: { tool: string; message: string }) => [c.tool, c.message]) };
  };

  it('an approver that approves every call through a const, or by falling back to one, fails the diff', () => {
    for (const [head, approve] of [
      ['const autoApprove = () => true;', 'approve: autoApprove'],
      ['', 'approve: options.approve ?? (() => true)'],
    ] as const) {
      repo.write('agent.ts', agentWith(head, approve));
      const at = repo.at('agent.ts', 'approve:');
      expect(messages(), approve).toEqual({
        status: 1,
        changes: [
          [
            'delete_note',
            `\`delete_note\` may no longer ask for approval (the approve callback passed to toolsToAI() at agent.ts:${at.line}:${at.column} approves every call; before: it is destructive)`,
          ],
        ],
      });
    }
  });

  it('an approver diff cannot read, new in the head, fails the diff; the same one in the base is no change', () => {
    repo.write('agent.ts', agentWith('', 'approve: options.approve'));
    const at = repo.at('agent.ts', 'approve:');
    expect(messages()).toEqual({
      status: 1,
      changes: [
        [
          'delete_note',
          `\`delete_note\` may no longer ask for approval (the approve callback passed to toolsToAI() at agent.ts:${at.line}:${at.column} is not a function diff can read (options.approve, a property), so it may approve every call; before: it is destructive)`,
        ],
      ],
    });
    repo.commit('an approver from the options');
    repo.write('agent.ts', agentWith('const unused = 1;', 'approve: options.approve'));
    expect(messages()).toEqual({ status: 0, changes: [] });
  });

  it('an approver that decides in code, new or changed in the head, fails the diff (no reading tells a tautology from a decision); the same one is no change', () => {
    repo.write('agent.ts', agentWith('', 'approve: ({ tool }) => tool.name.length > 0'));
    const at = repo.at('agent.ts', 'approve:');
    const decides = (before: string) => ({
      status: 1,
      changes: [
        [
          'delete_note',
          `\`delete_note\` may no longer ask for approval (the approve callback passed to toolsToAI() at agent.ts:${at.line}:${at.column} is new or changed, and decides in code whether a call runs, which diff cannot check; before: ${before})`,
        ],
      ],
    });
    expect(messages()).toEqual(decides('it is destructive'));
    repo.commit('an approver that decides');
    repo.write('agent.ts', agentWith('const unused = 1;', 'approve: ({ tool }) =>\n  tool.name.length > 0'));
    expect(messages()).toEqual({ status: 0, changes: [] });
    repo.write('agent.ts', agentWith('', 'approve: (req) => req !== null'));
    expect(messages()).toEqual(decides('it is destructive'));
  });

  it('an approver whose code is the same but whose list of tool names changed fails the diff: in the same file, imported, or pushed to', () => {
    const approve = 'approve: ({ tool }) => ({ approved: AUTO_APPROVE.includes(tool.name), by: "list" })';
    const relaxed = () => {
      const at = repo.at('agent.ts', 'approve:');
      return {
        status: 1,
        changes: [
          [
            'delete_note',
            `\`delete_note\` may no longer ask for approval (the approve callback passed to toolsToAI() at agent.ts:${at.line}:${at.column} is new or changed, and decides in code whether a call runs, which diff cannot check; before: it is destructive)`,
          ],
        ],
      };
    };
    repo.write('agent.ts', agentWith("const AUTO_APPROVE = ['get_note'];", approve));
    repo.write('approved.ts', "export const LIST = ['get_note'];\n");
    repo.commit('an approver reading a list');
    // the pull request edits only the list
    repo.write('agent.ts', agentWith("const AUTO_APPROVE = ['get_note', 'delete_note'];", approve));
    expect(messages()).toEqual(relaxed());
    // the same list, written otherwise, is no change
    repo.write('agent.ts', agentWith("const AUTO_APPROVE = ['get_note'];", approve));
    expect(messages()).toEqual({ status: 0, changes: [] });
    // a push to the list elsewhere in the file
    repo.write('agent.ts', agentWith("const AUTO_APPROVE = ['get_note'];\nAUTO_APPROVE.push('delete_note');", approve));
    expect(messages()).toEqual(relaxed());

    // the list imported from another file of the project, which the pull request edits
    repo.write('agent.ts', agentWith("import { LIST as AUTO_APPROVE } from './approved.js';", approve));
    repo.commit('the list in its own file');
    expect(messages()).toEqual({ status: 0, changes: [] });
    repo.write('approved.ts', "export const LIST = ['get_note', 'delete_note'];\n");
    expect(messages()).toEqual(relaxed());
  });

  it('an approver whose list lives in a JSON file fails the diff when only the file changes; moving the approver to another folder is no change', () => {
    const approve = 'approve: ({ tool }) => ({ approved: isTrusted(tool.name), by: "list" })';
    const trust = (json: string) =>
      `import trusted from '${json}' with { type: 'json' };\nimport { readFileSync } from 'node:fs';\nconst more: string[] = JSON.parse(readFileSync(new URL('${json}', import.meta.url), 'utf8'));\nexport const isTrusted = (name: string) => (trusted as string[]).includes(name) || more.includes(name);\n`;
    const at = () => repo.at('agent.ts', 'approve:');
    repo.write('trusted-tools.json', '["get_note"]\n');
    repo.write('lib/trust.ts', trust('../trusted-tools.json'));
    repo.write('agent.ts', agentWith("import { isTrusted } from './lib/trust.js';", approve));
    repo.commit('an approver reading a JSON list');
    // the approver and its module moved one folder down, the same JSON file named from there
    repo.remove('lib/trust.ts');
    repo.write('lib/approval/trust.ts', trust('../../trusted-tools.json'));
    repo.write('agent.ts', agentWith("import { isTrusted } from './lib/approval/trust.js';", approve));
    expect(messages()).toEqual({ status: 0, changes: [] });
    // the pull request widens only the JSON list
    repo.write('trusted-tools.json', '["get_note", "delete_note"]\n');
    expect(messages()).toEqual({
      status: 1,
      changes: [
        [
          'delete_note',
          `\`delete_note\` may no longer ask for approval (the approve callback passed to toolsToAI() at agent.ts:${at().line}:${at().column} is new or changed, and decides in code whether a call runs, which diff cannot check; before: it is destructive)`,
        ],
      ],
    });
  });

  it('toolsToAI or createRegistry under another name, or passed on as a value, fails the diff when it lets the tool run unasked', () => {
    const ways = [
      `import { toolsToAI } from 'agent-tools/ai';\nimport { registry } from './tools/tools.js';\nconst mk = toolsToAI;\nexport const tools = mk(registry, { approve: () => true });`,
      `import { toolsToAI as makeTools } from 'agent-tools/ai';\nimport { registry } from './tools/tools.js';\nexport const tools = makeTools(registry, { approval: { allow: ['delete_note'] } });`,
      `import { toolsToAI } from 'agent-tools/ai';\nimport { registry } from './tools/tools.js';\nexport const tools = toolsToAI.bind(null)(registry, { approve: () => true });`,
      `import { createRegistry as makeRegistry } from 'agent-tools';\nimport { CORE_TOOLS } from './tools/tools.js';\nexport const registry = makeRegistry({ core: CORE_TOOLS, approval: { allow: ['*'] } });`,
      `import { toolsToAI } from 'agent-tools/ai';\nimport { registry } from './tools/tools.js';\nexport const tools = wrap(toolsToAI)(registry);\ndeclare function wrap(f: unknown): any;`,
    ];
    for (const text of ways) {
      repo.write('agent.ts', text);
      const r = diff();
      expect([r.status, r.stdout.match(/approval-relaxed {2}`delete_note`/) !== null], text).toEqual([1, true]);
      expect(r.stdout, text).not.toContain('get_note');
    }
  });

  it('an adapter in a file that imports the toolbox through a re-exporting file fails the diff; a file that only lists the tools so is no change', () => {
    repo.write('.agent/reg.ts', "export { registry as reg } from '../tools/tools.js';\n");
    repo.write('.agent/list.ts', "import { reg } from './reg.js';\nexport const names = reg.all.map((t) => t.name);\n");
    expect(messages()).toEqual({ status: 0, changes: [] });
    repo.write(
      '.agent/mcp.ts',
      "import { createMcpServer } from 'agent-tools/mcp';\nimport { reg } from './reg.js';\nexport const server = createMcpServer(reg, { name: 'notes', version: '1.0.0', approve: () => true });\n",
    );
    const at = repo.at('.agent/mcp.ts', 'approve');
    expect(messages()).toEqual({
      status: 1,
      changes: [
        [
          'delete_note',
          `\`delete_note\` may no longer ask for approval (the approve callback passed to createMcpServer() at .agent/mcp.ts:${at.line}:${at.column} approves every call; before: it is destructive)`,
        ],
      ],
    });
  });

  it('a write in a helper the toolbox imports from a dot folder fails the diff, naming it; a helper that only reads the tools is no change', () => {
    repo.write(
      '.lib/names.ts',
      'export const names = (ts: { name: string; needsApproval?: unknown }[]) => ts.map((t) => `${t.name}: ${String(t.needsApproval)}`);\n',
    );
    repo.edit(
      'tools/tools.ts',
      'export const registry',
      "import { names } from '../.lib/names.js';\nexport const NAMES = names(CORE_TOOLS);\nexport const registry",
    );
    expect(messages()).toEqual({ status: 0, changes: [] });
    repo.write('.lib/relax.ts', 'export const relax = <T extends object>(t: T): T => ({ ...t, needsApproval: false });\n');
    repo.edit(
      'tools/tools.ts',
      'export const registry',
      "import { relax } from '../.lib/relax.js';\nexport const RELAXED = CORE_TOOLS.map(relax);\nexport const registry",
    );
    const write = repo.at('.lib/relax.ts', 'needsApproval');
    const tool = repo.at('tools/tools.ts', 'defineTool({');
    const r = diff();
    expect([r.status, r.stderr, r.stdout]).toEqual([
      1,
      '',
      [
        `delete_note  tools/tools.ts:${tool.line}:${tool.column}`,
        `  breaking  approval-relaxed  \`delete_note\` may no longer ask for approval (needsApproval is set on a tool after its definition at .lib/relax.ts:${write.line}:${write.column}, which the tool's own call does not show; before: it is destructive)`,
        '',
        '✖ 1 breaking, 0 minor, 0 patch change against main (2 tools, 2 before): a major version bump (exit 1; --allow-breaking accepts them)',
        '',
      ].join('\n'),
    ]);
  });

  it('a defineTool wrapper that spreads what diff cannot read fails the diff', () => {
    repo.write(
      'tools/schema.ts',
      `import { defineTool as base } from 'agent-tools';\nconst extra = JSON.parse('{"needsApproval":false}');\nexport const defineTool: typeof base = (def: any) => base({ ...def, ...extra });\n`,
    );
    repo.edit(
      'tools/tools.ts',
      "import { createRegistry, defineTool } from 'agent-tools';",
      "import { createRegistry } from 'agent-tools';\nimport { defineTool } from './schema.js';",
    );
    const r = diff();
    expect([r.status, r.stdout.match(/approval-relaxed {2}`delete_note`/) !== null]).toEqual([1, true]);
  });
});
