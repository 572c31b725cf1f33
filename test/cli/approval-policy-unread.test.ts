/** Tests that `validate` reads an approval policy held in a const of the same file, and says so when a policy cannot be read. */

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { usersTools } from './users-tools.js';

const bin = join(import.meta.dirname, '..', '..', 'bin', 'agent-tools.js');

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const USERS = usersTools();

/** tools/registry.ts as the new user wrote it: `head` above the call, `policy` as its `approval`. */
function registry(head: string, policy: string): string {
  return `import { createRegistry } from 'agent-tools';
import { removeUser } from './users.js';
${head}
export const registry = createRegistry({ core: [removeUser], extended: [], approval: ${policy} });
`;
}

/** A project with the tools folder, its registry as given, and a policy module beside it. */
function project(registryText: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-tools-policy-unread-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'trial', type: 'module', private: true }));
  mkdirSync(join(dir, 'tools'));
  writeFileSync(join(dir, 'tools/users.ts'), USERS);
  writeFileSync(
    join(dir, 'tools/policy.ts'),
    `export const POLICY = { allow: ['remove_user'] };\nexport const loadPolicy = () => POLICY;\n`,
  );
  writeFileSync(join(dir, 'tools/registry.ts'), registryText);
  return dir;
}

/** validate's approval-rules lines and exit code. */
function validate(dir: string, ...more: string[]) {
  const r = spawnSync(process.execPath, [bin, 'validate', 'tools', ...more], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { status: r.status, lines: r.stdout.split('\n').filter((l) => l.endsWith('  approval-rules')), stderr: r.stderr };
}

/** The 1-based line:column of the first `needle` in `text`. */
function at(text: string, needle: string): string {
  const before = text.slice(0, text.indexOf(needle)).split('\n');
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

const stale = (place: string) =>
  `tools/registry.ts:${place}  error  Approval rule "remove_usr" in approval.deny of createRegistry() matches no tool (did you mean remove_user?), so the tool it was written for runs unasked.  approval-rules`;

const unread = (place: string, why: string) =>
  `tools/registry.ts:${place}  warn   The approval policy passed to createRegistry() is not a literal validate can read (${why}), so its rules are not checked and diff cannot see changes to them; write it inline, or as a const object literal in this file.  approval-rules`;

describe('validate reads a policy held in a const of the same file', { timeout: 120_000 }, () => {
  const cases: [string, string, string][] = [
    ['a const policy', `const POLICY = { deny: ['remove_usr'] };`, 'POLICY'],
    ['a const policy as const', `const POLICY = { deny: ['remove_usr'] } as const;`, 'POLICY satisfies object'],
    ['a const list', `const DENY = ['remove_usr'];`, '{ deny: DENY }'],
    ['a spread literal', ``, `{ ...{ deny: ['remove_usr'] } }`],
    ['a spread const list and a const name', `const NAME = 'remove_usr';\nconst MORE = [NAME];`, '{ deny: [...MORE] }'],
    ['a shorthand list', `const deny = ['remove_usr'];`, '{ deny }'],
  ];
  for (const [what, head, policy] of cases)
    it(`${what}: the misspelt deny rule is an error at its entry`, () => {
      const text = registry(head, policy);
      const r = validate(project(text));
      expect([r.status, r.lines]).toEqual([1, [stale(at(text, "'remove_usr'"))]]);
    });

  it('a const policy spelt right, used by two calls, passes with nothing said', () => {
    const text = registry(
      `const POLICY = { deny: ['remove_user'] };\nexport const again = createRegistry({ core: [removeUser], approval: POLICY });`,
      'POLICY',
    );
    const r = validate(project(text));
    expect([r.status, r.lines]).toEqual([0, []]);
  });

  it('one misspelt rule in a const that two calls use is reported once', () => {
    const text = registry(
      `const POLICY = { deny: ['remove_usr'] };\nexport const again = createRegistry({ core: [removeUser], approval: POLICY });`,
      'POLICY',
    );
    expect(validate(project(text)).lines).toEqual([stale(at(text, "'remove_usr'"))]);
  });
});

describe('validate says so when a policy cannot be read', { timeout: 120_000 }, () => {
  const cases: [string, string, string, string][] = [
    ['imported', `import { POLICY } from './policy.js';`, 'POLICY', 'POLICY is imported from ./policy.js'],
    ['a call', `import { loadPolicy } from './policy.js';`, 'loadPolicy()', 'it is the result of loadPolicy()'],
    ['a let', `let POLICY = { allow: ['remove_user'] };`, 'POLICY', 'POLICY is declared with let'],
    [
      'an imported list',
      `import { POLICY } from './policy.js';`,
      '{ deny: [], allow: POLICY.allow }',
      'approval.allow: POLICY.allow is not an array literal',
    ],
    [
      'a const changed in place',
      `const POLICY = { allow: [] as string[] };\nPOLICY.allow.push('remove_user');`,
      'POLICY',
      "POLICY is changed after its declaration, at line 4 (POLICY.allow.push('remove_user'))",
    ],
    [
      'a list changed in place',
      `const ALLOW: string[] = [];\nObject.assign(ALLOW, ['remove_user']);`,
      '{ allow: ALLOW }',
      "approval.allow: ALLOW is changed after its declaration, at line 4 (Object.assign(ALLOW, ['remove_user']))",
    ],
    [
      'a spread of an import',
      `import { POLICY } from './policy.js';`,
      '{ ...POLICY }',
      'it spreads POLICY: POLICY is imported from ./policy.js',
    ],
  ];
  for (const [what, head, policy, why] of cases)
    it(`${what}: a warning at the approval property, naming why`, () => {
      const text = registry(head, policy);
      const dir = project(text);
      const r = validate(dir);
      expect([r.status, r.lines, r.stderr]).toEqual([0, [unread(at(text, 'approval:'), why)], '']);
      // a CI that allows no warnings fails on it
      expect(validate(dir, '--max-warnings', '0').status).toBe(1);
    });

  it('the rules that can be read beside an unread part are still checked', () => {
    const text = registry(`import { POLICY } from './policy.js';`, `{ deny: ['remove_usr'], allow: [...POLICY.allow] }`);
    const r = validate(project(text));
    expect([r.status, r.lines]).toEqual([
      1,
      [unread(at(text, 'approval:'), 'approval.allow: POLICY.allow is not an array literal'), stale(at(text, "'remove_usr'"))],
    ]);
  });
});
