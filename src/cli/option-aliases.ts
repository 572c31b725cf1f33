/** Suggests the option a command has for a common spelling it does not know: `--dir`, `--output` or `-o` for `--out`, `-y` for `--yes`. */

import type { Command } from './commander.js';

/**
 * Spellings other tools use, and the option of ours they mean (only suggested where the command has it). `-y` is
 * suggested, not accepted: `call` takes only the long `--yes`, so an `npx -y` meant for npx never approves a call.
 */
const ALIASES: Readonly<Record<string, string>> = { '--dir': '--out', '--output': '--out', '-o': '--out', '-y': '--yes' };

/**
 * Makes `cmd` report an unknown option that {@link ALIASES} maps to one of its own options
 * with that option as the suggestion, in commander's form (`error: unknown option '--dir'` then
 * `(Did you mean --out?)`, which `prefixError` writes as
 * `agent-tools: export: unknown option '--dir' (did you mean --out?)`); anything else is reported by commander as before
 * (which suggests only close spellings, so `--dir` got nothing).
 */
export function suggestAliases(cmd: Command): void {
  // commander reports every unknown option through this method (not in its typings)
  const reporter = cmd as unknown as { unknownOption(flag: string): void };
  const own = reporter.unknownOption.bind(cmd);
  reporter.unknownOption = (flag: string) => {
    const name = flag.split('=')[0]!;
    const meant = ALIASES[name];
    if (meant !== undefined && cmd.options.some((o) => o.long === meant))
      cmd.error(`error: unknown option '${flag}'\n(Did you mean ${meant}?)`, { code: 'commander.unknownOption' });
    own(flag);
  };
}
