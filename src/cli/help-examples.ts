/** The "Examples:" section of a command's `--help`. */

import { cliCommand } from '../shared/cli-command.js';

/**
 * The "Examples:" section of a command's help, for `addHelpText('after', ...)` right after its
 * options: one `npx agent-tools ...` line per entry of `lines`, each the rest of a command line as
 * the user types it (see `cliCommand`), with an optional `  # note` after it.
 */
export function examplesHelp(lines: readonly string[]): string {
  return `\nExamples:\n${lines.map((l) => `  ${cliCommand(l)}`).join('\n')}`;
}
