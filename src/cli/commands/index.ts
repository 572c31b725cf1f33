import type { Command } from 'commander';
import { registerServe } from './serve.js';
import { registerCall } from './call.js';
import { registerExport } from './export.js';
import { registerValidate } from './validate.js';
import { registerExplain } from './explain.js';
import { registerSkill } from './skill.js';
import { registerScaffold } from './scaffold.js';

/** Adds one subcommand to the program. Implementations are loaded with `await import()` in the action. */
export type RegisterCommand = (program: Command) => void;

/** Every subcommand, in help order. Each issue that builds a command adds it here. */
export const COMMANDS: readonly RegisterCommand[] = [
  registerServe,
  registerCall,
  registerExport,
  registerValidate,
  registerExplain,
  registerSkill,
  registerScaffold,
];
