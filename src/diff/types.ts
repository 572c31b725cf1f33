/** The data `agent-tools diff` works on and returns. */

import type { ConfigChecks } from '../validate/check-severities.js';
import type { SideApproval } from './approval-facts.js';

// Plain JSON values, no classes: a result survives `JSON.stringify` and is exactly what `diff --format json` prints.

/**
 * How a change affects the clients of a toolbox, in semantic-versioning terms:
 * `breaking` can fail a client, a prompt or an agent that worked before (major bump);
 * `minor` adds something without breaking anyone (minor bump); `patch` changes text or
 * hints a client may show or weigh, with no change in what a call accepts (patch bump).
 */
export type ChangeClass = 'breaking' | 'minor' | 'patch';

/** The version bump a set of changes needs: the highest class found, `none` when nothing changed. */
export type Bump = 'major' | 'minor' | 'patch' | 'none';

/**
 * One change between the base and the head, as `diff --format json` prints it.
 *
 * - `tool`: the tool's name in the head (for a removed tool, its name in the base); for a
 *   check made less severe (`check-relaxed`, `warn-check-relaxed`), the configuration file.
 * - `param`: the input param the change is in, as a path: `weight`, `style.weight` for a
 *   nested object's property, `tags[]` for an array's items. Absent for a tool-level change.
 * - `field`: the same for an output field (`outputSchema`), when the change is in one.
 * - `rule`: the rule id (see `agent-tools explain <rule>`); `class` its class.
 * - `message`: one line saying what changed, with the old and new values.
 * - `file`, `line`, `column`: where the tool is in the head (relative to the working
 *   directory, `/` separators, 1-based), when the tool still exists: its definition when the
 *   head was read from source files, its entry's `"name"` key when it is an export file.
 */
export interface DiffChange {
  tool: string;
  param?: string;
  field?: string;
  rule: string;
  class: ChangeClass;
  message: string;
  file?: string;
  line?: number;
  column?: number;
}

/** What `diff` returns, and `diff --format json` prints: every change (breaking first within each tool) and the bump they need. */
export interface DiffResult {
  changes: DiffChange[];
  bump: Bump;
}

/**
 * One entry of an MCP `tools/list` result (what `export --format mcp` writes), read loosely:
 * only `name` and `inputSchema` are required; any other key is compared as it is.
 */
export interface ToolEntry {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Where a tool of the head is defined, for the change's `file:line:col`. */
export interface ToolLocation {
  file: string;
  line: number;
  column: number;
}

/**
 * One side of a comparison: the tools/list entries, where each is defined when read from
 * source files, and then also the approval facts a tools/list entry does not carry (each
 * tool's `needsApproval`, the approval policies; see `SideApproval`).
 */
export interface ToolSet {
  tools: ToolEntry[];
  locations?: ReadonlyMap<string, ToolLocation>;
  approval?: SideApproval;
  /**
   * The check severities of each configuration of the project (see `projectConfigChecks`), read
   * from source like `approval`; compared when both sides have them.
   */
  checks?: readonly ConfigChecks[];
}
