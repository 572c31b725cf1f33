/** The list of every validate check, in report order; the check ids and lookups derive from it. */

import type { Check } from '../define-check.js';
import adapterLayer from './adapter-layer.js';
import coreSize from './core-size.js';
import defineToolCheck from './define-tool.js';
import destructiveDeclared from './destructive-declared.js';
import flatParams from './flat-params.js';
import jsdoc from './jsdoc.js';
import lifecycleHooks from './lifecycle-hooks.js';
import mutatesDeclared from './mutates-declared.js';
import paramDescription from './param-description.js';
import registered from './registered.js';
import registryAll from './registry-all.js';
import registryCore from './registry-core.js';
import registryExtended from './registry-extended.js';
import schemaLayer from './schema-layer.js';
import snakeCaseName from './snake-case-name.js';
import stepBudget from './step-budget.js';
import toolDescription from './tool-description.js';
import toolLog from './tool-log.js';
import uniqueNames from './unique-names.js';
import structuredResult from './structured-result.js';
import approvalRules from './approval-rules.js';

/**
 * Every check, in report order: the architecture of the folder and the toolbox first, then
 * each tool. Explicit, never discovered from the disk; the parity test keeps this list, the
 * files, their tests, `node_modules/agent-tools/docs/checks.md` and `fixtures/validate/` in step. Nothing else counts
 * or lists the checks: `npm run new:check -- <id>` adds one here.
 */
export const CHECKS = [
  schemaLayer,
  registryCore,
  registryExtended,
  registryAll,
  coreSize,
  registered,
  uniqueNames,
  adapterLayer,
  toolLog,
  stepBudget,
  lifecycleHooks,
  approvalRules,
  defineToolCheck,
  snakeCaseName,
  toolDescription,
  paramDescription,
  mutatesDeclared,
  destructiveDeclared,
  flatParams,
  jsdoc,
  structuredResult,
] as const satisfies readonly Check[];

/** A check id: one of the kebab-case ids in {@link CHECKS}. */
export type CheckId = (typeof CHECKS)[number]['id'];

/** The ids of {@link CHECKS}, in order. */
export const CHECK_IDS: readonly CheckId[] = CHECKS.map((c) => c.id);

/** The check with `id`, or `undefined`. */
export function checkById(id: string): Check | undefined {
  return (CHECKS as readonly Check[]).find((c) => c.id === id);
}
