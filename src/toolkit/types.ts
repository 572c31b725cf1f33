/** The toolkit API's shapes (what validate, exportTools, scaffold and the checks take and return), gathered for the facade; type-only. */

export type { Diagnostic, ExtractedTool } from '../analysis/types.js';
export type { FormatWarning } from '../export/formats/types.js';
export type { Inference } from '../scaffold/infer.js';
export type { ValidateConfig } from '../validate/config.js';
export type { CheckScope } from '../validate/define-check.js';
export type { CheckOutcome, RunProfile } from '../validate/run-checks.js';
export type { TierCost } from '../validate/tier-cost.js';
export type { Fix, Severity, TextEdit } from '../validate/types.js';
export type { ProgressCallback } from '../shared/progress.js';
export type * from '../validate/api-types.js';
export type * from '../export/api-types.js';
export type * from '../scaffold/api-types.js';
