/** `exportTools`: extracts the tools statically and renders them in the chosen format. */

import type { Project } from 'ts-morph';
import { resolve } from 'node:path';
import { closeMatches } from '../core/suggest.js';
import { UsageError } from '../shared/errors.js';
import type { ExportFormat, ExportOptions, ExportResult, ExportTier } from './api-types.js';
import {
  FORMAT_LIST,
  FORMATS,
  formatOptionProblem,
  isFormatName,
  pickFormatOptions,
  renderFormat,
  schemaJudge,
  writesSchemaAsIs,
} from './formats/index.js';
import { droppedKeywords } from './dropped-keywords.js';
import { CALL_TOOL_LISTING, CALL_TOOL_NAME, SEARCH_TOOLS_LISTING, SEARCH_TOOLS_NAME } from '../core/search-tools-listing.js';
import type { ExportTool } from './formats/types.js';
import { PARTIAL_CODES, selectTools } from './select.js';
import { outsideEntries } from './outside-entries.js';
import { registryLists } from '../analysis/registry-lists.js';
import type { Analysis, ExtractedTool } from '../analysis/types.js';

const TIERS: readonly ExportTier[] = ['core', 'extended', 'all'];

/**
 * `tools` with the `search_tools` tool after the core ones (first when there are none), as `--tool-search` writes it.
 *
 * @throws {UsageError} when a tool of that name is already there.
 */
function withSearchTool<T extends ExportTool>(tools: readonly T[], format: ExportFormat): ExportTool[] {
  const added = searchToolNames(format);
  const taken = tools.find((t) => added.includes(t.name));
  if (taken) throw new UsageError(`--tool-search adds a tool named ${taken.name}, but the tools already have one`, 'export');
  const at = tools.filter((t) => t.tier === 'core').length;
  const search: ExportTool = { ...SEARCH_TOOLS_LISTING, params: { ...SEARCH_TOOLS_LISTING.params }, tier: 'core' };
  // an MCP client calls what a search found through call_tool, which serve --tool-search lists: its entry as it is
  const call: ExportTool = { ...CALL_TOOL_LISTING, params: {}, form: 'agent-tools', tier: 'core' };
  return [...tools.slice(0, at), search, ...(format === 'mcp' ? [call] : []), ...tools.slice(at)];
}

/** The tools `--tool-search` adds in `format`: `search_tools`, and for mcp `call_tool` too, as `serve --tool-search` lists them. */
const searchToolNames = (format: ExportFormat): string[] => (format === 'mcp' ? [SEARCH_TOOLS_NAME, CALL_TOOL_NAME] : [SEARCH_TOOLS_NAME]);

/**
 * The format and tier of `options`, defaults filled in.
 *
 * @throws {UsageError} for an unknown format or tier, or a format option (such as `strict`) the format does not take.
 */
export function checkExportOptions(options: ExportOptions): { format: ExportFormat; tier: ExportTier } {
  const format = options.format ?? FORMAT_LIST[0].name;
  if (!isFormatName(format)) {
    const names = FORMAT_LIST.map((f) => f.name);
    const near = closeMatches(format, names);
    throw new UsageError(
      `unknown format '${String(format)}'${near.length ? ` (did you mean ${near.join(', ')}?)` : ''}; use one of ${names.join(', ')}`,
      'export',
    );
  }
  const tier = options.tier ?? 'all';
  if (!TIERS.includes(tier)) {
    const near = closeMatches(tier, TIERS, 1);
    throw new UsageError(
      `unknown tier '${tier}'${near.length ? ` (did you mean ${near[0]}?)` : ''}; use one of ${TIERS.join(', ')}`,
      'export',
    );
  }
  const problem = formatOptionProblem(format, options as Record<string, unknown>);
  if (problem) throw new UsageError(problem, 'export');
  return { format, tier };
}

/**
 * Extracts the tools in `paths` (files or folders relative to `options.cwd`, searched
 * recursively; default `./tools`) statically, without running their code, and renders them in `options.format`.
 * Writes and prints nothing: see {@link ExportResult} for what comes back.
 *
 * With `project` (from an `AnalysisSession`, for `--watch`), files it already holds are not parsed again.
 *
 * @throws {UsageError} for an unknown format or tier, a format option the format does not
 *   take (`strict` with a format other than openai), or a path that does not exist.
 */
export async function exportTools(paths: readonly string[] = [], options: ExportOptions = {}, project?: Project): Promise<ExportResult> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const { format, tier } = checkExportOptions(options);
  // ts-morph (TypeScript) is the heavy part: load it only once the options are known to be good
  const { analyze, MissingPathError } = await import('../analysis/analyze.js');
  let analysis;
  try {
    analysis = analyze(paths.length > 0 ? [...paths] : ['./tools'], {
      cwd,
      callees: options.callees ?? [],
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(project ? { project } : {}),
    });
  } catch (err) {
    if (err instanceof MissingPathError) throw new UsageError(err.message, 'export');
    throw err;
  }
  const formatOptions = pickFormatOptions(options as Record<string, unknown>);
  const fromParams = !writesSchemaAsIs(format, formatOptions);
  // what this format writes of the tools in `tier`: the one selection, also behind the reason an export is empty
  const select = (t: ExportTier) => selectTools(analysis.tools, analysis.diagnostics, t, fromParams, schemaJudge(format, formatOptions));
  const selected = select(tier);
  const diagnostics = [...analysis.diagnostics, ...outsideEntries(analysis.registries), ...selected.diagnostics];
  const tools = options.toolSearch ? withSearchTool(selected.tools, format) : selected.tools;
  const rendered = renderFormat(format, tools, formatOptions, { modeled: analysis.modeled });
  const text = rendered.text;
  // a format rebuilt from flat params says what it leaves out of a library tool's schema
  const warnings = fromParams ? [...rendered.warnings, ...droppedKeywords(selected.tools)] : rendered.warnings;
  const failing = diagnostics.filter((d) => !(options.allowPartial && PARTIAL_CODES.has(d.code)));
  // an empty list is never published with exit 0 (a CI job pointed at a wrong path would pass)
  const empty =
    selected.tools.length === 0
      ? await emptyReason(analysis, paths.length > 0 ? paths : ['./tools'], cwd, options, tier, select('all').tools, diagnostics.length)
      : undefined;
  return {
    format,
    tier,
    tools: selected.tools,
    text,
    value: FORMATS[format].extension === 'json' ? JSON.parse(text) : undefined,
    diagnostics,
    warnings,
    partial: diagnostics.length > 0,
    exitCode: failing.length > 0 || empty ? 1 : 0,
    ...(empty ? { empty } : {}),
    found: analysis.tools.length,
    tiersDeclared: Boolean(analysis.registries.core || analysis.registries.extended),
    unmatchedGlobs: analysis.unmatchedGlobs,
    // a second registry's tiers (`also`) hand out what they hold as well
    rebuiltTiers: registryLists(analysis.registries).flatMap(({ list: l }) =>
      l?.rebuilds !== undefined
        ? [{ list: l.declaredAs, file: l.file, line: l.line, column: l.column, text: l.rebuiltBy ?? l.unread ?? '', rebuilds: l.rebuilds }]
        : [],
    ),
    sourceFiles: analysis.project.getSourceFiles().map((sf) => sf.getFilePath()),
    modeled: analysis.modeled,
    added: [
      ...(rendered.added ?? []).map((name) => ({ name, option: 'defer' as const })),
      ...(options.toolSearch ? searchToolNames(format).map((name) => ({ name, option: 'toolSearch' as const })) : []),
    ],
  };
}

/**
 * Why an export holds no tool: what was searched and what was found (see `ExportResult.empty`); `all` is what the
 * format writes of every tier, so a tool the format leaves out (a zod input gemini cannot take) is not counted as in a tier;
 * `problems` is how many diagnostics the export reports (printed above the reason).
 */
async function emptyReason(
  analysis: Analysis,
  paths: readonly string[],
  cwd: string,
  options: ExportOptions,
  tier: ExportTier,
  all: readonly ExtractedTool[],
  problems: number,
) {
  const where = paths.join(', ');
  const left = problems;
  if (analysis.tools.length === 0 && left === 0) {
    const { noToolsReason } = await import('../analysis/no-tools.js');
    return noToolsReason(analysis, paths, cwd, options.callees ?? []);
  }
  if (analysis.tools.length === 0)
    return `no tool could be read in ${where}: ${left} problem${left === 1 ? '' : 's'} (above) left every tool out`;
  // not a count of tools: a tool left out before it was read (a misspelt key) is counted by its problem only
  if (all.length === 0)
    return `no tool could be exported from ${where}: ${left > 0 ? `${left} problem${left === 1 ? '' : 's'} (above)` : 'the problems above'} left every tool out`;
  const n = (t: ExtractedTool['tier']) => all.filter((x) => x.tier === t).length;
  return `the ${tier} tier is empty: ${all.length} tool${all.length === 1 ? '' : 's'} in ${where}, ${n('core')} core, ${n('extended')} extended, ${n(undefined)} in no tier`;
}
