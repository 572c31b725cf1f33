/** Tests that `serve` says nothing about skills when there are none unless asked (`--skills`), and then says it once. */

import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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

const skillLines = (stderr: string) => stderr.split('\n').filter((l) => /skills? (?:found|over MCP)|--skills/.test(l));

describe('agent-tools serve with no skills', () => {
  const dir = tempPackage('serve-no-skills-');
  writeFileSync(
    join(dir, 'registry.ts'),
    `import { createRegistry, defineTool } from 'agent-tools';
const ping = defineTool({ name: 'ping', description: 'Reply with pong to check the server', params: {}, execute: () => 'pong' });
export const registry = createRegistry({ core: [ping] });
`,
  );

  it('no skill store: no line by default; --skills says there is no store, once', () => {
    const quiet = cli(dir, 'serve', 'registry.ts');
    expect(quiet.stderr).toContain('agent-tools: serving 1 tool from registry.ts');
    expect(skillLines(quiet.stderr)).toEqual([]);
    expect(skillLines(cli(dir, 'serve', 'registry.ts', '--skills').stderr)).toEqual([
      'agent-tools: serve --skills: no skills found: there is no skill store at .agent-tools/skills.db',
    ]);
  });

  it('a store whose one skill is disabled: no line by default (the MCP catalog no longer says "no skills found"); --skills says it once', () => {
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
    expect(cli(dir, 'skill', 'disable', 'greet').status).toBe(0);
    const quiet = cli(dir, 'serve', 'registry.ts');
    expect(quiet.stderr).toContain('agent-tools: serving 1 tool from registry.ts (registry + skills of');
    expect(skillLines(quiet.stderr)).toEqual([]);
    expect(skillLines(cli(dir, 'serve', 'registry.ts', '--skills').stderr)).toEqual([
      `agent-tools: serve --skills: no skills found in ${join(dir, '.agent-tools/skills.db')}: its one skill is disabled (npx agent-tools skill enable <name>)`,
    ]);
    expect(cli(dir, 'serve', 'registry.ts', '--skills', '--no-skills').stderr).not.toContain('skills found');
  });
});
