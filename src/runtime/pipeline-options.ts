/** The names of the pipeline options (PipelineOptions), which every adapter's options extend. */

import type { OptionNames } from '../core/known-options.js';
import type { PipelineOptions } from './run-tool.js';

/** Every name of `PipelineOptions`, for the adapters' `assertKnownOptions` (the compiler keeps it complete). */
export const PIPELINE_OPTION_NAMES = {
  getApi: true,
  getStepBudget: true,
  snapshot: true,
  maxResultBytes: true,
  maxContentBytes: true,
  onBeforeExecute: true,
  onAfterExecute: true,
  onAffected: true,
  onToolLog: true,
  onHookError: true,
  approval: true,
  approve: true,
} as const satisfies Record<keyof PipelineOptions, true> & OptionNames;
