/** The shapes `exportTools` takes and returns, as `agent-tools/toolkit` publishes them (plain data; type-only). */

import type { TierChoice } from '../core/tier.js';
import type { Diagnostic, ExtractedTool } from '../analysis/types.js';
import type { ModeledVersions } from '../analysis/schema-model.js';
import type { ProgressCallback } from '../shared/progress.js';
import type { AllFormatOptions, FormatName } from './formats/index.js';
import type { FormatWarning } from './formats/types.js';

/** An export format, as `agent-tools export --format`: a name in the format list (src/export/formats/index.ts). */
export type ExportFormat = FormatName;

/** Which tools an export keeps: one tier, or `all` (core, extended, then unregistered tools); the runtime's `TierChoice`. */
export type ExportTier = TierChoice;

/**
 * Options of `exportTools`. Besides these, each format's own options (`strict` for openai: strict mode,
 * every property required and optional ones nullable); giving one to a format that does not take it is a {@link UsageError}.
 */
export interface ExportOptions extends AllFormatOptions {
  /** Default `mcp`. */
  format?: ExportFormat;
  /** Default `all`. */
  tier?: ExportTier;
  /** Other factory names to read like `defineTool` (as `--callee`). */
  callees?: string[];
  /** Count tools that cannot be known statically as left out without failing (`exitCode` 0), as `--allow-partial`. */
  allowPartial?: boolean;
  /** Folder that relative paths and `file` in results are relative to; default `process.cwd()`. */
  cwd?: string;
  /** Progress of the extraction. */
  onProgress?: ProgressCallback;
  /**
   * Add the `search_tools` tool (`SEARCH_TOOLS_LISTING`, the one the AI SDK adapter and `serve --tool-search`
   * offer) after the core tools, in any format (as `--tool-search`).
   */
  toolSearch?: boolean;
}

/**
 * What `exportTools` returns; writes nothing.
 *
 * - `tools`: the exported tools in output order (core, extended, then unregistered).
 * - `text`: the output exactly as `agent-tools export` writes it (ends in a newline).
 * - `value`: `text` parsed, for the JSON formats; `undefined` for the others (`markdown`).
 * - `diagnostics`: why tools were left out (not static, invalid, duplicated), with file:line:col.
 * - `warnings`: changes a format made to fit its target (e.g. gemini's string enums).
 * - `partial`: some tool was left out (there are diagnostics).
 * - `exitCode`: 1 when a diagnostic fails the export (all do, except not-static ones with `allowPartial`),
 *   or when no tool is exported (`empty`), else 0.
 * - `empty`: set when no tool is exported: why, naming what was searched and what was found
 *   (`no tool found in src: no .ts, .tsx, .mts, .cts, .js, .mjs or .cjs file there (2 other files)`,
 *   `the core tier is empty: 3 tools in tools, 0 core, 3 extended, 0 in no tier`).
 * - `found`: `defineTool` (and `callees`) calls found, before any was left out.
 * - `tiersDeclared`: a `CORE_TOOLS`/`EXTENDED_TOOLS` array or `createRegistry({ core, extended })` call was found.
 */
export interface ExportResult {
  format: ExportFormat;
  tier: ExportTier;
  tools: ExtractedTool[];
  text: string;
  value: unknown;
  diagnostics: Diagnostic[];
  warnings: FormatWarning[];
  partial: boolean;
  exitCode: 0 | 1;
  found: number;
  tiersDeclared: boolean;
  /** The path globs that matched no file. */
  unmatchedGlobs: string[];
  /**
   * The registry tiers built by code that may hand out changed copies of the tools
   * (`core: list.map((t) => ({ ...t, ...flags }))`; see `RegistryList.rebuilds`): the tier's
   * name as written (`core`, `CORE_TOOLS`), where (1-based, `file` relative to `cwd`), and the
   * text of the code and what it reads. `diff` compares them across a pull request.
   */
  rebuiltTiers: RebuiltTier[];
  /** Every file the analysis read (absolute paths): the files in the paths and those reached through their imports and re-exports. */
  sourceFiles: string[];
  /**
   * The library versions the tools written with other libraries were modeled with, by package
   * (`zod`, `ai`, `@mastra/core`, `@modelcontextprotocol/sdk`, `@modelcontextprotocol/server`):
   * each `{ version, from }`, `from: 'shipped'` when the project has none installed. `json`
   * writes it as the document's `x-modeled-versions`.
   */
  modeled: ModeledVersions;
  /**
   * The entries `text` holds besides `tools`, in output order of the options that add them: `search_tools` for
   * `toolSearch`, the provider's tool search tool (`tool_search_tool_bm25`, `tool_search`) for `defer`. The output
   * holds `tools.length + added.length` entries.
   */
  added: { name: string; option: 'toolSearch' | 'defer' }[];
  empty?: string;
}

/** A registry tier built by code that may change the tools' approval keys (see `ExportResult.rebuiltTiers`). */
export interface RebuiltTier {
  list: string;
  file: string;
  line: number;
  column: number;
  /** The code's text, cut short, for a message. */
  text: string;
  /** The code's text and that of what it reads, white space collapsed: equal texts build alike. */
  rebuilds: string;
}
