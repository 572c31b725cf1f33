/** The zod schema of the `approval` key of `agent-tools.config.json`: allow, ask and deny lists of names or globs. */

import { z } from 'zod';

const names = z.array(z.string().trim().min(1, 'expected a tool name or glob')).optional();

/**
 * The `approval` key of `agent-tools.config.json` (an `ApprovalPolicy`): `{ allow?, ask?, deny? }`,
 * each a list of tool names or picomatch globs; unknown keys are errors. Validate checks it with
 * the rest of the file; `serve`, `call`, `skill run` and the console read it.
 */
export const approvalPolicySchema = z.strictObject({ allow: names, ask: names, deny: names });
