/** Every export format, listed once. */

// The CLI's `--format` choices, help and format flags, the toolkit's `ExportFormat` and option types, the `--import` list
// and the golden tests all follow from this list.

import { kebabName } from '../../core/tool-name.js';
import anthropic from './anthropic.js';
import dts from './dts.js';
import type { FormatDescriptor, FormatOptionSpec, FormatOptionSpecs, FormatOptionValues } from './define-format.js';
import type { ExportTool, FormatContext, FormatResult } from './types.js';
import gemini from './gemini.js';
import json from './json.js';
import markdown from './markdown.js';
import mcp from './mcp.js';
import openai from './openai.js';

/** Every export format, in help order (the first is the default). A new format is a file of its own and one entry here. */
export const FORMAT_LIST = [mcp, json, markdown, openai, anthropic, gemini, dts] as const;

type AnyFormat = (typeof FORMAT_LIST)[number];

/** A `--format` name. */
export type FormatName = AnyFormat['name'];

/** The formats by `--format` name. */
export const FORMATS = Object.fromEntries(FORMAT_LIST.map((f) => [f.name, f])) as { [F in AnyFormat as F['name']]: F };

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type OptionSpecsOf<F> = F extends { options?: infer O } ? (O extends FormatOptionSpecs ? O : never) : never;

/** The options of every format, by key, with their value types (`strict?: boolean`, ...): what `exportTools` and the CLI take. */
export type AllFormatOptions = FormatOptionValues<UnionToIntersection<OptionSpecsOf<AnyFormat>>>;

/** A format as code that handles any format reads it: option values untyped. */
interface Format extends Omit<FormatDescriptor, 'schemaAsIs' | 'render' | 'schemaProblems'> {
  schemaAsIs: boolean | ((options: Readonly<Record<string, unknown>>) => boolean);
  schemaProblems?(schema: Record<string, unknown>, options: Readonly<Record<string, unknown>>): { path: string; problem: string }[];
  render(tools: readonly ExportTool[], options: Readonly<Record<string, unknown>>, context: FormatContext): FormatResult;
}
const list = FORMAT_LIST as readonly Format[];

/** Whether `name` is a known format. */
export function isFormatName(name: string): name is FormatName {
  return list.some((f) => f.name === name);
}

/**
 * One format option as the CLI offers it: its key, its name (`--defer`), its flag (`--defer <tier>`), its spec and the formats that take
 * it.
 */
export interface FormatFlag {
  key: string;
  name: string;
  flag: string;
  spec: FormatOptionSpec;
  formats: string[];
}

/** Every option any format declares, once each, in list order (the first format declaring it gives its spec). */
export function formatFlags(): FormatFlag[] {
  const out = new Map<string, FormatFlag>();
  for (const f of list)
    for (const [key, spec] of Object.entries(f.options ?? {})) {
      const known = out.get(key);
      if (known) known.formats.push(f.name);
      else {
        const name = `--${kebabName(key)}`;
        out.set(key, { key, name, flag: spec.value ? `${name} <${spec.value.name}>` : name, spec, formats: [f.name] });
      }
    }
  return [...out.values()];
}

/** `a, b or c`. */
export function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** The format options set in `values` (e.g. the CLI's parsed flags), others dropped. */
export function pickFormatOptions(values: Readonly<Record<string, unknown>>): AllFormatOptions {
  const out: Record<string, unknown> = {};
  for (const { key } of formatFlags()) if (values[key] !== undefined && values[key] !== false) out[key] = values[key];
  return out;
}

/**
 * What is wrong with giving `values` to `format`, as a sentence naming the flag: an option the
 * format does not take (`--strict applies to --format openai only, not mcp`), or a value not among
 * its choices; undefined when nothing is.
 */
export function formatOptionProblem(format: string, values: Readonly<Record<string, unknown>>): string | undefined {
  for (const { key, name: flag, spec, formats } of formatFlags()) {
    const value = values[key];
    if (value === undefined || value === false) continue;
    if (!formats.includes(format)) return `${flag} applies to --format ${orList(formats)} only, not ${format}`;
    const choices = spec.value?.choices;
    if (choices && !choices.includes(String(value))) return `${flag} '${String(value)}': use one of ${choices.join(', ')}`;
  }
  return undefined;
}

/** Whether `format`, given `values`, writes a tool's input schema as its library sends it (see `FormatDescriptor.schemaAsIs`). */
export function writesSchemaAsIs(format: string, values: Readonly<Record<string, unknown>> = {}): boolean {
  const f = list.find((x) => x.name === format);
  if (!f) return false;
  return typeof f.schemaAsIs === 'function' ? f.schemaAsIs(values) : f.schemaAsIs;
}

/** How `format`, given `values`, judges a zod input's JSON Schema (see `FormatDescriptor.schemaProblems`), or `undefined`. */
export function schemaJudge(
  format: string,
  values: Readonly<Record<string, unknown>> = {},
): ((schema: Record<string, unknown>) => { path: string; problem: string }[]) | undefined {
  const f = list.find((x) => x.name === format);
  if (!f?.schemaProblems) return undefined;
  const own = Object.fromEntries(Object.keys(f.options ?? {}).flatMap((k) => (values[k] === undefined ? [] : [[k, values[k]]])));
  return (schema) => f.schemaProblems!(schema, own);
}

/** `tools` in the format `name` (its `render`), given the options set in `values` that it takes, and what the run knows. */
export function renderFormat(
  name: FormatName,
  tools: readonly ExportTool[],
  values: Readonly<Record<string, unknown>> = {},
  context: FormatContext = {},
): FormatResult {
  const f = list.find((x) => x.name === name)!;
  const own = Object.fromEntries(Object.keys(f.options ?? {}).flatMap((k) => (values[k] === undefined ? [] : [[k, values[k]]])));
  return f.render(tools, own, context);
}

/**
 * Whether `text` (a file's content) is an `agent-tools export` output in any format (each
 * format's `recognise`), so `export --out` may replace it without `--force`: the rule
 * `validate --report` follows, replace only a file the command itself wrote.
 */
export function isExportOutput(text: string): boolean {
  return list.some((f) => f.recognise(text));
}

/**
 * The format whose output `text` (a file's content) is, and the tool names it holds (empty for a format that
 * cannot tell them), or `undefined` when it is no `agent-tools export` output.
 */
export function exportOf(text: string): { format: string; tools: string[] } | undefined {
  const f = list.find((x) => x.recognise(text));
  return f ? { format: f.name, tools: f.toolNames ? f.toolNames(text) : [] } : undefined;
}

/**
 * Whether `text` (a file's content) counts as an earlier `agent-tools export` of these tools in
 * `format`, so `export --out` replaces it without `--force`: `true`, or why not. It must have the
 * shape of `format`'s output (a file in another format, or hand-written JSON of another shape, is
 * not replaced) and, when `names` (the tools being exported) is given, hold at least one of them
 * (a hand-written file of other tools is never replaced; an earlier export after some renames is).
 */
export function isEarlierExport(format: string, text: string, names?: readonly string[]): true | string {
  const f = list.find((x) => x.name === format);
  if (!f || !f.recognise(text)) {
    const other = list.find((x) => x.recognise(text));
    return other ? `is ${other.name} output, not ${format}` : `is not an agent-tools export (${format} output)`;
  }
  if (names === undefined || !f.toolNames) return true;
  const held = f.toolNames(text);
  if (held.some((n) => names.includes(n))) return true;
  const shown = held.length === 0 ? 'no tools' : `${held.slice(0, 3).join(', ')}${held.length > 3 ? ', ...' : ''}`;
  return `holds none of the tools exported now (it has ${shown})`;
}

/** The formats that write a library's schema as is with no options (what `export --import` can write), in list order. */
export function schemaAsIsFormats(): string[] {
  return list.filter((f) => writesSchemaAsIs(f.name)).map((f) => f.name);
}

export type { FormatDescriptor, FormatOptionSpec, FormatOptionValues } from './define-format.js';
export type { ExportTool, FormatContext, FormatResult, FormatWarning } from './types.js';
