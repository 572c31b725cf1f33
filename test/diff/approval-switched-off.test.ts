/** Tests that diff fails when approval is switched off where tools/list does not show it (needsApproval, approval rules). */

import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { TempRepo } from './git-repo.js';
import { cli, wipeToolbox } from './wipe-toolbox.js';

const TOOLS = wipeToolbox();

const AGENT = `import { toolsToAI } from 'agent-tools/ai';
import { registry } from './tools/tools.js';

export const tools = toolsToAI(registry, { approval: { deny: ['nothing_yet'] } });
`;

/** The lines diff prints for one approval-relaxed change of wipe_table, and the summary, as the CI workflow runs it. */
function relaxed(repo: TempRepo, detail: string) {
  const at = repo.at('tools/tools.ts', 'defineTool({');
  return [
    `wipe_table  tools/tools.ts:${at.line}:${at.column}`,
    `  breaking  approval-relaxed  \`wipe_table\` no longer asks for approval (${detail})`,
    '',
    '✖ 1 breaking, 0 minor, 0 patch change against main (2 tools, 2 before): a major version bump (exit 1; --allow-breaking accepts them)',
    '',
  ].join('\n');
}

describe('diff: approval switched off in code or configuration is breaking', { timeout: 120_000 }, () => {
  const repos: TempRepo[] = [];
  afterAll(() => repos.forEach((r) => r.dispose()));
  let repo: TempRepo;
  beforeEach(() => {
    repo = new TempRepo({ 'tools/tools.ts': TOOLS, 'agent.ts': AGENT });
    repos.push(repo);
  });
  const diff = (...more: string[]) => cli(repo.dir, 'diff', 'tools', '--base', 'main', ...more);

  it('needsApproval: false on a deleting tool fails the diff, naming where; --allow-breaking accepts it', () => {
    repo.edit('tools/tools.ts', '  execute: async ({ table })', '  needsApproval: false,\n  execute: async ({ table })');
    const key = repo.at('tools/tools.ts', 'needsApproval');
    const r = diff();
    expect([r.status, r.stderr, r.stdout]).toEqual([
      1,
      '',
      relaxed(repo, `needsApproval: false at tools/tools.ts:${key.line}:${key.column}; before: it is destructive`),
    ]);
    const github = diff('--format', 'github');
    expect(github.status).toBe(1);
    expect(github.stdout).toContain('title=agent-tools diff approval-relaxed (breaking)::');
    expect(diff('--allow-breaking').status).toBe(0);
  });

  it('needsApproval as a function (decided per call) in place of the default is approval-relaxed too', () => {
    repo.edit(
      'tools/tools.ts',
      '  execute: async ({ table })',
      "  needsApproval: ({ table }) => table !== 'scratch',\n  execute: async ({ table })",
    );
    const key = repo.at('tools/tools.ts', 'needsApproval');
    const r = diff('--format', 'json');
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout).changes.map((c: { rule: string; message: string }) => [c.rule, c.message])).toEqual([
      [
        'approval-relaxed',
        `\`wipe_table\` no longer asks for approval (needsApproval decided per call at tools/tools.ts:${key.line}:${key.column}; before: it is destructive)`,
      ],
    ]);
  });

  it('a needsApproval function whose list of safe values changed is approval-relaxed; the same function is no change', () => {
    repo.edit(
      'tools/tools.ts',
      '  execute: async ({ table })',
      '  needsApproval: ({ table }) => !SCRATCH.includes(table),\n  execute: async ({ table })',
    );
    repo.write('tools/tools.ts', `const SCRATCH = ['scratch'];\n${repo.read('tools/tools.ts')}`);
    repo.commit('needsApproval reads a list');
    expect(diff().status).toBe(0);
    repo.edit('tools/tools.ts', "const SCRATCH = ['scratch'];", "const SCRATCH = ['scratch', 'users'];");
    const key = repo.at('tools/tools.ts', 'needsApproval');
    const r = diff('--format', 'json');
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout).changes.map((c: { rule: string; message: string }) => [c.rule, c.message])).toEqual([
      [
        'approval-relaxed',
        `\`wipe_table\` may no longer ask for approval (its needsApproval function at tools/tools.ts:${key.line}:${key.column}, or what it reads, changed, and decides in code which calls ask, which diff cannot check; before: needsApproval decided per call at tools/tools.ts:${key.line}:${key.column})`,
      ],
    ]);
  });

  it('an allow rule passed to toolsToAI in a file beside the tools folder fails the diff', () => {
    repo.edit('agent.ts', "deny: ['nothing_yet']", "deny: ['nothing_yet'], allow: ['wipe_*']");
    const rule = repo.at('agent.ts', "'wipe_*'");
    const r = diff();
    expect([r.status, r.stdout]).toEqual([
      1,
      relaxed(
        repo,
        `approval.allow "wipe_*" of toolsToAI() at agent.ts:${rule.line}:${rule.column} lets it run unasked; without it, it would ask: it is destructive`,
      ),
    ]);
  });

  it('an allow rule in agent-tools.config.json fails the diff', () => {
    repo.write('agent-tools.config.json', '{ "approval": { "allow": ["wipe_table"] } }\n');
    const r = diff();
    expect([r.status, r.stdout]).toEqual([
      1,
      relaxed(
        repo,
        'approval.allow "wipe_table" of agent-tools.config.json lets it run unasked; without it, it would ask: it is destructive',
      ),
    ]);
  });

  it('a configuration call and serve refuse (a misspelt key) stops the diff too, exit 2; a broken one at the base is read as none', () => {
    repo.write('agent-tools.config.json', '{ "approval": { "alow": ["wipe_table"] } }\n');
    const r = diff();
    expect([r.status, r.stdout, r.stderr]).toEqual([
      2,
      '',
      'agent-tools: the working tree: agent-tools.config.json: invalid configuration: $.approval.alow: unknown key "alow" (did you mean "allow"?)\n',
    ]);
    repo.commit('a broken configuration');
    repo.write('agent-tools.config.json', '{ "approval": { "deny": ["wipe_table"] } }\n');
    expect([diff().status, diff().stdout]).toEqual([0, '✔ no changes against main (2 tools, 2 before): no version bump\n']);
  });

  it('a deny rule taken away, or an ask rule on a read-only tool taken away, fails the diff', () => {
    repo.edit('agent.ts', "deny: ['nothing_yet']", "deny: ['wipe_table'], ask: ['get_row']");
    repo.commit('deny wipe_table, ask before get_row');
    repo.edit('agent.ts', "deny: ['wipe_table'], ask: ['get_row']", "deny: ['nothing_yet']");
    const r = diff('--format', 'json');
    expect(r.status).toBe(1);
    const changes = JSON.parse(r.stdout).changes.map((c: { tool: string; rule: string; message: string }) => [c.tool, c.rule, c.message]);
    expect(changes).toEqual([
      [
        'wipe_table',
        'approval-relaxed',
        expect.stringMatching(
          /^`wipe_table` is no longer denied \(no approval rule denies it now; before: approval\.deny "wipe_table" of toolsToAI\(\) at agent\.ts:4:\d+\)$/,
        ),
      ],
      [
        'get_row',
        'approval-relaxed',
        expect.stringMatching(
          /^`get_row` no longer asks for approval \(no approval rule asks for it now; before: approval\.ask "get_row" of toolsToAI\(\) at agent\.ts:4:\d+\)$/,
        ),
      ],
    ]);
  });

  it('a new destructive tool that runs unasked (needsApproval: false, or an allow rule) fails the diff beside tool-added', () => {
    const wipeAll = TOOLS.replace("name: 'wipe_table'", "name: 'wipe_all'").replace('const wipeTable', 'const wipeAll');
    const body = wipeAll.slice(wipeAll.indexOf('export const wipeAll'), wipeAll.indexOf('export const getRow'));
    repo.edit(
      'tools/tools.ts',
      'export const registry',
      `${body.replace('  execute:', '  needsApproval: false,\n  execute:')}export const registry`,
    );
    repo.edit('tools/tools.ts', 'core: [wipeTable, getRow]', 'core: [wipeTable, getRow, wipeAll]');
    const key = repo.at('tools/tools.ts', 'needsApproval');
    const r = diff('--format', 'json');
    expect(r.status).toBe(1);
    expect(
      JSON.parse(r.stdout).changes.map((c: { tool: string; rule: string; class: string; message: string }) => [
        c.tool,
        c.rule,
        c.class,
        c.message,
      ]),
    ).toEqual([
      [
        'wipe_all',
        'approval-relaxed',
        'breaking',
        `\`wipe_all\` is new and destructive, and runs without approval (needsApproval: false at tools/tools.ts:${key.line}:${key.column})`,
      ],
      ['wipe_all', 'tool-added', 'minor', 'tool `wipe_all` added'],
    ]);
    // without needsApproval: false it asks, as every destructive tool does: only tool-added
    repo.edit('tools/tools.ts', '  needsApproval: false,\n', '');
    const asks = diff('--format', 'json');
    expect([asks.status, JSON.parse(asks.stdout).changes.map((c: { rule: string }) => c.rule)]).toEqual([0, ['tool-added']]);
    // an allow rule for it in the configuration
    repo.write('agent-tools.config.json', '{ "approval": { "allow": ["wipe_all"] } }\n');
    const allowed = diff('--format', 'json');
    expect(allowed.status).toBe(1);
    expect(JSON.parse(allowed.stdout).changes[0].message).toBe(
      '`wipe_all` is new and destructive, and runs without approval (approval.allow "wipe_all" of agent-tools.config.json lets it run unasked)',
    );
  });

  it('approval made stricter, an allow rule on a read-only tool, or needsApproval: false where it already ran unasked: no change', () => {
    repo.edit('tools/tools.ts', '  mutates: false,\n', '  mutates: false,\n  needsApproval: false,\n');
    repo.commit('get_row says needsApproval: false');
    repo.edit('tools/tools.ts', '  execute: async ({ table })', '  needsApproval: true,\n  execute: async ({ table })');
    repo.edit('agent.ts', "deny: ['nothing_yet']", "deny: ['nothing_yet'], allow: ['get_*'], ask: ['wipe_table']");
    const r = diff();
    expect([r.status, r.stderr, r.stdout]).toEqual([0, '', '✔ no changes against main (2 tools, 2 before): no version bump\n']);
  });

  it('against an export file (which carries no approval facts) only the hints are compared', () => {
    const exported = cli(repo.dir, 'export', 'tools', '--format', 'mcp', '--out', 'tools.json');
    expect(exported.status).toBe(0);
    repo.edit('tools/tools.ts', '  execute: async ({ table })', '  needsApproval: false,\n  execute: async ({ table })');
    const r = cli(repo.dir, 'diff', 'tools', '--base', 'tools.json');
    expect([r.status, r.stdout, r.stderr]).toEqual([
      0,
      '✔ no changes against tools.json (2 tools, 2 before): no version bump\n',
      'diff: note: tools.json is an export, which carries neither needsApproval nor approval rules, so approval was compared by the hints only; ' +
        'give a git ref or a folder as --base to compare those too\n',
    ]);
  });
});
