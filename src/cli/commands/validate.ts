/** The `validate` command's definition: every compliance check, its output formats, `--fix` and `--init-ci`. */

import type { Command } from 'commander';
import { Option } from '../commander.js';
import { examplesHelp } from '../help-examples.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** `agent-tools validate [paths...]`: every compliance check; `--init-ci` writes the GitHub workflow. */
export function registerValidate(program: Command): void {
  program
    .command('validate')
    .description('check a tools folder against the compliance checks (never runs its code)')
    .argument('[paths...]', 'files or folders to check (default: config "paths", else .)')
    .addOption(new Option('--format <name>', 'output format').choices(['text', 'markdown', 'json', 'sarif', 'github']).default('text'))
    .option('--report <file>', 'also write the Markdown report to this file (atomically)')
    .option(
      '--force',
      'let --report overwrite a file that is not an earlier report (never a file validate reads); let --init-ci replace the workflow',
    )
    .option('--max-warnings <n>', 'exit 1 when there are more warnings than this')
    .addOption(
      new Option('--profile <name>', 'full, or tools for a folder of tools only (architecture checks off)').choices(['full', 'tools']),
    )
    .option('--quiet', 'print errors only (warnings still count for --max-warnings)')
    .option('--config <file>', 'configuration file (default: agent-tools.config.json, or "agentTools" in package.json)')
    .option('--callee <name>', 'another factory name to treat like defineTool (repeatable)', collect)
    .option('--fix', 'apply the safe fixes (atomic writes), print what changed and what is left for a person')
    .option('--fix-dry-run', 'print the fixes as a unified diff on stdout; write nothing')
    .option('--fix-breaking', 'also the fixes that break clients (tool renames); with --fix-dry-run shows them, else applies them')
    .option('--watch', 're-run on every change under the paths (only changed files are parsed again); Ctrl-C exits 0')
    .option(
      '--init-ci',
      'write .github/workflows/agent-tools.yml, checking the paths given, else the config "paths", else . (an existing one only with --force), and exit',
    )
    .addHelpText(
      'after',
      examplesHelp([
        'validate',
        'validate tools agent.ts --max-warnings 0',
        'validate --format sarif > validate.sarif',
        'validate --fix-dry-run',
        'validate tools --init-ci',
      ]),
    )
    .addHelpText(
      'after',
      '\nExit codes: 0 clean or warnings within --max-warnings, 1 errors or too many warnings, 2 usage, configuration or internal error.',
    )
    .action(async (paths: string[], opts: Record<string, unknown>) => {
      if (opts.watch) {
        const { watchValidate } = await import('../watch-command.js');
        return watchValidate(paths, opts);
      }
      if (opts.initCi) {
        const { initCi } = await import('../../validate/init-ci.js');
        const ci = initCi(process.cwd(), paths, opts.force === true, opts.config as string | undefined);
        process.stdout.write(`wrote ${ci.file}\n`);
        if (ci.from === 'config')
          process.stderr.write(`agent-tools: its steps run on ${ci.paths.join(' ')}, the "paths" of ${ci.config}\n`);
        if (ci.from === 'default')
          process.stderr.write(
            'agent-tools: its steps run on . (the tools of every source file but node_modules, dist and dot folders, .gitignore or not; approval rules and grants are also read in dot folders); ' +
              'name the tools folders (validate tools --init-ci, or "paths" in agent-tools.config.json) to check them alone\n',
          );
        return;
      }
      const [{ runValidate }, { colorsFor }] = await Promise.all([import('../run-validate.js'), import('../color.js')]);
      // Progress only on a terminal, and only for runs long enough to need it; cleared before results print.
      const progress = process.stderr.isTTY
        ? (done: number, total: number) =>
            total > 300 && process.stderr.write(done < total ? `\rvalidate: ${done}/${total} files` : '\r\x1b[K')
        : undefined;
      const { exitCode, notices } = runValidate({
        ...opts,
        paths,
        colors: colorsFor(process.stdout),
        stdout: (s) => process.stdout.write(s),
        stderr: (s) => process.stderr.write(s),
        ...(progress ? { onProgress: progress } : {}),
      });
      for (const n of notices) process.stderr.write(`agent-tools: ${n}\n`);
      process.exitCode = exitCode;
    });
}
