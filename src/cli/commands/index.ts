/** The list of every subcommand, in help order; each is loaded only when it runs. */

import type { Command } from 'commander';
import { registerCall } from './call.js';
import { registerConsole } from './console.js';
import { registerDiff } from './diff.js';
import { registerExplain } from './explain.js';
import { registerExport } from './export.js';
import { registerScaffold } from './scaffold.js';
import { registerSearch } from './search.js';
import { registerServe } from './serve.js';
import { registerSkill } from './skill.js';
import { registerValidate } from './validate.js';

/** Adds one subcommand to the program. Implementations are loaded with `await import()` in the action. */
export type RegisterCommand = (program: Command) => void;

/** Every subcommand, in help order. A new command adds its line here. */
export const COMMANDS: readonly RegisterCommand[] = [
  registerScaffold,
  registerValidate,
  registerExplain,
  registerExport,
  registerSearch,
  registerDiff,
  registerServe,
  registerCall,
  registerSkill,
  registerConsole,
];
