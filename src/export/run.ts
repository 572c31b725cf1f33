import { resolve } from 'node:path';
import type { Diagnostic } from '../analysis/types.js';
import { UsageError } from '../toolkit/errors.js';
import { closeMatches } from '../core/suggest.js';
import { writeFileAtomic } from '../util/write-file-atomic.js';
import { FORMATS, isFormatName } from './formats/index.js';
import { PARTIAL_CODES, selectTools, type TierOption } from './select.js';

/** Options of {@link runExport}, as the `export` command parses them. */
export interface ExportOptions {
  paths?: string[];
  format?: string;
  out?: string;
  tier?: string;
  callee?: string[];
  allowPartial?: boolean;
  strict?: boolean;
  /** Load the modules in `paths` with tsx (runs them) and export the MCP servers and AI SDK tool sets they export. */
  import?: boolean;
  cwd?: string;
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WriteStream | NodeJS.WritableStream;
}

const TIERS: readonly TierOption[] = ['core', 'extended', 'all'];
/** Files analyzed before progress is shown (on a terminal only). */
const PROGRESS_MIN_FILES = 300;

/** One diagnostic as the CLI prints it: `file:line:col message [code]`. */
export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column} ${d.message} [${d.code}]`;
}

/**
 * `agent-tools export`: extracts the tools in `paths` (default `./tools`) statically and
 * writes them in `format` to stdout or atomically to `out` (an existing `out` file is
 * replaced: it is the export's own output). Diagnostics and warnings go to stderr.
 *
 * @returns the exit code: 0 success; 1 when a tool was left out (not statically known,
 *   invalid or duplicated; `--allow-partial` accepts the not-statically-known ones).
 * @throws {UsageError} for an unknown format or tier, `--strict` without openai, or a missing path.
 */
export async function runExport(options: ExportOptions): Promise<number> {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const cwd = resolve(options.cwd ?? process.cwd());
  const format = options.format ?? 'mcp';
  if (!isFormatName(format)) {
    const near = closeMatches(format, Object.keys(FORMATS));
    throw new UsageError(`unknown format '${format}'${near.length ? ` (did you mean ${near.join(', ')}?)` : ''}; use one of ${Object.keys(FORMATS).join(', ')}`, 'export');
  }
  const tier = (options.tier ?? 'all') as TierOption;
  if (!TIERS.includes(tier)) throw new UsageError(`unknown tier '${options.tier}'; use one of ${TIERS.join(', ')}`, 'export');
  if (options.strict && format !== 'openai') throw new UsageError(`--strict applies to --format openai only, not ${format}`, 'export');
  const paths = options.paths && options.paths.length > 0 ? options.paths : ['./tools'];
  if (options.import) return exportImported(paths, format, cwd, options, stdout, stderr);
  const tty = 'isTTY' in stderr && stderr.isTTY === true;
  let shown = false;
  const onProgress = (done: number, total: number) => {
    if (!tty || total < PROGRESS_MIN_FILES || (done % 50 !== 0 && done !== total)) return;
    shown = true;
    stderr.write(`\rexport: ${done}/${total} files`);
  };
  // ts-morph (TypeScript) is the heavy part: load it only once the options are known to be good
  const { analyze, MissingPathError } = await import('../analysis/analyze.js');
  let analysis;
  try {
    analysis = analyze(paths, { cwd, callees: options.callee ?? [], onProgress });
  } catch (err) {
    if (err instanceof MissingPathError) throw new UsageError(err.message, 'export');
    throw err;
  }
  if (shown) stderr.write('\r\x1b[K');
  for (const g of analysis.unmatchedGlobs) stderr.write(`warning: path "${g}" matches no file\n`);
  const selected = selectTools(analysis.tools, analysis.diagnostics, tier, format === 'gemini' || format === 'markdown' || (format === 'openai' && options.strict === true));
  if (tier !== 'all' && !analysis.registries.core && !analysis.registries.extended)
    stderr.write(`warning: --tier ${tier}: no CORE_TOOLS/EXTENDED_TOOLS array or createRegistry({ core, extended }) call in the analyzed files, so no tool has a tier\n`);
  const diagnostics = [...analysis.diagnostics, ...selected.diagnostics];
  for (const d of diagnostics) stderr.write(`${formatDiagnostic(d)}\n`);
  const result = FORMATS[format](selected.tools, { strict: options.strict === true });
  for (const w of result.warnings) stderr.write(`warning: ${format}: ${w.tool}.${w.field}: ${w.message}\n`);
  if (options.out) {
    writeFileAtomic(resolve(cwd, options.out), result.text, { overwrite: true });
    stderr.write(`export: wrote ${selected.tools.length} tool${selected.tools.length === 1 ? '' : 's'} (${format}) to ${options.out}\n`);
  } else stdout.write(result.text);
  if (analysis.tools.length === 0 && diagnostics.length === 0) stderr.write(`warning: no ${['defineTool', ...(options.callee ?? [])].join('/')}() calls found in ${paths.join(', ')}\n`);
  const failing = diagnostics.filter((d) => !(options.allowPartial && PARTIAL_CODES.has(d.code)));
  if (failing.length > 0) stderr.write(`export: ${failing.length} problem${failing.length === 1 ? '' : 's'} (see above); exit 1\n`);
  return failing.length > 0 ? 1 : 0;
}

/** `export --import`: the tools the modules export at run time (see `importTools`), in the formats that write a library's schema as is. */
async function exportImported(paths: string[], format: string, cwd: string, options: ExportOptions, stdout: NodeJS.WritableStream, stderr: NodeJS.WritableStream): Promise<number> {
  if (!['mcp', 'json', 'anthropic', 'openai'].includes(format) || options.strict) throw new UsageError(`--import writes mcp, json, anthropic or openai (not --strict), not ${format}${options.strict ? ' --strict' : ''}`, 'export');
  const { importTools } = await import('./import-tools.js');
  const tools = [];
  for (const p of paths) {
    const found = await importTools(p, cwd);
    if (found.length === 0) stderr.write(`warning: ${p} exports no MCP SDK McpServer and no object of AI SDK tools\n`);
    tools.push(...found);
  }
  const result = FORMATS[format as keyof typeof FORMATS](tools, {});
  if (options.out) writeFileAtomic(resolve(cwd, options.out), result.text, { overwrite: true });
  else stdout.write(result.text);
  return tools.length > 0 ? 0 : 1;
}
