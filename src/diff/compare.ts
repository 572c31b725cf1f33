/** `diff`'s comparison: tools paired by name (and renames), each pair compared field by field, and the version bump needed. */

import { fillTemplate } from '../util/fill-template.js';
import { compareSchema, type ChangeKind, type SchemaChange, type Side } from './compare-schema.js';
import { compareHints } from './compare-hints.js';
import { addedUnasked, approvalRelaxed, reachesGuarded } from './compare-approval.js';
import type { SideApproval } from './approval-facts.js';
import { pairRenames } from './pairing.js';
import { classOf, diffRuleById, type DiffRuleId } from './rules/index.js';
import { sameValue, show, type Schema } from './schema-values.js';
import type { Bump, ChangeClass, DiffChange, DiffResult, ToolEntry, ToolSet } from './types.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { relaxedChecks, type ConfigChecks } from '../validate/check-severities.js';

/** The rule that names each kind of schema change, for params and for output fields (see `ChangeKind`). */
const RULES: Record<Side, Record<ChangeKind, DiffRuleId>> = {
  input: {
    removed: 'param-removed',
    'added-required': 'required-param-added',
    'added-optional': 'optional-param-added',
    renamed: 'param-renamed',
    'made-required': 'param-required',
    'made-required-defaulted': 'param-required-defaulted',
    'made-optional': 'param-optional',
    text: 'param-description-changed',
    'type-changed': 'type-changed',
    'type-narrowed': 'type-changed',
    'type-widened': 'type-widened',
    'enum-removed': 'enum-value-removed',
    'enum-added': 'enum-value-added',
    'bounds-narrowed': 'bounds-narrowed',
    'bounds-widened': 'bounds-widened',
    'constraint-added': 'constraint-added',
    'constraint-changed': 'constraint-added',
    'constraint-removed': 'constraint-removed',
    'default-changed': 'default-changed',
    'default-added': 'default-added',
    other: 'schema-changed',
  },
  output: {
    removed: 'output-field-removed',
    'added-required': 'output-field-added',
    'added-optional': 'output-field-added',
    renamed: 'output-field-removed',
    'made-required': 'output-field-narrowed',
    'made-required-defaulted': 'output-field-narrowed',
    'made-optional': 'output-field-optional',
    text: 'output-description-changed',
    'type-changed': 'output-field-type-changed',
    'type-narrowed': 'output-field-narrowed',
    'type-widened': 'output-field-type-changed',
    'enum-removed': 'output-field-narrowed',
    'enum-added': 'output-field-changed',
    'bounds-narrowed': 'output-field-narrowed',
    'bounds-widened': 'output-field-changed',
    'constraint-added': 'output-field-narrowed',
    'constraint-changed': 'output-field-changed',
    'constraint-removed': 'output-field-changed',
    'default-changed': 'output-description-changed',
    'default-added': 'output-description-changed',
    other: 'output-field-changed',
  },
};

/** Entry keys that a rule of their own compares; any other key is `entry-changed`. */
const ENTRY_KEYS = new Set(['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations']);
const HINT_KEYS = new Set(['title', 'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']);
const RANK: Record<ChangeClass, number> = { breaking: 0, minor: 1, patch: 2 };
const EMPTY_OBJECT: Schema = { type: 'object', properties: {} };

/** Builds the changes of one tool; `at` is where the tool is in the head, when known. */
class ToolChanges {
  readonly list: DiffChange[] = [];
  constructor(
    readonly tool: string,
    readonly at?: { file: string; line: number; column: number },
  ) {}

  add(rule: DiffRuleId, data: Record<string, string> = {}, where: { param?: string; field?: string } = {}): void {
    const message = fillTemplate(diffRuleById(rule)!.message, { tool: this.tool, ...where, ...data });
    this.list.push({ tool: this.tool, ...where, rule, class: classOf(rule), message, ...(this.at ?? {}) });
  }

  schema(side: Side, c: SchemaChange): void {
    const rule = RULES[side][c.kind];
    const where = c.path === undefined ? {} : side === 'input' ? { param: c.path } : { field: c.path };
    const label = c.path === undefined ? `the ${side} schema` : side === 'input' ? `param \`${c.path}\`` : `output field \`${c.path}\``;
    const data: Record<string, string> = { where: label };
    for (const k of ['detail', 'key', 'before', 'after'] as const) if (c[k] !== undefined) data[k] = c[k]!;
    this.add(rule, data, where);
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const titleOf = (t: ToolEntry) => (typeof t.title === 'string' ? t.title : isPlainObject(t.annotations) ? t.annotations.title : undefined);
const hasParams = (t: ToolEntry) => isPlainObject(t.inputSchema.properties) && Object.keys(t.inputSchema.properties).length > 0;

/** Whether a removed tool `b` and an added tool `a` look like one tool under two names (see the tool-renamed rule). */
function sameTool(b: ToolEntry, a: ToolEntry): boolean {
  if (text(b.description) !== '' && text(b.description) === text(a.description)) return true;
  return hasParams(b) && sameValue(b.inputSchema, a.inputSchema);
}

/** Both sides' approval facts, with the head's tools (which `reachesGuarded` weighs against each other). */
interface Approvals {
  base: SideApproval;
  head: SideApproval;
  tools: readonly ToolEntry[];
}

/**
 * Whether `tool` now runs, unasked, code that only tools that ask ran (see `reachesGuarded`); `from` is its name in
 * the base, absent for a new tool. A tool of the base whose reach was not read is left alone.
 */
function sharedReach(tool: ToolEntry, approval: Approvals, from?: string) {
  if (from === undefined) return reachesGuarded(tool, approval.head, approval.tools);
  const before = approval.base.reaches?.get(from);
  return before && reachesGuarded(tool, approval.head, approval.tools, before);
}

/**
 * Every change from tool `b` (base) to tool `a` (head), which may have another name; with both
 * sides' approval facts, also approval switched off by `needsApproval` or a policy.
 */
function compareTool(b: ToolEntry, a: ToolEntry, out: ToolChanges, approval?: Approvals): void {
  if (b.name !== a.name) out.add('tool-renamed', { before: b.name });
  if (text(b.description) !== text(a.description)) out.add('tool-description-changed');
  if (!sameValue(titleOf(b), titleOf(a))) out.add('tool-title-changed', { before: show(titleOf(b)), after: show(titleOf(a)) });
  compareHints(b.annotations, a.annotations, (rule, data) => out.add(rule, data));
  const relaxed =
    approval &&
    !out.list.some((c) => c.rule === 'approval-relaxed') &&
    (approvalRelaxed(b, approval.base, a, approval.head) ?? sharedReach(a, approval, b.name));
  if (relaxed) out.add('approval-relaxed', { ...relaxed });
  const annB = isPlainObject(b.annotations) ? b.annotations : {};
  const annA = isPlainObject(a.annotations) ? a.annotations : {};
  for (const key of new Set([...Object.keys(annB), ...Object.keys(annA)]))
    if (!HINT_KEYS.has(key) && !sameValue(annB[key], annA[key]))
      out.add('entry-changed', { key: `annotations.${key}`, before: show(annB[key]), after: show(annA[key]) });
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)]))
    if (!ENTRY_KEYS.has(key) && !sameValue(b[key], a[key])) out.add('entry-changed', { key, before: show(b[key]), after: show(a[key]) });
  compareSchema(b.inputSchema, a.inputSchema, undefined, 'input', (c) => out.schema('input', c));
  if (b.outputSchema !== undefined || a.outputSchema !== undefined) {
    const ob = isPlainObject(b.outputSchema) ? b.outputSchema : EMPTY_OBJECT;
    const oa = isPlainObject(a.outputSchema) ? a.outputSchema : EMPTY_OBJECT;
    compareSchema(ob, oa, undefined, 'output', (c) => out.schema('output', c));
  }
}

/**
 * Every change from `base` to `head`: tools matched by name (a removed and an added tool by
 * the tool-renamed rule), then each pair compared field by field. When both sides carry approval
 * facts (read from source), a tool whose `needsApproval` or approval rules let it run with less
 * approval is `approval-relaxed` too (see `approvalRelaxed`), and a validate check that a
 * configuration made less severe is `check-relaxed` or `warn-check-relaxed` (after the tools).
 * Pure: reads nothing, writes nothing.
 *
 * Order: the head's tools in their order (a new or renamed tool where it stands), then the
 * removed tools in the base's order; within a tool, breaking changes first, then minor, then
 * patch, each group in the order found (tool, hints, params in the head's order, outputs).
 */
export function diffToolSets(base: ToolSet, head: ToolSet): DiffResult {
  const before = new Map(base.tools.map((t) => [t.name, t]));
  const after = new Map(head.tools.map((t) => [t.name, t]));
  const removed = base.tools.filter((t) => !after.has(t.name)).map((t) => t.name);
  const added = head.tools.filter((t) => !before.has(t.name)).map((t) => t.name);
  const renamedFrom = pairRenames(removed, added, (r, a) => sameTool(before.get(r)!, after.get(a)!));
  // approval facts are compared only when both sides were read from source (an export file has none)
  const approval = base.approval && head.approval ? { base: base.approval, head: head.approval, tools: head.tools } : undefined;
  const groups: DiffChange[][] = [];
  for (const tool of head.tools) {
    const out = new ToolChanges(tool.name, head.locations?.get(tool.name));
    const from = before.get(tool.name) ?? before.get(renamedFrom.get(tool.name) ?? '');
    if (from) compareTool(from, tool, out, approval);
    else {
      out.add('tool-added');
      const unasked = approval && (addedUnasked(tool, approval.head) ?? sharedReach(tool, approval));
      if (unasked) out.add('approval-relaxed', { ...unasked });
    }
    groups.push(out.list);
  }
  const renamed = new Set(renamedFrom.values());
  for (const name of removed.filter((n) => !renamed.has(n))) {
    const out = new ToolChanges(name);
    out.add('tool-removed');
    groups.push(out.list);
  }
  if (base.checks && head.checks) groups.push(...checkChanges(base.checks, head.checks));
  const changes = groups
    .flatMap((g) => g.map((c, i) => ({ c, i })).sort((x, y) => RANK[x.c.class] - RANK[y.c.class] || x.i - y.i))
    .map((x) => x.c);
  return { changes, bump: bumpOf(changes) };
}

/**
 * The checks a change of the configurations made less severe (see `relaxedChecks`), one group per
 * file, each change named after its file and placed where the head sets the severity:
 * `check-relaxed` for a check that is an error by default, else `warn-check-relaxed`.
 */
function checkChanges(before: readonly ConfigChecks[], after: readonly ConfigChecks[]): DiffChange[][] {
  const groups = new Map<string, DiffChange[]>();
  for (const r of relaxedChecks(before, after)) {
    const out = new ToolChanges(r.file, r.at && { file: r.file, ...r.at });
    const now =
      r.how === 'profile' ? `"${r.after}" by profile "tools"` : r.how === 'default' ? `"${r.after}", its default` : `"${r.after}"`;
    out.add(r.defaultSeverity === 'error' ? 'check-relaxed' : 'warn-check-relaxed', {
      where: r.file,
      key: r.path,
      what: r.check,
      before: r.before === 'error' ? 'an error' : 'a warning',
      after: now,
      detail: r.before === 'error' ? 'validate no longer fails on it' : 'validate no longer reports it',
    });
    groups.set(r.file, [...(groups.get(r.file) ?? []), ...out.list]);
  }
  return [...groups.values()];
}

/** The bump `changes` need: major for any breaking change, else minor for any minor one, else patch for any, else none. */
export function bumpOf(changes: readonly DiffChange[]): Bump {
  if (changes.some((c) => c.class === 'breaking')) return 'major';
  if (changes.some((c) => c.class === 'minor')) return 'minor';
  return changes.length > 0 ? 'patch' : 'none';
}
