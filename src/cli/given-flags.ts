/** The flags a user gave a command, as words that run it again (for hints that show the command they ran). */

import type { Command } from 'commander';

/** `value` as one shell word: as is when plain, else in single quotes (`'a b'`, `'it'\''s'`). */
export function shellWord(value: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * The options given to `cmd` on its command line (commander's value source `cli`: not defaults, not
 * the environment), in the command's order, as shell words: `--http 3333`, `--no-skills`,
 * `--approve a --approve b` for a repeated one. An option set from the environment is left out, as
 * the environment gives it again.
 */
export function givenFlags(cmd: Command): string[] {
  const words: string[] = [];
  for (const option of cmd.options) {
    const key = option.attributeName();
    if (cmd.getOptionValueSource(key) !== 'cli' || !option.long) continue;
    const value: unknown = cmd.getOptionValue(key);
    if (typeof value === 'boolean') {
      // --skills and --no-skills share one value: each names itself only for its own
      if (value === !option.negate) words.push(option.long);
    } else if (!option.negate) for (const v of Array.isArray(value) ? value : [value]) words.push(option.long, shellWord(String(v)));
  }
  return words;
}
