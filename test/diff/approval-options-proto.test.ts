/** Tests that diff and validate catch options (or a policy) whose `__proto__` key makes approval inherited, which the runtime refuses. */

import { describe, expect, it } from 'vitest';
import { cli, wipeRelaxed, wipeRepos } from './wipe-toolbox.js';

const REGISTRY = 'export const registry = createRegistry({ core: [wipeTable, getRow] });';

describe('diff and validate: a __proto__ key in the options of createRegistry', { timeout: 120_000 }, () => {
  const repo = wipeRepos();
  const diff = (...more: string[]) => cli(repo().dir, 'diff', 'tools', '--base', 'main', ...more);
  /** The approval-rules lines of `validate tools`, and its exit code. */
  const validate = () => {
    const v = cli(repo().dir, 'validate', 'tools');
    return [v.status, v.stdout.split('\n').filter((l) => l.includes('approval-rules'))];
  };

  for (const key of ['__proto__', "'__proto__'"])
    it(`options with ${key}: { approval } fail the diff (approval-relaxed) and validate (an error at the key)`, () => {
      repo().edit(
        'tools/tools.ts',
        REGISTRY,
        `export const registry = createRegistry({ core: [wipeTable, getRow], ${key}: { approval: { allow: ['wipe_table'] } } } as any);`,
      );
      const at = repo().at('tools/tools.ts', `${key}:`);
      const where = `tools/tools.ts:${at.line}:${at.column}`;
      const r = diff();
      expect([r.status, r.stderr, r.stdout]).toEqual([
        1,
        '',
        wipeRelaxed(
          repo(),
          `the call of createRegistry() at ${where}: its options set their prototype with \`__proto__\`, so an approval or approve they ` +
            'inherit would apply, which diff does not read, so it may let it run unasked (the call throws a TypeError on it at run time)',
        ),
      ]);
      expect(validate()).toEqual([
        1,
        [
          `${where}  error  The call of createRegistry() cannot be read: its options set their prototype with \`__proto__\`, so an approval ` +
            'or approve they inherit would apply, which validate and diff do not read; createRegistry() throws a TypeError on it when it runs.  ' +
            'approval-rules',
        ],
      ]);
    });

  it('a policy with __proto__: { allow } fails the diff and validate the same way, at its key', () => {
    repo().edit(
      'tools/tools.ts',
      REGISTRY,
      "export const registry = createRegistry({ core: [wipeTable, getRow], approval: { __proto__: { allow: ['wipe_table'] } } as any });",
    );
    const at = repo().at('tools/tools.ts', '__proto__:');
    const where = `tools/tools.ts:${at.line}:${at.column}`;
    const r = diff();
    expect([r.status, r.stdout]).toEqual([
      1,
      wipeRelaxed(
        repo(),
        `the call of createRegistry() at ${where}: the policy sets its prototype with \`__proto__\`, so allow, ask or deny lists it ` +
          'inherits would apply, which diff does not read, so it may let it run unasked (the call throws a TypeError on it at run time)',
      ),
    ]);
    expect(validate()[0]).toBe(1);
  });

  it('options of toolsToAI in a file that imports the registry, with __proto__: { approval }, fail the diff and validate', () => {
    const agent = (more: string) =>
      `import { toolsToAI } from 'agent-tools/ai';\nimport { registry } from './tools/tools.js';\n\n` +
      `export const tools = toolsToAI(registry, { ${more}getStepBudget: () => undefined } as any);\n`;
    repo().write('agent.ts', agent(''));
    repo().commit('an agent');
    repo().write('agent.ts', agent("__proto__: { approval: { allow: ['wipe_table'] } }, "));
    const at = repo().at('agent.ts', '__proto__:');
    const r = diff();
    expect([r.status, r.stdout.split('\n')[1]]).toEqual([
      1,
      `  breaking  approval-relaxed  \`wipe_table\` may no longer ask for approval (the call of toolsToAI() at agent.ts:${at.line}:${at.column}: ` +
        'its options set their prototype with `__proto__`, so an approval or approve they inherit would apply, which diff does not read, so ' +
        'it may let it run unasked (the call throws a TypeError on it at run time); before: it is destructive)',
    ]);
    expect(validate()[1]).toEqual([
      `agent.ts:${at.line}:${at.column}  error  The call of toolsToAI() cannot be read: its options set their prototype with \`__proto__\`, ` +
        'so an approval or approve they inherit would apply, which validate and diff do not read; toolsToAI() throws a TypeError on it when ' +
        'it runs.  approval-rules',
    ]);
  });

  it('a computed ["__proto__"] key is an own key, which sets no prototype: no change', () => {
    repo().edit(
      'tools/tools.ts',
      REGISTRY,
      "export const registry = createRegistry({ core: [wipeTable, getRow], ['__proto__']: { approval: { allow: ['wipe_table'] } } } as any);",
    );
    expect([diff().status, diff().stdout]).toEqual([0, '✔ no changes against main (2 tools, 2 before): no version bump\n']);
    expect(validate()).toEqual([0, []]);
  });
});
