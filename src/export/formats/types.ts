/** What an export format reads and returns: the tools, warnings, run facts, and the JSON text every JSON format writes. */

import { toInputSchema } from '../../core/input-schema.js';
import type { ToolListing } from '../../core/tools-list-entry.js';
import type { Tier } from '../../core/tier.js';
import type { ModeledVersions } from '../../analysis/schema-model.js';
import { isPlainObject } from '../../util/is-plain-object.js';

/**
 * A tool as a format reads it: its listing, plus, for a tool written with another library
 * (the MCP SDK, the AI SDK, Mastra), the input schema and MCP annotations that library sends
 * at run time (see `ExtractedTool`).
 */
export interface ExportTool extends ToolListing {
  inputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  /** Set for a tool written with another library (see `ExtractedTool.form`). */
  form?: string;
  /** The factory called, for a statically extracted tool (see `ExtractedTool.callee`). */
  callee?: string;
  /** The tool's registry tier, when a registry list names it (see `ExtractedTool.tier`). */
  tier?: Tier;
}

/**
 * The input schema a format writes for a tool: the library's own for a tool written with
 * another library (so the export equals what that library sends), else `toInputSchema`.
 */
export function inputSchemaOf(t: ExportTool): Record<string, unknown> {
  return t.inputSchema ?? (toInputSchema(t.params) as unknown as Record<string, unknown>);
}

/** A change a format made to fit its target, reported on stderr (e.g. gemini's string enums). */
export interface FormatWarning {
  /** The tool it is about; empty for a warning about the whole list (more tools than a provider takes in one request). */
  tool: string;
  /** Dotted path of what changed, e.g. `params.weight.enum`; empty with an empty `tool`. */
  field: string;
  message: string;
}

/**
 * What a format returns: the full output text (ending in a newline), its warnings, and the names of the entries
 * it wrote besides the tools (`added`: a provider's tool search tool under `--defer`), so a count of what the
 * file holds is true.
 */
export interface FormatResult {
  text: string;
  warnings: FormatWarning[];
  added?: string[];
}

/** What a format may read besides the tools and its options: facts about the whole run. */
export interface FormatContext {
  /** The library versions the tools written with other libraries were modeled with (see `ExportResult.modeled`). */
  modeled?: ModeledVersions;
}

/** JSON text as every JSON format writes it: two-space indent, a final newline, non-ASCII kept as is. */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * `--defer <tier>`, the option of the provider formats with deferred loading and a tool search (anthropic, openai):
 * the tools of that tier are marked `defer_loading: true` and the provider's own tool search tool is added, so the
 * model is sent the other tools and finds these when it needs them.
 */
export const DEFER_OPTION = {
  description: "mark the tools of this tier for the provider's deferred loading (defer_loading: true) and add its tool search tool",
  value: { name: 'tier', choices: ['extended'] },
} as const;

/** Whether `tool` is deferred under `--defer <tier>` (undefined: nothing is). */
export function isDeferred(tool: ExportTool, tier: string | undefined): boolean {
  return tier !== undefined && tool.tier === tier;
}

/**
 * Whether `--defer <tier>` defers anything here: `false`, with a warning naming the tier, when no exported tool is in
 * it (an empty extended tier, or `--tier core`); the format then adds no search tool, which would have nothing to find.
 */
export function defersAny(tools: readonly ExportTool[], tier: string | undefined, warnings: FormatWarning[]): boolean {
  if (tier === undefined) return false;
  if (tools.some((t) => isDeferred(t, tier))) return true;
  warnings.push({
    tool: '',
    field: '',
    message: `--defer ${tier}: no exported tool is in the ${tier} tier, so none is deferred and no tool search tool is added`,
  });
  return false;
}

/** For a format's `recognise`: `text` parsed as JSON, or `undefined` when it is not JSON. */
export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An object with a string `name`, as every tool entry has. */
export const isNamed = (v: unknown): v is Record<string, unknown> & { name: string } => isPlainObject(v) && typeof v.name === 'string';
