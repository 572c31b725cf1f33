/** Writes commander's usage errors in the house form: `agent-tools: <command>: <problem> (did you mean ...?)`, one line. */

/**
 * Writes a commander usage error (`error: unknown option '--htp'` then commander's own
 * `(Did you mean --http?)` line) in the form of every other message of ours, as
 * node_modules/agent-tools/docs/troubleshooting.md promises: the `agent-tools:` prefix, the
 * command when there is one (`serve`, `skill list`), and the suggestion on the same line
 * (`agent-tools: serve: unknown option '--htp' (did you mean --http?)`), the form `call` gives a
 * tool's misspelt flag. The help hint commander adds after it (`showHelpAfterError`) stays its own line.
 *
 * @param command the command as typed after `agent-tools` (`serve`, `skill list`); none for the program itself.
 */
export function prefixError(text: string, write: (text: string) => void, command?: string): void {
  write(
    text
      .replace(/^error: /, `agent-tools: ${command ? `${command}: ` : ''}`)
      .replace(/\n\(Did you mean (.+)\?\)(?=\n|$)/, ' (did you mean $1?)'),
  );
}

/** {@link prefixError} for `command`, in the shape commander's `configureOutput({ outputError })` takes. */
export function prefixErrorOf(command: string): (text: string, write: (text: string) => void) => void {
  return (text, write) => prefixError(text, write, command);
}
