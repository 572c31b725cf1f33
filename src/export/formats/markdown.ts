/** The `markdown` export format: a catalogue of the tools with a param table each. */
import { isDestructive, isReadOnly } from '../../core/approval.js';
import { toInputSchema } from '../../core/input-schema.js';
import { integerBounds } from '../../core/integer-bounds.js';
import { outputSchemaOfTool } from '../../core/output-schema.js';
import { COLOR_PATTERN } from '../../core/param.js';
import type { ToolListing } from '../../core/tools-list-entry.js';
import { isRecordSchema } from '../../core/zod-input.js';
import { defineFormat } from './define-format.js';
import type { ExportTool } from './types.js';
import { isPlainObject } from '../../util/is-plain-object.js';

/** A table cell: `|` escaped, line breaks as `<br>`, surrounding space trimmed. */
export function cell(s: string): string {
  return s.trim().replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>');
}

/** GitHub's heading anchor for `text` (lower case, punctuation other than `-`/`_` dropped, spaces as `-`). */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

type Json = Record<string, unknown>;

/** `a to b`, `>= a`, `> a`, `<= b`, `< b` (two one-sided bounds joined by `and`): a number's range as its schema says it. */
function range(p: Json): string | undefined {
  const n = (v: unknown) => (typeof v === 'number' ? v : undefined);
  // an integer's exclusive bounds are the whole numbers inside them, and zod's implied safe-integer range is no bound
  const { min, max } = p.type === 'integer' ? integerBounds(p) : { min: n(p.minimum), max: n(p.maximum) };
  const low = n(p.exclusiveMinimum) !== undefined && p.type !== 'integer' ? `> ${n(p.exclusiveMinimum)}` : undefined;
  const high = n(p.exclusiveMaximum) !== undefined && p.type !== 'integer' ? `< ${n(p.exclusiveMaximum)}` : undefined;
  if (min !== undefined && max !== undefined && !low && !high) return `${min} to ${max}`;
  const parts = [low ?? (min !== undefined ? `>= ${min}` : undefined), high ?? (max !== undefined ? `<= ${max}` : undefined)];
  return parts.filter(Boolean).join(' and ') || undefined;
}

/** Whether a string's schema is a color (the param type's hex `pattern`, as `toInputSchema` and `toOutputSchema` write it). */
const isColor = (p: Json) => p.type === 'string' && p.pattern === COLOR_PATTERN;

/** A string's length bounds in words: `2 to 200 characters`, `at least 1 character`, `at most 50 characters`. */
function lengthText(min: unknown, max: unknown): string | undefined {
  const chars = (n: number) => `${n} character${n === 1 ? '' : 's'}`;
  const lo = typeof min === 'number' ? min : undefined;
  const hi = typeof max === 'number' ? max : undefined;
  if (lo !== undefined && hi !== undefined) return lo === hi ? `exactly ${chars(hi)}` : `${lo} to ${chars(hi)}`;
  if (lo !== undefined) return `at least ${chars(lo)}`;
  return hi !== undefined ? `at most ${chars(hi)}` : undefined;
}

/** `text` as a Markdown code span, with a fence longer than any run of backticks in it. */
function code(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return /^`|`$/.test(text) ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}

/**
 * The Allowed cell of a field: its members (`enum`, an array's item `enum`, a `const`), range, item count,
 * a string's length and pattern, color format.
 */
function allowed(p: Json): string {
  const parts: string[] = [];
  const items = isPlainObject(p.items) ? p.items : {};
  const members = Array.isArray(p.enum) ? p.enum : Array.isArray(items.enum) ? items.enum : 'const' in p ? [p.const] : undefined;
  if (members) parts.push(members.map((m) => `\`${String(m)}\``).join(', '));
  const bounds = range(p);
  if (bounds) parts.push(bounds);
  if (p.minItems !== undefined || p.maxItems !== undefined)
    parts.push(`${String(p.minItems ?? 0)} to ${String(p.maxItems ?? 'any')} items`);
  const length = lengthText(p.minLength, p.maxLength);
  if (length) parts.push(length);
  if (isColor(p)) parts.push('hex color `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`');
  else if (typeof p.pattern === 'string') parts.push(`matches ${code(p.pattern)}`);
  return parts.join('; ');
}

/** A field of an object schema: its path (`box.x`, `children[].id`, `labels.*`), its schema, whether its object requires it. */
interface Field {
  path: string;
  schema: Json;
  required: boolean;
}

/**
 * Every field of object schema `schema`, each followed by the fields under it: an object's properties as
 * `box.x`, the properties of an array's items as `children[].id`, a record's values (`z.record`) as `labels.*`
 * (never required: any key may be left out). The one walk of the param and result tables.
 */
function fieldsOf(schema: Json, prefix = ''): Field[] {
  const required = new Set(Array.isArray(schema.required) ? (schema.required as unknown[]) : []);
  const out: Field[] = [];
  for (const [name, raw] of Object.entries(isPlainObject(schema.properties) ? schema.properties : {})) {
    if (isPlainObject(raw))
      out.push({ path: `${prefix}${name}`, schema: raw, required: required.has(name) }, ...inside(raw, `${prefix}${name}`));
  }
  return out;
}

/** The fields under the field at `path` (see {@link fieldsOf}). */
function inside(s: Json, path: string): Field[] {
  if (s.type === 'array' && isPlainObject(s.items)) return inside(s.items, `${path}[]`);
  const out = isPlainObject(s.properties) ? fieldsOf(s, `${path}.`) : [];
  if (isRecordSchema(s))
    out.push({ path: `${path}.*`, schema: s.additionalProperties, required: false }, ...inside(s.additionalProperties, `${path}.*`));
  return out;
}

/** A field's type word: its JSON Schema `type` (`integer` kept), `color`, `string[]` and `object[]` for arrays, `any` without one. */
function typeText(p: Json): string {
  if (p.type === 'array' && isPlainObject(p.items)) return `${typeText(p.items)}[]`;
  if (isColor(p)) return 'color';
  return typeof p.type === 'string' ? p.type : Array.isArray(p.type) ? p.type.join(' or ') : 'any';
}

const description = (p: Json) => (typeof p.description === 'string' ? p.description : '');

/** What the `Mutates` line says: read-only only for `mutates: false`; a tool that does not say counts as destructive (`isDestructive`). */
function mutatesLine(t: ToolListing): string {
  if (isReadOnly(t)) return 'no (read-only)';
  if (t.mutates === true) return isDestructive(t) ? 'yes, destructive (cannot be undone)' : 'yes';
  return isDestructive(t)
    ? 'not declared, so it counts as destructive (the MCP default)'
    : 'not declared, so it counts as mutating (not destructive)';
}

/**
 * A tool's param table: a flat tool's from `toInputSchema(params)`, its Type the param's type word (`integer` for
 * a number with `integer: true`, as the JSON formats say); a `defineTool` whose zod input is not flat from that
 * input's JSON Schema (the `inputSchema` every adapter lists), a row per field with nested ones as `style.weight`,
 * `tags[].name` and `labels.*`.
 */
function paramTable(t: ExportTool): string[] {
  const nested = t.inputSchema && !t.form ? t.inputSchema : undefined;
  const rows = fieldsOf(nested ?? (toInputSchema(t.params) as unknown as Json));
  if (rows.length === 0) return ['_No params._', ''];
  const out = ['| Param | Type | Required | Default | Allowed | Description |', '| --- | --- | --- | --- | --- | --- |'];
  for (const { path, schema: p, required } of rows) {
    const type = nested || p.type === 'integer' ? typeText(p) : t.params[path]!.type;
    const dflt = p.default === undefined ? '' : `\`${JSON.stringify(p.default)}\``;
    out.push(
      `| \`${path}\` | ${cell(type)} | ${required ? 'yes' : 'no'} | ${cell(dflt)} | ${cell(allowed(p))} | ${cell(description(p))} |`,
    );
  }
  return [...out, ''];
}

function section(t: ExportTool): string[] {
  const out = [`## ${t.name}`, ''];
  if (t.title !== undefined) out.push(`**${t.title.trim()}**`, '');
  out.push(t.description.trim(), '');
  out.push(`- Mutates: ${mutatesLine(t)}`, '');
  return [...out, ...paramTable(t), ...resultSection(t)];
}

/** The result table of a tool with a declared output (its output schema, as every adapter lists it), or nothing. */
function resultSection(t: ToolListing): string[] {
  const schema = outputSchemaOfTool(t);
  if (!schema) return [];
  const out = ['Result:', '', '| Field | Type | Always present | Allowed | Description |', '| --- | --- | --- | --- | --- |'];
  for (const { path, schema: p, required } of fieldsOf(schema))
    out.push(`| \`${path}\` | ${cell(typeText(p))} | ${required ? 'yes' : 'no'} | ${cell(allowed(p))} | ${cell(description(p))} |`);
  return [...out, ''];
}

/**
 * `markdown`: a catalogue: a table of contents (name and the description's first line),
 * then per tool its title, description, whether it mutates, a param table (name, type,
 * required, default, allowed values, range, length and pattern, description), and for a tool with a declared
 * output a result table (field, with nested ones as `box.x` and `children[].id`; type; always
 * present; allowed values; description) read from its output schema. A `defineTool` whose zod
 * input is not flat gets its param table from that input's JSON Schema, by the same walk (nested
 * fields as `style.weight`, `tags[].name`, a record's values as `labels.*`), so no such tool is
 * left out. Deterministic; table cells escape `|` and show line breaks as `<br>`. Text is written
 * as is (no `\u` escapes).
 */
export default defineFormat({
  name: 'markdown',
  summary: 'a Markdown catalogue: contents, then each tool with its param table',
  extension: 'md',
  // its first lines: `# Tools`, a blank line, `<n> tool(s).`
  recognise: (text) => /^# Tools\n\n\d+ tools?\.\n/.test(text),
  // the index: one `- [name](#anchor): summary` line per tool
  toolNames: (text) => [...text.matchAll(/^- \[([^\]]+)\]\(#/gm)].map((m) => m[1]!),
  schemaAsIs: false,
  // a table row per field documents every portable schema, so it takes all of a nested zod input (see `paramTable`)
  schemaProblems: () => [],
  render(tools) {
    const used = new Map<string, number>();
    const anchors = tools.map((t) => {
      const base = slug(t.name);
      const n = used.get(base) ?? 0;
      used.set(base, n + 1);
      return n === 0 ? base : `${base}-${n}`;
    });
    const lines = ['# Tools', '', `${tools.length} tool${tools.length === 1 ? '' : 's'}.`, ''];
    tools.forEach((t, i) => lines.push(`- [${t.name}](#${anchors[i]}): ${t.description.trim().split(/\r?\n/)[0]}`));
    lines.push('');
    for (const t of tools) lines.push(...section(t));
    return { text: `${lines.join('\n').trimEnd()}\n`, warnings: [] };
  },
});
