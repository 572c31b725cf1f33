/** Tests that `serve --approve` naming no tool exits 2 with a did-you-mean, or warns when the store's skills are served. */

import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempPackage } from '../temp-package.js';

const root = new URL('../..', import.meta.url).pathname;

/** Runs the built CLI in `dir`; stdin at its end, so `serve` starts, says what it serves, and stops. */
const cli = (dir: string, ...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'bin/agent-tools.js'), ...args], {
    cwd: dir,
    input: '',
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, NO_COLOR: '1' },
  });

const dir = tempPackage('serve-approve-unknown-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(
  join(dir, 'registry.ts'),
  `import { createRegistry, defineTool } from 'agent-tools';
const removeUser = defineTool({ name: 'remove_user', description: 'Removes one user account by its id', params: {}, execute: () => 'gone' });
const ping = defineTool({ name: 'ping', description: 'Reply with pong to check the server', mutates: false, params: {}, execute: () => 'pong' });
export const registry = createRegistry({ core: [ping], extended: [removeUser] });
`,
);

describe('serve --approve with a name of no tool', { timeout: 120_000 }, () => {
  it('no skills: exit 2, naming the flag, the name and the closest tool; nothing served', () => {
    const r = cli(dir, 'serve', 'registry.ts', '--approve', 'ping', '--approve', 'remove_usr');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toBe(
      'agent-tools: --approve "remove_usr" matches no tool of registry.ts (did you mean "remove_user"?)',
    );
    expect(r.stderr).not.toContain('serving');
    const glob = cli(dir, 'serve', 'registry.ts', '--approve', 'drop_*');
    expect([glob.status, glob.stderr.split('\n')[0]]).toEqual([2, 'agent-tools: --approve "drop_*" matches no tool of registry.ts']);
  });

  it('a name or glob of a tool in any tier is served without a word about it', () => {
    for (const rule of ['remove_user', 'remove_*']) {
      const r = cli(dir, 'serve', 'registry.ts', '--approve', rule);
      expect(r.status).toBe(0);
      expect(r.stderr).toContain('agent-tools: serving 1 tool from registry.ts');
      expect(r.stderr).not.toContain('--approve');
    }
  });

  it('with the store’s skills served, the name could be a skill’s tool: a warning on stderr, and it serves; --no-skills refuses it', () => {
    writeFileSync(
      join(dir, 'greet.json'),
      JSON.stringify({
        kind: 'prompt',
        name: 'greet',
        description: 'Greets the user by name in one sentence.',
        triggers: ['hello'],
        content: 'Hi.',
      }),
    );
    expect(cli(dir, 'skill', 'install', 'greet.json').status).toBe(0);
    const r = cli(dir, 'serve', 'registry.ts', '--approve', 'remove_usr');
    expect(r.status).toBe(0);
    expect(r.stderr).toContain(
      'agent-tools: warning: --approve "remove_usr" matches no tool of registry.ts or of the enabled skills (did you mean "remove_user"?); ' +
        "it applies to a skill's tool of that name once one is enabled\n",
    );
    expect(r.stderr).toContain('agent-tools: serving 1 tool from registry.ts (registry + skills of');
    expect(cli(dir, 'serve', 'registry.ts', '--no-skills', '--approve', 'remove_usr').status).toBe(2);
  });
});
