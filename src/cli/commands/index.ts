import type { Command } from 'commander';
import { registerScaffold } from './scaffold.js';

/** Adds one subcommand to the program. Implementations are loaded with `await import()` in the action. */
export type RegisterCommand = (program: Command) => void;

/** Every subcommand, in help order. Each issue that builds a command adds it here. */
export const COMMANDS: readonly RegisterCommand[] = [
  registerScaffold,
];
