/** The list of every diff rule, breaking first, then minor, then patch. */

import type { DiffRule } from '../define-rule.js';
import type { ChangeClass } from '../types.js';
import { checkRelaxed, warnCheckRelaxed } from './checks.js';
import { approvalRelaxed, becameDestructive, becameMutating, hintsRelaxed, hintsStricter } from './hints.js';
import {
  outputDescriptionChanged,
  outputFieldAdded,
  outputFieldChanged,
  outputFieldNarrowed,
  outputFieldOptional,
  outputFieldRemoved,
  outputFieldTypeChanged,
} from './output.js';
import {
  optionalParamAdded,
  paramDescriptionChanged,
  paramOptional,
  paramRemoved,
  paramRenamed,
  paramRequired,
  paramRequiredDefaulted,
  requiredParamAdded,
} from './params.js';
import { entryChanged, toolAdded, toolDescriptionChanged, toolRemoved, toolRenamed, toolTitleChanged } from './tools.js';
import {
  boundsNarrowed,
  boundsWidened,
  constraintAdded,
  constraintRemoved,
  defaultAdded,
  defaultChanged,
  enumValueAdded,
  enumValueRemoved,
  schemaChanged,
  typeChanged,
  typeWidened,
} from './values.js';

/**
 * Every rule of `agent-tools diff`, breaking first, then minor, then patch; within a class,
 * tools, params, values, hints, outputs, the configuration's checks. Explicit, never discovered
 * from the disk; node_modules/agent-tools/docs/diff.md's rule sections are generated from it, and
 * a test runs each rule's example.
 */
export const DIFF_RULES = [
  toolRemoved,
  toolRenamed,
  paramRemoved,
  paramRenamed,
  paramRequired,
  requiredParamAdded,
  typeChanged,
  enumValueRemoved,
  boundsNarrowed,
  constraintAdded,
  defaultChanged,
  schemaChanged,
  becameMutating,
  becameDestructive,
  approvalRelaxed,
  outputFieldRemoved,
  outputFieldTypeChanged,
  outputFieldOptional,
  outputFieldChanged,
  checkRelaxed,
  toolAdded,
  optionalParamAdded,
  paramOptional,
  typeWidened,
  enumValueAdded,
  boundsWidened,
  constraintRemoved,
  defaultAdded,
  hintsRelaxed,
  outputFieldAdded,
  warnCheckRelaxed,
  toolDescriptionChanged,
  toolTitleChanged,
  entryChanged,
  paramRequiredDefaulted,
  paramDescriptionChanged,
  hintsStricter,
  outputFieldNarrowed,
  outputDescriptionChanged,
] as const satisfies readonly DiffRule[];

/** A rule id: one of the kebab-case ids in {@link DIFF_RULES}. */
export type DiffRuleId = (typeof DIFF_RULES)[number]['id'];

/** The ids of {@link DIFF_RULES}, in order. */
export const DIFF_RULE_IDS: readonly DiffRuleId[] = DIFF_RULES.map((r) => r.id);

/** The rule with `id`, or `undefined`. */
export function diffRuleById(id: string): DiffRule<DiffRuleId> | undefined {
  return (DIFF_RULES as readonly DiffRule<DiffRuleId>[]).find((r) => r.id === id);
}

/** The class of rule `id` (a known id: the comparison only emits ids of {@link DIFF_RULES}). */
export function classOf(id: DiffRuleId): ChangeClass {
  return diffRuleById(id)!.class;
}
