/** The ToolLog: one entry per call, call keys, and the debug summary of a run (repeats, no-op mutations, sizes). */

import type { ToolLogLine } from '../core/call-context.js';
import type { ApprovalOutcome } from './approval.js';
import type { AfterExecuteHook } from './hook-error.js';
import type { Truncation } from './json-safe.js';
import { utf8Bytes } from './json-safe.js';

/**
 * One tool call as the pipeline saw it (passed to `onToolLog`).
 *
 * - `args`: the parsed arguments, or the raw ones when they failed to parse.
 * - `result`: the JSON-safe result, `null` for an error; `error`: the error message. `result`
 *   is the tool result's own `value`, not a copy: a logger that changes it (to redact a
 *   secret, say) changes what the client receives; copy it first.
 * - `timestamp`: ms since the epoch when the call started (`Date.now()`); `durationMs`: wall
 *   time of the call (monotonic, `performance.now()`).
 * - `nodeBefore`/`nodeAfter`/`unchangedProps`: from the snapshot of a mutating tool.
 * - `isDuplicate`: an identical call (same tool, same arguments, key order ignored) was
 *   made before through the same tool set, server or command program (among the last
 *   1 000 distinct calls the adapters remember, see `RecentCalls`).
 * - `truncated`: the result was capped (sizes in UTF-8 bytes).
 * - `progressCount`: how many times the tool called `ctx.reportProgress` (absent: none).
 * - `logs`: the lines the tool wrote with `ctx.log`, in order (absent: none).
 * - `approval`: `approved`, `denied` or `not-needed`, and `approvalBy`: who or what decided
 *   (a policy entry, the tool's rule, the person or client asked, a flag). Absent when the call
 *   stopped before the approval step (no step left, bad arguments).
 * - `hookError`: a hook that threw after `execute` ran (`onAfterExecute`, the snapshot after,
 *   `onAffected`; the first one): which (`hook`) and its `message`. The call's `result` or `error`
 *   is what `execute` made of it; the hook's throw does not change it (see `PipelineOptions.onHookError`).
 */
export interface ToolLogEntry {
  tool: string;
  args: unknown;
  result: unknown;
  error?: string;
  timestamp: number;
  durationMs: number;
  mutates: boolean;
  nodeBefore?: unknown;
  nodeAfter?: unknown;
  unchangedProps?: string[];
  isDuplicate?: boolean;
  truncated?: Truncation;
  progressCount?: number;
  logs?: ToolLogLine[];
  approval?: ApprovalOutcome;
  approvalBy?: string;
  hookError?: { hook: AfterExecuteHook; message: string };
}

/** What {@link buildDebugLog} returns. */
export interface DebugLog {
  entries: ToolLogEntry[];
  /** Identical calls (tool and arguments, key order ignored) made more than once, with their count. */
  duplicates: { tool: string; args: unknown; count: number }[];
  /** Successful mutating calls that changed nothing they were asked to: `unchangedProps` non-empty, or equal snapshots. */
  noopMutations: ToolLogEntry[];
  /** UTF-8 bytes of every result's JSON text (or error message). */
  totalResultBytes: number;
  byTool: Record<string, { calls: number; errors: number; totalMs: number }>;
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (typeof v === 'object' && v !== null) {
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
    );
  }
  return v;
}

const isLeaf = (v: unknown) => typeof v !== 'object' || v === null;

/**
 * Whether `v` serialises as its key-sorted copy does: a plain object whose keys are already in
 * sorted order, holding no object but arrays of non-objects (flat arguments, the common case).
 */
function alreadySorted(v: unknown): boolean {
  if (isLeaf(v) || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return false;
  const keys = Object.keys(v as object);
  for (let i = 0; i < keys.length; i++) {
    if (i > 0 && !(keys[i - 1]! < keys[i]!)) return false;
    const value = (v as Record<string, unknown>)[keys[i]!];
    if (!isLeaf(value) && !(Array.isArray(value) && value.every(isLeaf))) return false;
  }
  return true;
}

/** A key identifying a call: tool name plus arguments as JSON with object keys sorted. */
export function callKey(tool: string, args: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(alreadySorted(args) ? args : sortKeys(args)) ?? 'null';
  } catch {
    text = String(args);
  }
  return `${tool} ${text}`;
}

/** A summary of a tool log for debugging an agent run: repeated calls, no-op mutations, sizes and per-tool counts. */
export function buildDebugLog(entries: readonly ToolLogEntry[]): DebugLog {
  const counts = new Map<string, { tool: string; args: unknown; count: number }>();
  const byTool: DebugLog['byTool'] = {};
  let totalResultBytes = 0;
  for (const e of entries) {
    const key = callKey(e.tool, e.args);
    const seen = counts.get(key);
    if (seen) seen.count += 1;
    else counts.set(key, { tool: e.tool, args: e.args, count: 1 });
    const t = (byTool[e.tool] ??= { calls: 0, errors: 0, totalMs: 0 });
    t.calls += 1;
    if (e.error !== undefined) t.errors += 1;
    t.totalMs += e.durationMs;
    totalResultBytes += utf8Bytes(e.error ?? JSON.stringify(e.result ?? null));
  }
  const noopMutations = entries.filter(
    (e) =>
      e.mutates &&
      e.error === undefined &&
      ((e.unchangedProps?.length ?? 0) > 0 ||
        ('nodeBefore' in e && 'nodeAfter' in e && JSON.stringify(e.nodeBefore) === JSON.stringify(e.nodeAfter))),
  );
  return { entries: [...entries], duplicates: [...counts.values()].filter((d) => d.count > 1), noopMutations, totalResultBytes, byTool };
}
