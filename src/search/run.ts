/** `agent-tools search`: ranks a folder's tools for a query, extracted statically as `export` does. */

import { resolve } from 'node:path';
import type { Diagnostic, ExtractedTool } from '../analysis/types.js';
import { selectTools } from '../export/select.js';
import { DEFAULT_SEARCH_LIMIT, searchTools, type SearchHit } from '../runtime/search-tools.js';
import { UsageError } from '../shared/errors.js';

/** Options of {@link searchToolsStatic}. */
export interface StaticSearchOptions {
  /** The most hits (default 5). */
  limit?: number;
  /** Also treat calls of these functions as tool definitions, as export's `callees`. */
  callees?: readonly string[];
  /** Paths are relative to it (default: the process's working directory). */
  cwd?: string;
}

/** What {@link searchToolsStatic} returns: the hits best first, the search's note, and what the analysis reported. */
export interface StaticSearchResult {
  results: SearchHit<ExtractedTool>[];
  note?: string;
  /** How many tools were searched (valid, uniquely named, every tier). */
  searched: number;
  diagnostics: Diagnostic[];
  unmatchedGlobs: string[];
}

/**
 * `agent-tools search`: extracts the tools in `paths` (default `./tools`) statically, with the same
 * analysis and the same selection as `export --tier all` (no code is run; a tool export would leave
 * out is not searched), and ranks them for `query` with `searchTools` (tiers from the registry lists).
 * Writes and prints nothing.
 *
 * @throws {UsageError} for a path that does not exist, or a `limit` that is not a positive integer.
 */
export async function searchToolsStatic(
  paths: readonly string[],
  query: string,
  options: StaticSearchOptions = {},
): Promise<StaticSearchResult> {
  const limit = options.limit ?? DEFAULT_SEARCH_LIMIT;
  if (!Number.isInteger(limit) || limit < 1) throw new UsageError(`--limit must be a positive integer, got ${String(limit)}`, 'search');
  const cwd = resolve(options.cwd ?? process.cwd());
  const { analyze, MissingPathError } = await import('../analysis/analyze.js');
  let analysis;
  try {
    analysis = analyze(paths.length > 0 ? [...paths] : ['./tools'], { cwd, callees: [...(options.callees ?? [])] });
  } catch (err) {
    if (err instanceof MissingPathError) throw new UsageError(err.message, 'search');
    throw err;
  }
  const selected = selectTools(analysis.tools, analysis.diagnostics, 'all');
  const found = searchTools(selected.tools, query, { limit });
  return {
    results: found.results,
    ...(found.note ? { note: found.note } : {}),
    searched: selected.tools.length,
    diagnostics: [...analysis.diagnostics, ...selected.diagnostics],
    unmatchedGlobs: analysis.unmatchedGlobs,
  };
}
