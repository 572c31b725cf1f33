/** commander's `Command`, `CommanderError` and `Option`, loaded with `require` and typed. */

import { createRequire } from 'node:module';
import type * as Commander from 'commander';
import { closeMatches } from '../core/suggest.js';

// commander is CommonJS: importing it from ESM makes Node scan its source for export names
// (cjs-module-lexer) on every start. Requiring it skips that scan, which `agent-tools --help`
// feels (bench/README.md, row "2 startup").
const commander = createRequire(import.meta.url)('commander') as typeof Commander;

/** commander's `Command`, loaded with `require`. */
export const Command = commander.Command;
export type Command = Commander.Command;
/** commander's `CommanderError`, loaded with `require`. */
export const CommanderError = commander.CommanderError;
export type CommanderError = Commander.CommanderError;
/**
 * commander's `Option`, loaded with `require`, whose `choices()` also suggests the closest
 * choice for a value that is none of them (`closeMatches`), on commander's one line:
 * `option '--format <name>' argument 'sraif' is invalid. Allowed choices are text, markdown,
 * json, sarif, github (did you mean sarif?)`. Exit 2, as every commander usage error.
 */
export class Option extends commander.Option {
  override choices(values: readonly string[]): this {
    super.choices(values);
    const parse = this.parseArg!;
    this.parseArg = <T>(arg: string, previous: T): T => {
      const near = values.includes(arg) ? [] : closeMatches(arg, values, 1);
      if (near.length > 0) throw new commander.InvalidArgumentError(`Allowed choices are ${values.join(', ')} (did you mean ${near[0]}?)`);
      return parse(arg, previous);
    };
    return this;
  }
}
