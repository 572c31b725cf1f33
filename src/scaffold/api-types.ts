/** The shapes `scaffold` takes and returns (options and the plan of files), as `agent-tools/toolkit` publishes them. */

// Plain data that survives `JSON.stringify`. Type-only.

import type { ToolSpec } from './spec.js';

/** Options of `scaffold`. */
export interface ScaffoldOptions {
  /** The output root, the folder that holds `schema.ts` and the registry files; default `tools`, relative to `cwd`. */
  out?: string;
  /** Also plan a vitest file per tool. */
  withTest?: boolean;
  /** Plan to overwrite tool files that exist (else they are listed in `conflicts`). */
  force?: boolean;
  /**
   * Leave out the specs whose tool `out` already defines (the same name, or the same
   * command-line name), listing them in the plan's `skipped`, and plan the others; without it
   * such a spec is refused. Not with `force`.
   */
  skipExisting?: boolean;
  /** Default `process.cwd()`. */
  cwd?: string;
}

/** One file of a plan: `create` a new file, `overwrite` one (only with `force`), or `update` a registry file in place. */
export interface ScaffoldFile {
  /** Absolute path. */
  path: string;
  content: string;
  action: 'create' | 'overwrite' | 'update';
}

/**
 * One tool of a plan, as its spec resolved it: name, description, title, mutates,
 * destructive, domain (the folder), tier, params (every short-form param resolved) and the
 * type inferred for each short-form param, and why (`inferences`).
 */
export interface ScaffoldTool extends ToolSpec {
  /** What `validate` would report about the name or description (sentences, one per problem). */
  warnings: string[];
}

/**
 * What `scaffold` would write; nothing is written until `applyScaffoldPlan`.
 * `conflicts` lists existing files the plan may not overwrite (absolute paths; with `force`, only the `foreign` ones):
 * `applyScaffoldPlan` refuses a plan that has any. `foreign` names the existing `schema.ts` and `registry.ts` that
 * scaffold did not write and that lack what its files import (absolute path and why): conflicts even with `force`,
 * since a file the command did not write is never replaced.
 */
export interface ScaffoldPlan {
  /** The folder paths in messages are shown relative to. */
  cwd: string;
  files: ScaffoldFile[];
  conflicts: string[];
  foreign: { path: string; why: string }[];
  /** The tools planned (without the skipped ones). */
  tools: ScaffoldTool[];
  /**
   * With `skipExisting`: each spec left out because `out` defines its tool already, with the
   * existing tool's name and where it is written (`file:line:col`, relative to `cwd`).
   */
  skipped: { name: string; existing: string; at: string }[];
}
