/** Runs `agent-tools search`: ranks a folder's tools for a query and prints them, best first. */

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Colors } from '../shared/colors.js';
import { cliCommand } from '../shared/cli-command.js';
import { UsageError } from '../shared/errors.js';
import { formatDiagnostic } from './run-export.js';
import { firstSentence } from '../shared/first-sentence.js';

/** The flags of `agent-tools search`, and where its output goes (default the process's streams). */
export interface SearchCommandOptions {
  paths?: string[];
  query: string;
  /** `--limit` as typed (a positive integer). */
  limit?: string;
  format?: 'text' | 'json';
  callee?: string[];
  cwd?: string;
  /** Colors for the text format (the CLI passes them only for a terminal). */
  colors?: Colors;
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream;
}

/**
 * `agent-tools search`: ranks the tools of `paths` for `query` (see `searchToolsStatic`) and prints them,
 * best first: as text (`1. name  tier  score  first sentence of the description`), or with
 * `--format json` as `{ "results": [{ "name", "score", "tier" }], "note"? }` (score rounded to 3 decimals;
 * `tier` null for a tool in no registry list). The query's note and the analysis's diagnostics go to stderr.
 *
 * @returns 0 when tools are listed, 1 when no tool matched.
 * @throws {UsageError} for a `--limit` that is not a positive integer, or a path that does not exist.
 */
export async function runSearch(options: SearchCommandOptions): Promise<number> {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const limitText = options.limit ?? '5';
  if (!/^[1-9][0-9]*$/.test(limitText)) throw new UsageError(`--limit must be a positive integer, got '${limitText}'`, 'search');
  const misplaced = misplacedQuery(options.paths ?? [], options.query, options.cwd ?? process.cwd());
  if (misplaced) throw new UsageError(misplaced, 'search');
  const { searchToolsStatic } = await import('../search/run.js');
  const r = await searchToolsStatic(options.paths ?? [], options.query, {
    limit: Number(limitText),
    callees: options.callee ?? [],
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  for (const g of r.unmatchedGlobs) stderr.write(`agent-tools: warning: path "${g}" matches no file\n`);
  for (const d of r.diagnostics) stderr.write(`${formatDiagnostic(d)}\n`);
  if (r.diagnostics.length > 0) stderr.write(`search: ${r.diagnostics.length} tool problem(s) above: those tools were not searched\n`);
  const score = (s: number) => Math.round(s * 1000) / 1000;
  if (options.format === 'json') {
    const results = r.results.map((h) => ({ name: h.name, score: score(h.score), tier: h.tier ?? null }));
    stdout.write(`${JSON.stringify({ results, ...(r.note ? { note: r.note } : {}) }, null, 2)}\n`);
  } else {
    const c = options.colors;
    const width = Math.max(0, ...r.results.map((h) => h.name.length));
    r.results.forEach((h, i) => {
      const name = c ? c.bold(h.name.padEnd(width)) : h.name.padEnd(width);
      const tier = (h.tier ?? '-').padEnd(8);
      stdout.write(`${i + 1}. ${name}  ${tier}  ${score(h.score).toFixed(3)}  ${firstSentence(h.tool.description)}\n`);
    });
  }
  // no tool at all is said alone: a note on the query ("no tool matched") would only blur it
  if (r.results.length === 0 && r.searched === 0)
    stderr.write(`search: no tools found in ${(options.paths ?? []).join(', ') || './tools'}\n`);
  else if (r.note) stderr.write(`search: ${r.note}\n`);
  return r.results.length > 0 ? 0 : 1;
}

const GLOB = /[*?[\]{}]/;
const quoted = (text: string) => (/^[\w./-]+$/.test(text) ? text : `"${text.replace(/(["\\$`])/g, '\\$1')}"`);

/**
 * The words of a query taken for paths: `search "remove a file" toolbox` (the query first) and
 * `search toolbox remove a file` (a query not quoted) both ended in a bare "no such file or
 * folder". Returns the message that names the order (the paths first, the query last and quoted)
 * with the command meant, or undefined when every path exists (or is a glob) or no reading of
 * the words fits.
 */
function misplacedQuery(paths: readonly string[], query: string, cwd: string): string | undefined {
  const exists = (p: string) => GLOB.test(p) || existsSync(resolve(cwd, p));
  const missing = paths.filter((p) => !exists(p));
  if (missing.length === 0) {
    if (paths.length > 0 || exists('tools')) return undefined;
    return `no ./tools folder here, and no folder was given: the tools' files or folders come first, the query last (${cliCommand(`search <folder> ${quoted(query)}`)})`;
  }
  // the query typed first: the last word is the folder
  if (query !== '' && exists(query)) {
    const meant = cliCommand(`search ${quoted(query)} ${quoted(paths.join(' '))}`);
    return `no such file or folder: ${missing.join(', ')}; the query comes last, after the files or folders: ${meant}`;
  }
  // a query that was not quoted: the paths that exist, then words
  const firstMissing = paths.findIndex((p) => !exists(p));
  if (firstMissing > 0 && paths.slice(firstMissing).every((p) => !exists(p))) {
    const meant = cliCommand(
      `search ${paths.slice(0, firstMissing).map(quoted).join(' ')} ${quoted([...paths.slice(firstMissing), query].join(' '))}`,
    );
    return `no such file or folder: ${missing.join(', ')}; a query of several words is one argument, quoted: ${meant}`;
  }
  return undefined;
}
