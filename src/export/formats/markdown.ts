/** The `markdown` export format: a catalogue of the tools with a param table each. */
import { isDestructive, isReadOnly } from '../../core/approval.js';
import { toInputSchema, type PropertySchema } from '../../core/input-schema.js';
import { outputSchemaOfTool } from '../../core/output-schema.js';
import type { ToolListing } from '../../core/tools-list-entry.js';
import { defineFormat } from './define-format.js';
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

function allowed(p: PropertySchema, paramType: string): string {
  const parts: string[] = [];
  const members = p.enum ?? p.items?.enum;
  if (members) parts.push(members.map((m) => `\`${String(m)}\``).join(', '));
  if (p.minimum !== undefined && p.maximum !== undefined) parts.push(`${p.minimum} to ${p.maximum}`);
  else if (p.minimum !== undefined) parts.push(`>= ${p.minimum}`);
  else if (p.maximum !== undefined) parts.push(`<= ${p.maximum}`);
  if (p.minItems !== undefined || p.maxItems !== undefined) parts.push(`${p.minItems ?? 0} to ${p.maxItems ?? 'any'} items`);
  if (paramType === 'color') parts.push('hex color `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`');
  return parts.join('; ');
}

/** What the `Mutates` line says: read-only only for `mutates: false`; a tool that does not say counts as destructive (`isDestructive`). */
function mutatesLine(t: ToolListing): string {
  if (isReadOnly(t)) return 'no (read-only)';
  if (t.mutates === true) return isDestructive(t) ? 'yes, destructive (cannot be undone)' : 'yes';
  return isDestructive(t)
    ? 'not declared, so it counts as destructive (the MCP default)'
    : 'not declared, so it counts as mutating (not destructive)';
}

function section(t: ToolListing): string[] {
  const schema = toInputSchema(t.params);
  const out = [`## ${t.name}`, ''];
  if (t.title !== undefined) out.push(`**${t.title.trim()}**`, '');
  out.push(t.description.trim(), '');
  out.push(`- Mutates: ${mutatesLine(t)}`, '');
  const names = Object.keys(schema.properties);
  const result = resultSection(t);
  if (names.length === 0) return [...out, '_No params._', '', ...result];
  out.push('| Param | Type | Required | Default | Allowed | Description |', '| --- | --- | --- | --- | --- | --- |');
  const required = new Set(schema.required ?? []);
  for (const n of names) {
    const p = schema.properties[n]!;
    const dflt = p.default === undefined ? '' : `\`${JSON.stringify(p.default)}\``;
    out.push(
      `| \`${n}\` | ${t.params[n]!.type} | ${required.has(n) ? 'yes' : 'no'} | ${cell(dflt)} | ${cell(allowed(p, t.params[n]!.type))} | ${cell(p.description ?? '')} |`,
    );
  }
  return [...out, '', ...result];
}

type Json = Record<string, unknown>;

function typeText(p: Json): string {
  if (p.type === 'array' && isPlainObject(p.items)) return `${typeText(p.items)}[]`;
  if (p.type === 'string' && p.pattern !== undefined && /^\^#/.test(String(p.pattern))) return 'color';
  return typeof p.type === 'string' ? p.type : Array.isArray(p.type) ? p.type.join(' or ') : 'any';
}

/** One row per field of an output schema, nested fields as `box.x` and `children[].id`. */
function resultRows(schema: Json, prefix: string, out: string[]): void {
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  for (const [name, raw] of Object.entries(isPlainObject(schema.properties) ? schema.properties : {})) {
    if (!isPlainObject(raw)) continue;
    const p = raw as unknown as PropertySchema & Json;
    const type = typeText(p);
    const members = (p.enum ?? p.items?.enum) as unknown[] | undefined;
    const allowedText = members ? members.map((m) => `\`${String(m)}\``).join(', ') : allowed(p, type === 'color' ? 'color' : type);
    out.push(
      `| \`${prefix}${name}\` | ${cell(type)} | ${required.has(name) ? 'yes' : 'no'} | ${cell(allowedText)} | ${cell(typeof p.description === 'string' ? p.description : '')} |`,
    );
    if (isPlainObject(p.properties)) resultRows(p, `${prefix}${name}.`, out);
    else if (p.type === 'array' && isPlainObject(p.items) && isPlainObject((p.items as Json).properties))
      resultRows(p.items, `${prefix}${name}[].`, out);
  }
}

/** The result table of a tool with a declared output (its output schema, as every adapter lists it), or nothing. */
function resultSection(t: ToolListing): string[] {
  const schema = outputSchemaOfTool(t);
  if (!schema) return [];
  const out = ['Result:', '', '| Field | Type | Always present | Allowed | Description |', '| --- | --- | --- | --- | --- |'];
  resultRows(schema, '', out);
  return [...out, ''];
}

/**
 * `markdown`: a catalogue: a table of contents (name and the description's first line),
 * then per tool its title, description, whether it mutates, a param table (name, type,
 * required, default, allowed values and range, description), and for a tool with a declared
 * output a result table (field, with nested ones as `box.x` and `children[].id`; type; always
 * present; allowed values; description) read from its output schema. Deterministic; table cells
 * escape `|` and show line breaks as `<br>`. Text is written as is (no `\u` escapes).
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
