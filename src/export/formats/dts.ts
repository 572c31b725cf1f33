/** The `dts` export format: TypeScript declarations of every tool, for code-mode agents. */
import { isDestructive, isReadOnly } from '../../core/approval.js';
import { outputSchemaOfTool } from '../../core/output-schema.js';
import { defineFormat } from './define-format.js';
import { inputSchemaOf, type ExportTool } from './types.js';
import { isPlainObject } from '../../util/is-plain-object.js';

type Json = Record<string, unknown>;
const IDENT = /^[A-Za-z_$][\w$]*$/;

/** A JSDoc block at `indent` for `text` (`*\/` escaped), or nothing for an empty text. */
function doc(text: unknown, indent: string): string[] {
  if (typeof text !== 'string' || text.trim() === '') return [];
  const lines = text.trim().replace(/\*\//g, '*\\/').split(/\r?\n/);
  return lines.length === 1
    ? [`${indent}/** ${lines[0]} */`]
    : [`${indent}/**`, ...lines.map((l) => `${indent} * ${l}`.trimEnd()), `${indent} */`];
}

const literal = (v: unknown) => JSON.stringify(v) ?? 'undefined';
const SCALAR: Record<string, string> = { string: 'string', number: 'number', integer: 'number', boolean: 'boolean', null: 'null' };

/**
 * The TypeScript type of a JSON Schema, as far as the schemas tools use go: `enum`/`const` as
 * literal unions, `anyOf`/`oneOf` as unions, `allOf` as intersections, type arrays as unions,
 * arrays as `T[]`, objects as type literals (optional keys for the ones not `required`, each
 * with its description as JSDoc; `additionalProperties` with a schema as an index signature);
 * anything else (`$ref`, no type) as `unknown`.
 */
export function schemaType(s: unknown, indent = ''): string {
  if (!isPlainObject(s)) return s === false ? 'never' : 'unknown';
  if (Array.isArray(s.enum)) return s.enum.map(literal).join(' | ') || 'never';
  if ('const' in s) return literal(s.const);
  for (const [k, sep] of [
    ['anyOf', ' | '],
    ['oneOf', ' | '],
    ['allOf', ' & '],
  ] as const)
    if (Array.isArray(s[k])) return (s[k] as unknown[]).map((m) => wrap(schemaType(m, indent))).join(sep);
  if (Array.isArray(s.type)) return s.type.map((t) => wrap(schemaType({ ...s, type: t }, indent))).join(' | ');
  if (typeof s.type === 'string' && SCALAR[s.type]) return SCALAR[s.type]!;
  if (s.type === 'array') return `${wrap(schemaType(s.items, indent))}[]`;
  if (s.type === 'object' || isPlainObject(s.properties)) return objectType(s, indent);
  return 'unknown';
}

const wrap = (t: string) => (/[|&]/.test(t) && !t.startsWith('{') ? `(${t})` : t);

function objectType(s: Json, indent: string): string {
  const props = isPlainObject(s.properties) ? s.properties : {};
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const inner = `${indent}  `;
  const lines: string[] = [];
  for (const [name, p] of Object.entries(props)) {
    lines.push(...doc(isPlainObject(p) ? p.description : undefined, inner));
    lines.push(`${inner}${IDENT.test(name) ? name : JSON.stringify(name)}${required.has(name) ? '' : '?'}: ${schemaType(p, inner)};`);
  }
  if (isPlainObject(s.additionalProperties)) lines.push(`${inner}[key: string]: ${schemaType(s.additionalProperties, inner)};`);
  return lines.length === 0 ? (s.additionalProperties === false ? 'Record<string, never>' : '{}') : `{\n${lines.join('\n')}\n${indent}}`;
}

/** A tool name as a function name: `-` becomes `_`, a leading digit gets `_` in front (tool names match `^[a-zA-Z0-9_-]{1,64}$`). */
function functionName(name: string): string {
  const n = name.replace(/-/g, '_');
  return /^\d/.test(n) ? `_${n}` : n;
}

/**
 * A tool declared read-only says nothing; one that does not say whether it mutates is not called read-only (`isReadOnly`);
 * a destructive one (`isDestructive`, as the markdown export's `Mutates` line) says it cannot be undone.
 */
function stateNote(t: ExportTool): string {
  if (isReadOnly(t)) return '';
  const destructive = isDestructive(t) ? ' Destructive: it cannot be undone.' : '';
  return t.mutates === true ? `Changes state.${destructive}` : `May change state (it does not declare \`mutates\`).${destructive}`;
}

function declaration(t: ExportTool): string[] {
  const fn = functionName(t.name);
  const notes = [t.title ?? '', t.description, fn !== t.name ? `Tool name: \`${t.name}\`.` : '', stateNote(t)]
    .filter((x) => x.trim() !== '')
    .join('\n\n');
  const output = outputSchemaOfTool(t);
  return [
    ...doc(notes, ''),
    `declare function ${fn}(args: ${schemaType(inputSchemaOf(t))}): Promise<${output ? schemaType(output) : 'unknown'}>;`,
    '',
  ];
}

/** The first line of every `dts` output, by which `export --out` recognises an earlier export. */
const HEADER = '// Tool declarations written by `agent-tools export --format dts`: call a tool as a function.';

/**
 * `dts`: TypeScript declarations of every tool, the form code-mode agents read (a model writes
 * code against them): `declare function set_font(args: {...}): Promise<{...}>;` per tool, with
 * its title, description and (for a mutating tool) `Changes state.` as JSDoc, args typed from
 * its input schema and the result from its output schema (`Promise<unknown>` for a tool that
 * declares none); each property's description is its JSDoc. A tool name with `-` or a leading
 * digit becomes a valid function name (`_` for `-`, `_` in front) and the JSDoc names the tool.
 */
export default defineFormat({
  name: 'dts',
  summary: 'TypeScript declarations, one declare function per tool (args and result typed), for code-mode agents',
  extension: 'd.ts',
  schemaAsIs: true,
  render(tools) {
    const lines = [HEADER, ''];
    for (const t of tools) lines.push(...declaration(t));
    return { text: `${lines.join('\n').trimEnd()}\n`, warnings: [] };
  },
  recognise: (text) => text.startsWith(`${HEADER}\n`),
  // each function's name, and the tool name the JSDoc gives when the function name differs from it
  toolNames: (text) => [...text.matchAll(/^declare function ([\w$]+)\(|Tool name: `([^`]+)`\./gm)].map((m) => (m[1] ?? m[2])!),
});
