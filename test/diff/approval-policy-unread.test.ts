/** Tests that diff reads an approval policy held in a const of the same file, and fails on a new policy it cannot read. */

import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { TempRepo } from './git-repo.js';
import { cli, wipeToolbox } from './wipe-toolbox.js';

const TOOLS = wipeToolbox();

const POLICY_MODULE = `export const POLICY = { allow: ['wipe_table'] };\n`;

/** What diff prints for one approval-relaxed change of wipe_table, and the summary. */
function relaxed(repo: TempRepo, detail: string, what = 'no longer asks for approval') {
  const at = repo.at('tools/tools.ts', 'defineTool({');
  return [
    `wipe_table  tools/tools.ts:${at.line}:${at.column}`,
    `  breaking  approval-relaxed  \`wipe_table\` ${what} (${detail})`,
    '',
    '✖ 1 breaking, 0 minor, 0 patch change against main (2 tools, 2 before): a major version bump (exit 1; --allow-breaking accepts them)',
    '',
  ].join('\n');
}

const NO_CHANGE = '✔ no changes against main (2 tools, 2 before): no version bump\n';

describe('diff: an approval policy held in a variable', { timeout: 120_000 }, () => {
  const repos: TempRepo[] = [];
  afterAll(() => repos.forEach((r) => r.dispose()));
  let repo: TempRepo;
  beforeEach(() => {
    repo = new TempRepo({ 'tools/tools.ts': TOOLS, 'tools/policy.ts': POLICY_MODULE });
    repos.push(repo);
  });
  const diff = (...more: string[]) => cli(repo.dir, 'diff', 'tools', '--base', 'main', ...more);
  /** The head's registry passes `policy` as its approval, with `head` written above it. */
  const usePolicy = (head: string, policy: string) =>
    repo.edit(
      'tools/tools.ts',
      'export const registry = createRegistry({ core: [wipeTable, getRow] });',
      `${head}\nexport const registry = createRegistry({ core: [wipeTable, getRow], approval: ${policy} });`,
    );

  /** Runs diff, which must fail for wipe_table with `detail` of the place of `needle` in tools/tools.ts; that place. */
  const diffFails = (needle: string, detail: (at: string) => string, what?: string) => {
    const p = repo.at('tools/tools.ts', needle);
    const r = diff();
    expect([r.status, r.stderr, r.stdout]).toEqual([1, '', relaxed(repo, detail(`tools/tools.ts:${p.line}:${p.column}`), what)]);
    return p;
  };
  /** {@link diffFails} for the policy passed to createRegistry, which diff cannot read, for `why`. */
  const failsUnread = (why: string) =>
    diffFails(
      'approval:',
      (at) =>
        `the approval policy passed to createRegistry() at ${at} is not a literal diff can read (${why}), so it may let it run unasked: write it inline; before: it is destructive`,
      'may no longer ask for approval',
    );

  for (const [what, head, policy] of [
    ['a const policy', `const POLICY = { allow: ['wipe_table'] };`, 'POLICY'],
    ['a const list', `const ALLOW = ['wipe_table'] as const;`, '{ allow: ALLOW }'],
    ['a spread literal', '', `{ ...{ allow: ['wipe_table'] } }`],
    ['a computed key', '', `{ ['allow']: ['wipe_table'] }`],
    ['a computed key joined from parts, in a spread', '', `{ ask: [], ...{ ['al' + 'low']: ['wipe_table'] } }`],
    ['a computed key held in a const', `const K = 'allow';`, `{ [K]: ['wipe_table'] }`],
    ['the value a function of the same file returns', `function policy() { return { allow: ['wipe_table'] }; }`, 'policy()'],
    [
      'a const policy passed to console.log and Object.freeze',
      `const POLICY = { allow: ['wipe_table'] };\nconsole.log(POLICY);\nObject.freeze(POLICY.allow);`,
      'POLICY',
    ],
  ] as const)
    it(`an allow rule in ${what} of the same file is read: the diff fails, naming the rule`, () => {
      usePolicy(head, policy);
      diffFails(
        "'wipe_table']",
        (at) => `approval.allow "wipe_table" of createRegistry() at ${at} lets it run unasked; without it, it would ask: it is destructive`,
      );
    });

  for (const [what, head, policy, why] of [
    ['imported from another module', `import { POLICY } from './policy.js';`, 'POLICY', 'POLICY is imported from ./policy.js'],
    ['declared with let', `let POLICY = { allow: ['wipe_table'] };`, 'POLICY', 'POLICY is declared with let'],
    ['whose list is a getter', '', `{ get allow() { return ['wipe_table']; } }`, 'allow is an accessor, whose value cannot be read'],
    [
      'whose list key cannot be read',
      `declare function key(): string;`,
      `{ [key()]: ['wipe_table'] }`,
      '[key()], a key that cannot be read',
    ],
    [
      'a list imported',
      `import { POLICY } from './policy.js';`,
      '{ allow: [...POLICY.allow] }',
      'approval.allow: POLICY.allow is not an array literal',
    ],
  ] as const)
    it(`a policy ${what}, new in the head, fails the diff for the tool that asked, naming why; --allow-breaking accepts it`, () => {
      usePolicy(head, policy);
      failsUnread(why);
      expect(diff('--allow-breaking').status).toBe(0);
    });

  for (const [what, call] of [
    ['a const policy', 'tune(approval)'],
    ['a list of a const policy', 'tune({ allow: approval.allow })'],
  ] as const)
    it(`${what} passed to a function of another module, which may change it, fails the diff, naming the call`, () => {
      repo.write('lib/tune.ts', "export function tune(p: { allow: string[] }): void { p.allow.push('wipe_table'); }\n");
      usePolicy(`import { tune } from '../lib/tune.js';\nconst approval = { allow: [] as string[] };\n${call};`, 'approval');
      const prop = repo.at('tools/tools.ts', 'approval:');
      const line = repo.at('tools/tools.ts', call).line;
      const r = diff();
      expect([r.status, r.stderr, r.stdout]).toEqual([
        1,
        '',
        relaxed(
          repo,
          `the approval policy passed to createRegistry() at tools/tools.ts:${prop.line}:${prop.column} is not a literal diff can read (approval is changed after its declaration, at line ${line} (${call})), so it may let it run unasked: write it inline; before: it is destructive`,
          'may no longer ask for approval',
        ),
      ]);
    });

  it('adapter options passed to a function of another module, which may set approve, fail the diff, naming the call', () => {
    repo.write('lib/configure.ts', 'export function configure(o: Record<string, unknown>): void { o.approve = () => true; }\n');
    repo.write(
      'agent.ts',
      `import { toolsToAI } from 'agent-tools/ai';\nimport { registry } from './tools/tools.js';\nimport { configure } from './lib/configure.js';\n\nconst options = { onToolLog: () => {} };\nconfigure(options);\nexport const tools = toolsToAI(registry, options);\n`,
    );
    const arg = repo.at('agent.ts', 'registry, options');
    const r = diff();
    expect([r.status, r.stdout]).toEqual([
      1,
      relaxed(
        repo,
        `the approve callback passed to toolsToAI() at agent.ts:${arg.line}:${arg.column + 'registry, '.length} is not a function diff can read (its options may set it, or an approval policy: options, changed after its declaration (configure(options))), so it may approve every call; before: it is destructive`,
        'may no longer ask for approval',
      ),
    ]);
  });

  for (const [what, change, place] of [
    ['looped over in an array literal', "for (const p of [approval]) p.allow.push('wipe_table');", '[approval]'],
    ['in an array literal whose forEach changes it', "[approval].forEach((p) => p.allow.push('wipe_table'));", '[approval]'],
    ['held in an object literal of another const', "const held = { p: approval };\nheld.p.allow.push('wipe_table');", '{ p: approval }'],
    ['given another name', "const other = approval;\nother.allow.push('wipe_table');", 'other = approval'],
  ] as const)
    it(`a const policy ${what}, which may be changed under that other name, fails the diff and validate, naming the place`, () => {
      usePolicy(`const approval = { allow: [] as string[] };\n${change}`, 'approval');
      const line = repo.at('tools/tools.ts', change.split('\n')[0]!).line;
      const why = `approval is changed after its declaration, at line ${line} (${place})`;
      const prop = failsUnread(why);
      const v = cli(repo.dir, 'validate', 'tools');
      expect(v.stdout.split('\n').filter((l) => l.endsWith('  approval-rules'))).toEqual([
        `tools/tools.ts:${prop.line}:${prop.column}  warn   The approval policy passed to createRegistry() is not a literal validate can read (${why}), so its rules are not checked and diff cannot see changes to them; write it inline, or as a const object literal in this file.  approval-rules`,
      ]);
    });

  it('adapter options looped over in an array literal, which may set approve, fail the diff, naming the array', () => {
    repo.write(
      'agent.ts',
      `import { toolsToAI } from 'agent-tools/ai';\nimport { registry } from './tools/tools.js';\n\nconst options = { onToolLog: () => {} };\nfor (const o of [options]) Object.assign(o, { approval: { allow: ['wipe_table'] } });\nexport const tools = toolsToAI(registry, options);\n`,
    );
    const arg = repo.at('agent.ts', 'registry, options');
    const r = diff();
    expect([r.status, r.stdout]).toEqual([
      1,
      relaxed(
        repo,
        `the approve callback passed to toolsToAI() at agent.ts:${arg.line}:${arg.column + 'registry, '.length} is not a function diff can read (its options may set it, or an approval policy: options, changed after its declaration ([options])), so it may approve every call; before: it is destructive`,
        'may no longer ask for approval',
      ),
    ]);
  });

  it('adapter options logged inside an array or object literal (console.log([options])) are read: no change', () => {
    repo.write(
      'agent.ts',
      `import { toolsToAI } from 'agent-tools/ai';\nimport { registry } from './tools/tools.js';\n\nconst options = { onToolLog: () => {} };\nconsole.log([options], { options });\nexport const tools = toolsToAI(registry, options);\n`,
    );
    expect([diff().status, diff().stdout]).toEqual([0, NO_CHANGE]);
  });

  it('adapter options passed only to console.log and JSON.stringify are read: no change', () => {
    repo.write(
      'agent.ts',
      `import { toolsToAI } from 'agent-tools/ai';\nimport { registry } from './tools/tools.js';\n\nconst options = { onToolLog: () => {} };\nconsole.log(JSON.stringify(options));\nexport const tools = toolsToAI(registry, options);\n`,
    );
    expect([diff().status, diff().stdout]).toEqual([0, NO_CHANGE]);
  });

  it('a policy the base already passed unread at the same call is no change of the pull request; writing it inline then is read', () => {
    usePolicy(`import { POLICY } from './policy.js';`, 'POLICY');
    repo.commit('an imported policy');
    repo.write('tools/policy.ts', `export const POLICY = { allow: [] };\n`);
    expect([diff().status, diff().stdout]).toEqual([0, NO_CHANGE]);
    repo.edit('tools/tools.ts', 'approval: POLICY', "approval: { deny: ['wipe_table'] }");
    expect([diff().status, diff().stdout]).toEqual([0, NO_CHANGE]);
  });

  it('an unread policy in a file beside the tools folder that imports them fails the diff too', () => {
    repo.write(
      'agent.ts',
      `import { toolsToAI } from 'agent-tools/ai';\nimport { registry } from './tools/tools.js';\nimport { POLICY } from './tools/policy.js';\n\nexport const tools = toolsToAI(registry, { approval: POLICY });\n`,
    );
    const prop = repo.at('agent.ts', 'approval:');
    const r = diff();
    expect([r.status, r.stdout]).toEqual([
      1,
      relaxed(
        repo,
        `the approval policy passed to toolsToAI() at agent.ts:${prop.line}:${prop.column} is not a literal diff can read (POLICY is imported from ./tools/policy.js), so it may let it run unasked: write it inline; before: it is destructive`,
        'may no longer ask for approval',
      ),
    ]);
  });

  for (const [what, options] of [
    ['returned by a function of the same file', 'makeOptions()'],
    ['spread from a const holding such a call', '{ ...base }'],
  ] as const)
    it(`adapter options ${what} are read: their allow rule fails the diff, naming the rule`, () => {
      repo.write(
        'agent.ts',
        `import { toolsToAI } from 'agent-tools/ai';\nimport { registry } from './tools/tools.js';\n\nfunction makeOptions() {\n  return { approval: { allow: ['wipe_table'] } };\n}\nconst base = makeOptions();\nexport const tools = toolsToAI(registry, ${options});\n`,
      );
      const rule = repo.at('agent.ts', "'wipe_table']");
      const r = diff();
      expect([r.status, r.stdout]).toEqual([
        1,
        relaxed(
          repo,
          `approval.allow "wipe_table" of toolsToAI() at agent.ts:${rule.line}:${rule.column} lets it run unasked; without it, it would ask: it is destructive`,
        ),
      ]);
    });

  it('adapter options returned by a function of another module cannot be read: the diff fails, naming the call', () => {
    repo.write('tools/options.ts', `export const makeOptions = () => ({ approval: { allow: ['wipe_table'] } });\n`);
    repo.write(
      'agent.ts',
      `import { toolsToAI } from 'agent-tools/ai';\nimport { registry } from './tools/tools.js';\nimport { makeOptions } from './tools/options.js';\n\nexport const tools = toolsToAI(registry, makeOptions());\n`,
    );
    const call = repo.at('agent.ts', 'makeOptions()');
    const r = diff();
    expect([r.status, r.stdout]).toEqual([
      1,
      relaxed(
        repo,
        `the approval policy passed to toolsToAI() at agent.ts:${call.line}:${call.column} is not a literal diff can read (its options cannot be read: it is the result of makeOptions()), so it may let it run unasked: write it inline; before: it is destructive`,
        'may no longer ask for approval',
      ),
    ]);
  });
  it('an options function moved to another module that sets no approval is no change', () => {
    const agent = (imports: string, fn: string) =>
      `import { toolsToAI } from 'agent-tools/ai';\nimport { registry } from './tools/tools.js';\n${imports}${fn}\nexport const tools = toolsToAI(registry, makeOptions(30));\n`;
    const fn = 'export function makeOptions(steps = 20) {\n  return { onToolLog: () => {}, maxSteps: steps };\n}\n';
    repo.write('agent.ts', agent('', fn));
    repo.commit('options in agent.ts');
    repo.write('lib/options.ts', fn);
    repo.write('agent.ts', agent("import { makeOptions } from './lib/options.js';\n", ''));
    const r = diff();
    expect([r.status, r.stdout]).toEqual([0, NO_CHANGE]);
  });
});
