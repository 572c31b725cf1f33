/** commander's `Command`, `CommanderError` and `Option`, loaded with `require` and typed. */

import { createRequire } from 'node:module';
import type * as Commander from 'commander';

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
/** commander's `Option`, loaded with `require`. */
export const Option = commander.Option;
export type Option = Commander.Option;
