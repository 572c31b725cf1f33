/** Tests that `validate` checks approval rules written in code (createRegistry, toolsToAI, createMcpServer) against the tools. */

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { usersTools } from './users-tools.js';

const bin = join(import.meta.dirname, '..', '..', 'bin', 'agent-tools.js');

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A clean toolbox: two tools whose only possible finding is the name. */
const usersTool = (removeName: string) => usersTools({ removeName, getUser: true });

const REGISTRY = `import { createRegistry } from 'agent-tools';
import { getUser, removeUser } from './users.js';

export const registry = createRegistry({ core: [getUser, removeUser], extended: [] });
`;

/** The new user's agent, beside the tools folder (not in it): the same rule in each API that takes a policy. */
function agent(rule: string): string {
  return `import { createRegistry } from 'agent-tools';
import { toolsToAI } from 'agent-tools/ai';
import { createMcpServer } from 'agent-tools/mcp';
import { registry } from './tools/registry.js';
import { getUser, removeUser } from './tools/users.js';

export const guarded = createRegistry({ core: [getUser, removeUser], approval: { deny: ['${rule}'] } });
export const tools = toolsToAI(registry, { approval: { deny: ['${rule}'] }, approve: async ({ tool }) => tool.name !== 'none' });
export const server = createMcpServer(registry, { approval: [{ deny: ['${rule}'] }, { allow: ['get_*'] }] });
`;
}

function project(removeName: string, rule: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-tools-code-approval-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'trial', type: 'module', private: true }));
  mkdirSync(join(dir, 'tools'));
  writeFileSync(join(dir, 'tools/users.ts'), usersTool(removeName));
  writeFileSync(join(dir, 'tools/registry.ts'), REGISTRY);
  writeFileSync(join(dir, 'agent.ts'), agent(rule));
  return dir;
}

function cli(dir: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The 1-based line:column of the nth (0-based) occurrence of `needle` in `text`. */
function at(text: string, needle: string, nth = 0): string {
  let i = -1;
  for (let k = 0; k <= nth; k++) i = text.indexOf(needle, i + 1);
  const before = text.slice(0, i).split('\n');
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

const snapshot = (dir: string) =>
  ['agent.ts', 'tools/users.ts', 'tools/registry.ts'].map((f) => [f, readFileSync(join(dir, f), 'utf8')] as const);

describe('validate and approval rules written in code', { timeout: 120_000 }, () => {
  it('an error at each misspelt deny rule of the agent beside the tools folder, with the tool meant', () => {
    const dir = project('remove_user', 'remove_usr');
    const r = cli(dir, 'validate', 'tools');
    const text = agent('remove_usr');
    expect(r.stdout.split('\n').filter((l) => l.endsWith('  approval-rules'))).toEqual(
      ['createRegistry', 'toolsToAI', 'createMcpServer'].map(
        (callee, i) =>
          `agent.ts:${at(text, "'remove_usr'", i)}  error  Approval rule "remove_usr" in approval.deny of ${callee}() matches no tool (did you mean remove_user?), so the tool it was written for runs unasked.  approval-rules`,
      ),
    );
    expect(at(text, "'remove_usr'", 0)).toBe('7:89');
    // a deny rule that guards nothing is an error: the CI that --init-ci writes fails on it
    expect(r.status).toBe(1);
    // a finding like any other: in the CI formats
    const [line, col] = at(text, "'remove_usr'", 0).split(':');
    expect(cli(dir, 'validate', 'tools', '--format', 'github').stdout).toContain(
      `::error file=agent.ts,line=${line},col=${col},title=agent-tools approval-rules::`,
    );
  });

  it('says nothing once the rule is spelt right (names and globs), nor of a file that does not import the toolbox', () => {
    const dir = project('remove_user', 'remove_usr');
    // a second app in the project that does not use this toolbox: its rules are not this toolbox's
    writeFileSync(
      join(dir, 'other.ts'),
      `import { toolsToAI } from 'agent-tools/ai';\nexport const t = toolsToAI([], { approval: { deny: ['no_such_tool'] } });\n`,
    );
    const wrong = cli(dir, 'validate', 'tools');
    expect(wrong.stdout.split('\n').filter((l) => l.endsWith('  approval-rules'))).toHaveLength(3);
    expect(wrong.stdout + wrong.stderr).not.toContain('no_such_tool');

    writeFileSync(join(dir, 'agent.ts'), agent('remove_user'));
    const right = cli(dir, 'validate', 'tools');
    expect(right.stdout).toContain('0 errors');
    expect(right.status).toBe(0);
    expect(right.stdout + right.stderr).not.toMatch(/approval rule/i);
  });

  it('says nothing of the rules while a tool file does not parse (the rule may name a tool in it)', () => {
    const dir = project('remove_user', 'remove_usr');
    expect(cli(dir, 'validate', 'tools').stdout).toContain('Approval rule "remove_usr"');
    writeFileSync(
      join(dir, 'tools/broken.ts'),
      `import { defineTool } from 'agent-tools';\nexport const x = defineTool({ name: 'remove_usr' description: 'x' });\n`,
    );
    const r = cli(dir, 'validate', 'tools');
    expect(r.stdout + r.stderr).toMatch(/broken\.ts:2:\d+/);
    expect(r.stdout + r.stderr).not.toMatch(/approval rule/i);
  });

  it('--fix-breaking leaves a rename that a rule in code names for a person, saying where the rule is; files byte-identical', () => {
    const dir = project('removeUser', 'removeUser');
    const before = snapshot(dir);
    const r = cli(dir, 'validate', 'tools', '--fix-breaking');
    expect(r.stdout).toContain(
      `named in approval.deny of createRegistry() at agent.ts:${at(agent('removeUser'), "'removeUser'")} ("removeUser"): rename the tool and the rule together`,
    );
    expect(r.stdout).toContain('fixed 0 findings');
    expect(snapshot(dir)).toEqual(before);
    // --fix names the rule too, rather than only "apply it with --fix-breaking"
    expect(cli(dir, 'validate', 'tools', '--fix').stdout).toContain('named in approval.deny of createRegistry() at agent.ts:');
    expect(snapshot(dir)).toEqual(before);
  });

  it('--fix-breaking renames when the rule is an exact name in an analyzed file (the rule moves with the tool), not when it is a glob there', () => {
    const dir = project('removeUser', 'removeUser');
    rmSync(join(dir, 'agent.ts'));
    const inside = (rule: string) =>
      `import { createRegistry } from 'agent-tools';\nimport { getUser, removeUser } from './users.js';\nexport const guarded = createRegistry({ core: [getUser, removeUser], approval: { deny: ['${rule}'] } });\n`;
    writeFileSync(join(dir, 'tools/guarded.ts'), inside('remove[A-Z]*'));
    const held = cli(dir, 'validate', 'tools', '--fix-breaking');
    expect(held.stdout).toContain('named in approval.deny of createRegistry() at tools/guarded.ts:3:');
    expect(readFileSync(join(dir, 'tools/users.ts'), 'utf8')).toBe(usersTool('removeUser'));

    writeFileSync(join(dir, 'tools/guarded.ts'), inside('removeUser'));
    cli(dir, 'validate', 'tools', '--fix-breaking');
    expect(readFileSync(join(dir, 'tools/users.ts'), 'utf8')).toBe(usersTool('remove_user'));
    expect(readFileSync(join(dir, 'tools/guarded.ts'), 'utf8')).toBe(inside('remove_user'));
  });
});
