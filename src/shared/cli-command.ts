/** The one form of an `agent-tools` command line that a message asks the user to run. */

/**
 * A command line to copy from a message, hint or help text: `cliCommand('skill refresh fonts')`
 * is `npx agent-tools skill refresh fonts`. The `npx` form runs the binary of a local install
 * (`npm install -D agent-tools`, the README's way) and of a global one alike, where a bare
 * `agent-tools` is "command not found" in a project that installed it locally. `args` is the
 * rest of the command line as the user types it (subcommand, arguments, flags), quoted as the
 * shell needs; it is not escaped here.
 */
export function cliCommand(args: string): string {
  return `npx agent-tools ${args}`;
}
