/** `defineCheck`: the descriptor of one compliance check (id, scope, severities, messages, docs, run, fix). */

import type { CheckContext, Severity } from './types.js';

/**
 * A check's documentation: `summary` (one paragraph, what it requires and why; reports such as the Markdown
 * one print it), optional `details` (further paragraphs, for `explain` and node_modules/agent-tools/docs/checks.md only), and a
 * `failing` and a `passing` example. Examples are sources in the multi-file form
 * `// @file tools/a.ts` (a line naming the file, then its text; the first file defaults to
 * `tools/tool.ts`). The docs test runs the check over both.
 */
export interface CheckDocs {
  summary: string;
  details?: readonly string[];
  failing: string;
  passing: string;
}

/**
 * What a check looks at: `architecture` checks look at the folder's layers (schema layer,
 * registries, adapters) and are switched off by `--profile tools`; `toolbox` checks look at
 * the set of tools (size, registration, unique names); `tool` checks look at each tool.
 */
export type CheckScope = 'architecture' | 'toolbox' | 'tool';

/**
 * One compliance check.
 *
 * - `id`: kebab-case, equal to its file name, its docs heading and its fixture folder.
 * - `scope`: see {@link CheckScope}.
 * - `severity`: the default; configuration overrides it.
 * - `messages`: message templates with `{{key}}` placeholders, by message id.
 * - `hints`: fix suggestions (templates too), by message id.
 * - `warnOnly`: message ids that are warnings even when the check's severity is `error`.
 * - `manual`: for message ids that never get an automatic fix because a person must decide,
 *   why (`validate --fix` prints it next to what it left).
 * - `readsIgnored`: set when the check reads and reports files the configuration's `ignore` leaves
 *   out, with why (code there still runs, so leaving it out would hide what the check exists to show).
 */
export interface Check<Id extends string = string, M extends string = string> {
  id: Id;
  title: string;
  scope: CheckScope;
  severity: Exclude<Severity, 'off'>;
  docs: CheckDocs;
  messages: Record<M, string>;
  hints?: Partial<Record<NoInfer<M>, string>>;
  warnOnly?: readonly NoInfer<M>[];
  manual?: Partial<Record<NoInfer<M>, string>>;
  readsIgnored?: string;
  run(ctx: CheckContext<NoInfer<M>>): void;
}

/** Identity function: exists so each check file infers its id and message ids. */
export function defineCheck<const Id extends string, M extends string>(check: Check<Id, M>): Check<Id, M> {
  return check;
}
