/** The `diff` command's definition: the changes to the tools since a base, by rule, and the version bump they need. */

import type { Command } from 'commander';
import { DIFF_FORMATS } from '../../diff/formats/index.js';
import { Option } from '../commander.js';
import { cliCommand } from '../../shared/cli-command.js';
import { examplesHelp } from '../help-examples.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/**
 * `agent-tools diff [paths...] --base <ref|file|folder>`: the changes to the tools since a base,
 * by rule and class, and the bump they need.
 */
export function registerDiff(program: Command): void {
  program
    .command('diff')
    .description(
      'list what changed in the tools since a git ref, an earlier `export --format mcp` file or another folder, each change with its rule and class (breaking, minor, patch), and the version bump they need',
    )
    .argument('[paths...]', 'tool files or folders, as for export (default: ./tools); or one .json file written by export --format mcp')
    .option(
      '--base <ref|file|folder>',
      'what to compare with: a file written by export --format mcp, a folder of tool sources (analyzed as the paths are), else a git ref (main, origin/main, v1.2.0, HEAD~1)',
    )
    .addOption(new Option('--format <name>', 'output format').choices(Object.keys(DIFF_FORMATS)).default('text'))
    .option('--allow-breaking', 'exit 0 even when a breaking change is found (it is still listed)')
    .option('--callee <name>', 'also treat calls of this function as tool definitions (repeatable)', collect)
    .option('--list-rules', 'print every rule with its class and one-line doc, and exit')
    .addHelpText(
      'after',
      examplesHelp([
        'diff --base main',
        'diff tools --base origin/main --format github',
        'diff --base tools.json',
        'diff new-tools --base old-tools',
      ]),
    )
    .addHelpText(
      'after',
      [
        '',
        'A git ref is read from the repository (never checked out) and its tools extracted by the same static analysis,',
        'on the same paths; paths the ref lacks, or in which it has no tool (the pull request that adds the toolbox), are empty',
        'there, so every tool in them is new.',
        'A folder as --base is analyzed whole (diff new-tools --base old-tools compares two folders).',
        `\`${cliCommand('explain <rule>')}\` documents a rule, with an example.`,
        'Exit codes: 0 no breaking change (or --allow-breaking), 1 a breaking change, 2 usage error or a base or working tree',
        'that cannot be read or whose tools cannot all be extracted.',
      ].join('\n'),
    )
    .action(
      async (paths: string[], opts: { base?: string; format: string; allowBreaking?: boolean; callee?: string[]; listRules?: boolean }) => {
        const [{ runDiffCommand }, { colorsFor }] = await Promise.all([import('../run-diff.js'), import('../color.js')]);
        process.exitCode = await runDiffCommand({
          paths,
          ...opts,
          colors: colorsFor(process.stdout),
          stdout: (s) => process.stdout.write(s),
          stderr: (s) => process.stderr.write(s),
        });
      },
    );
}
