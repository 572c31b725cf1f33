/** `defineDiffRule`: the descriptor of one diff rule (id, class, doc, why, example). */

import type { ChangeClass, ToolEntry } from './types.js';

/**
 * A rule's example: the `tools/list` entries of the base and of the head, and for a rule about
 * the configuration its agent-tools.config.json on each side. The docs show them as a diff, and
 * a test runs `diff` over them and expects exactly this rule.
 */
export interface DiffRuleExample {
  before: ToolEntry[];
  after: ToolEntry[];
  /**
   * For a rule about the project's configuration: the agent-tools.config.json of the base and of
   * the head (the docs show these as the diff, and both sides are read from source).
   */
  config?: { before: Record<string, unknown>; after: Record<string, unknown> };
}

/**
 * One rule of `agent-tools diff`, listed once in `rules/index.ts` (like a validate check).
 *
 * - `id`: kebab-case, stable: the `rule` of a change, the heading in node_modules/agent-tools/docs/diff.md and the
 *   argument of `agent-tools explain`.
 * - `class`: what the change means for clients (see {@link ChangeClass}); it decides the bump.
 * - `title`: the one-line doc, a sentence.
 * - `summary`: why the change has its class, and what to do about it (one paragraph).
 * - `details`: optional further paragraphs (what exactly is read), printed after the summary.
 * - `message`: the change's message template, `{{key}}` placeholders filled from the change:
 *   `tool`, `param`, `field`, `where` (e.g. ``param `weight` `` or `the input schema`),
 *   `detail` (what changed, with old and new values), `what` (what happened to the tool, in
 *   words: `no longer asks for approval`), `before` and `after`; for a check made less severe,
 *   `where` is the configuration file, `key` the JSON path and `what` the check id.
 * - `example`: see {@link DiffRuleExample}.
 */
export interface DiffRule<Id extends string = string> {
  id: Id;
  class: ChangeClass;
  title: string;
  summary: string;
  details?: readonly string[];
  message: string;
  example: DiffRuleExample;
}

/** Identity function: exists so each rule infers its literal id. */
export function defineDiffRule<const Id extends string>(rule: DiffRule<Id>): DiffRule<Id> {
  return rule;
}
