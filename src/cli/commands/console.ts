/** The `console` command's definition: the skill console, a local web page. */

import type { Command } from 'commander';
import { allowForeignTablesOption, storeOption } from './skill.js';
import { unsandboxedOption } from '../script-sandbox-mode.js';
import type { ConsoleCommandOptions } from '../run-console.js';
import { examplesHelp } from '../help-examples.js';

/** `agent-tools console [--store] [--tools] [--port] [--open]`: the skill console, a local web page. */
export function registerConsole(program: Command): void {
  program
    .command('console')
    .description('open the skill console: a local web page to browse, install, switch and try skills and tools (127.0.0.1 only)')
    .addOption(storeOption('the skill store to show'))
    .addOption(allowForeignTablesOption())
    .option('--tools <module>', 'a tools module (as for serve) to try and catalog beside the skills')
    .option('--port <n>', 'the port on 127.0.0.1 (default: a free one)')
    .option('--open', 'open the page in the default browser')
    .addOption(unsandboxedOption())
    .addHelpText(
      'after',
      examplesHelp([
        'console --open',
        'console --tools tools/registry.ts --port 4000',
        'console --store postgres://user:password@db:5432/skills',
      ]),
    )
    .addHelpText('after', "\nPrints the URL with this launch's access token (every API call needs it) and runs until Ctrl-C.")
    .action(async (opts: ConsoleCommandOptions) => {
      const { runConsole } = await import('../run-console.js');
      process.exitCode = await runConsole(opts);
    });
}
