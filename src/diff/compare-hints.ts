/** Compares the effective tool hints a client acts on, each left-out hint read as the MCP spec's default. */

import type { DiffRuleId } from './rules/index.js';
import { isPlainObject } from '../util/is-plain-object.js';

/** What an `approval-relaxed` change says of a tool that asked before it ran and now does not. */
export const NO_LONGER_ASKS = 'no longer asks for approval';

/** What an `approval-relaxed` change says of a tool now read-only to clients that still says it is destructive. */
const READ_ONLY_TO_CLIENTS = 'is read-only to MCP clients now';
const DESTRUCTIVE_IGNORED =
  'its destructiveHint true counts only while readOnlyHint is false (MCP spec, ToolAnnotations), so a client that asks by the hints ' +
  'runs it unasked; agent-tools itself still asks, since it says destructive';

/** The four hints as a client acts on them (MCP spec 2025-06-18, ToolAnnotations). */
interface Hints {
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
  openWorld: boolean;
}

/**
 * The hints a client acts on for `annotations`: each hint left out (or not a boolean) is the
 * spec's default (`readOnlyHint` false, `destructiveHint` true, `idempotentHint` false,
 * `openWorldHint` true). So a mutating tool that does not declare `destructiveHint` is destructive.
 */
export function effectiveHints(annotations: unknown): Hints {
  const a = isPlainObject(annotations) ? annotations : {};
  const flag = (key: string, fallback: boolean) => (typeof a[key] === 'boolean' ? a[key] : fallback);
  return {
    readOnly: flag('readOnlyHint', false),
    destructive: flag('destructiveHint', true),
    idempotent: flag('idempotentHint', false),
    openWorld: flag('openWorldHint', true),
  };
}

/**
 * Compares the effective hints of a tool (see {@link effectiveHints}), never the declared
 * fields: `destructiveHint` and `idempotentHint` count only while the tool is not read-only
 * (the spec: "meaningful only when readOnlyHint == false"), so a tool that stops being
 * read-only is one change, `became-mutating`, whose message says what its other hints are.
 * Becoming read-only, or a destructive tool becoming not destructive, is `approval-relaxed`
 * (breaking): it switches off the approval agent-tools and clients ask for.
 */
export function compareHints(before: unknown, after: unknown, add: (rule: DiffRuleId, data?: Record<string, string>) => void): void {
  const b = effectiveHints(before);
  const a = effectiveHints(after);
  const relaxed: string[] = [];
  const stricter: string[] = [];
  if (b.readOnly && !a.readOnly) {
    add('became-mutating', { detail: `; now destructiveHint ${a.destructive}, idempotentHint ${a.idempotent}` });
  } else if (!b.readOnly && a.readOnly) {
    // mutates: false beside destructive: true: agent-tools still asks (destructive wins), a client acting on the hints does not
    const saysDestructive = isPlainObject(after) && after.destructiveHint === true;
    add(
      'approval-relaxed',
      saysDestructive
        ? { what: READ_ONLY_TO_CLIENTS, detail: `readOnlyHint false → true; ${DESTRUCTIVE_IGNORED}` }
        : { what: NO_LONGER_ASKS, detail: 'readOnlyHint false → true' },
    );
  } else if (!a.readOnly) {
    if (!b.destructive && a.destructive) add('became-destructive');
    if (b.destructive && !a.destructive) add('approval-relaxed', { what: NO_LONGER_ASKS, detail: 'destructiveHint true → false' });
    if (!b.idempotent && a.idempotent) relaxed.push('idempotentHint false → true');
    if (b.idempotent && !a.idempotent) stricter.push('idempotentHint true → false');
  }
  if (b.openWorld && !a.openWorld) relaxed.push('openWorldHint true → false');
  if (!b.openWorld && a.openWorld) stricter.push('openWorldHint false → true');
  if (relaxed.length > 0) add('hints-relaxed', { detail: relaxed.join(', ') });
  if (stricter.length > 0) add('hints-stricter', { detail: stricter.join(', ') });
}
