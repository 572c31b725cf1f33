/** The detail of an MCP tool drift a person needs before accepting it: each changed field, before and after. */

import { canonicalJson, type PinnedField, type PinnedToolDefinition, type ToolDrift, type ToolPins } from './mcp-tool-pins.js';

/** A text field before and after (absent: the tool had none). */
export interface TextChange {
  before?: string;
  after?: string;
}

/** One tool of a drift, in the detail a person needs to accept it (what `skill refresh` shows). */
export interface ToolReview {
  tool: string;
  status: 'changed' | 'added' | 'removed';
  /** For `changed`: the fields that differ. */
  fields?: PinnedField[];
  title?: TextChange;
  description?: TextChange;
  /** The input schema's properties added, removed or otherwise changed, and the names that became or stopped being required. */
  params?: { added: string[]; removed: string[]; changed: string[]; nowRequired: string[]; noLongerRequired: string[] };
  /** Each annotation that differs (`readOnlyHint: true -> false`); undefined values mean absent. */
  annotations?: { key: string; before: unknown; after: unknown }[];
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const names = (v: unknown): string[] => (Array.isArray(v) ? v.filter((n): n is string => typeof n === 'string') : []);

function paramChanges(before: unknown, after: unknown): NonNullable<ToolReview['params']> {
  const b = obj(obj(before).properties);
  const a = obj(obj(after).properties);
  const rb = new Set(names(obj(before).required));
  const ra = new Set(names(obj(after).required));
  return {
    added: Object.keys(a).filter((k) => !Object.hasOwn(b, k)),
    removed: Object.keys(b).filter((k) => !Object.hasOwn(a, k)),
    changed: Object.keys(a).filter((k) => Object.hasOwn(b, k) && canonicalJson(a[k]) !== canonicalJson(b[k])),
    nowRequired: [...ra].filter((k) => !rb.has(k)),
    noLongerRequired: [...rb].filter((k) => !ra.has(k)),
  };
}

function annotationChanges(before: Json | undefined, after: Json | undefined): NonNullable<ToolReview['annotations']> {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  return keys
    .filter((k) => canonicalJson(before?.[k]) !== canonicalJson(after?.[k]))
    .map((k) => ({ key: k, before: before?.[k], after: after?.[k] }));
}

/** What changed in one tool between two definitions, field by field (only the fields that differ). */
function reviewChange(tool: string, fields: PinnedField[], before: PinnedToolDefinition, after: PinnedToolDefinition): ToolReview {
  const r: ToolReview = { tool, status: 'changed', fields };
  const text = (b?: string, a?: string): TextChange => ({
    ...(b === undefined ? {} : { before: b }),
    ...(a === undefined ? {} : { after: a }),
  });
  if (fields.includes('title')) r.title = text(before.title, after.title);
  if (fields.includes('description')) r.description = text(before.description, after.description);
  if (fields.includes('inputSchema')) r.params = paramChanges(before.inputSchema, after.inputSchema);
  if (fields.includes('annotations')) r.annotations = annotationChanges(before.annotations, after.annotations);
  return r;
}

/**
 * The tools of `drift` with what changed in each, from the accepted pins (`before`) and the
 * ones listed now (`after`): changed tools field by field, then new ones (their description),
 * then gone ones; each group by tool name.
 */
export function reviewDrift(drift: ToolDrift, before: ToolPins, after: ToolPins): ToolReview[] {
  return [
    ...drift.changed.map((c) => reviewChange(c.tool, c.fields, before.tools[c.tool]!.definition, after.tools[c.tool]!.definition)),
    ...drift.added.map((tool): ToolReview => {
      const d = after.tools[tool]!.definition;
      return { tool, status: 'added', ...(d.description === undefined ? {} : { description: { after: d.description } }) };
    }),
    ...drift.removed.map((tool): ToolReview => ({ tool, status: 'removed' })),
  ];
}
