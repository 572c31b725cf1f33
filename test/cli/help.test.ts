/** Tests that every command's and subcommand's `--help` has a description, its options and at least one example. */

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli/main.js';

const root = new URL('../..', import.meta.url).pathname;

/** Every command of the program, the program first, as the words after `agent-tools` (`[]`, `['skill', 'route']`). */
function commandPaths(cmd: Command, path: string[] = []): { path: string[]; cmd: Command }[] {
  return [{ path, cmd }, ...cmd.commands.flatMap((sub) => commandPaths(sub, [...path, sub.name()]))];
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ');

// one process per command: a loaded 2-core machine needs more than the default 5 s
describe('--help of every command', { timeout: 120_000 }, () => {
  const all = commandPaths(buildProgram());

  it('covers the commands and the skill subcommands', () => {
    expect(all.map((c) => c.path.join(' '))).toEqual(
      expect.arrayContaining([
        '',
        'scaffold',
        'validate',
        'export',
        'diff',
        'serve',
        'call',
        'search',
        'explain',
        'console',
        'skill',
        'skill route',
      ]),
    );
  });

  it.each(all.map((c) => [c.path.join(' ') || '(agent-tools)', c] as const))(
    '%s: description, arguments, options, examples',
    (_, { path, cmd }) => {
      const r = spawnSync(process.execPath, [`${root}bin/agent-tools.js`, ...path, '--help'], {
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
      expect([r.status, r.stderr]).toEqual([0, '']);
      const help = r.stdout;
      expect(cmd.description().length).toBeGreaterThan(0);
      expect(oneLine(help)).toContain(oneLine(cmd.description()));
      // every argument is described, under "Arguments:"
      for (const arg of cmd.registeredArguments) {
        expect(arg.description, `${path.join(' ')} <${arg.name()}>`).not.toBe('');
        expect(help).toMatch(new RegExp(`\\nArguments:\\n(?:.*\\n)*?  ${arg.name()} +\\S`));
      }
      // the options, each with its text (call lists its own: it takes the tool's flags too)
      expect(help).toMatch(/\nOptions[^\n]*:\n/);
      for (const opt of cmd.options) expect(help).toContain(opt.flags);
      // at least one example, a command line of this very command
      const examples = /\nExamples:\n((?: {2}.*\n?)+)/.exec(help)?.[1]?.trimEnd().split('\n') ?? [];
      expect(examples.length, help).toBeGreaterThan(0);
      for (const line of examples) expect(line.startsWith(`  npx agent-tools ${path.join(' ')}`.trimEnd())).toBe(true);
      expect(examples.some((l) => oneLine(l).startsWith(oneLine(`  npx agent-tools ${path.join(' ')}`)))).toBe(true);
    },
  );
});

describe('a command line with no command', { timeout: 120_000 }, () => {
  it.each([[[]], [['skill']]])('agent-tools %j prints the help on stderr and exits 2, as a usage error', (words) => {
    const r = spawnSync(process.execPath, [`${root}bin/agent-tools.js`, ...words], {
      encoding: 'utf8',
      input: '',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect([r.status, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toMatch(/^Usage: agent-tools /);
    expect(r.stderr).toContain('\nCommands:\n');
  });
});
