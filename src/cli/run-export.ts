/** Runs `agent-tools export`: the toolkit's export, written to stdout or atomically to `--out`. */

import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Project } from 'ts-morph';
import type { Diagnostic } from '../analysis/types.js';
import { PARTIAL_CODES } from '../export/select.js';
import { ConfigError, UsageError } from '../shared/errors.js';
import { loaderMessage } from './loader-message.js';
import type { ExportFormat, ExportResult, ExportTier } from '../export/api-types.js';
import { isEarlierExport, pickFormatOptions, type AllFormatOptions } from '../export/formats/index.js';
import { checkModulePath, IMPORT_EXPECTS } from './not-a-module.js';
import { checkOwnOutput, writeOwnOutput, type OwnOutput } from './write-output.js';

/** The flags of `agent-tools export`, and where its output goes (default the process's streams). */
export interface ExportCommandOptions extends AllFormatOptions {
  paths?: string[];
  format?: string;
  out?: string;
  tier?: string;
  callee?: string[];
  allowPartial?: boolean;
  /** `--tool-search`: add the search_tools tool after the core tools. */
  toolSearch?: boolean;
  /** Load (run) the modules in `paths`, TypeScript compiled on the way, and export the MCP servers and AI SDK tool sets they export. */
  import?: boolean;
  /** Replace an `out` file that is not an earlier export. */
  force?: boolean;
  cwd?: string;
  /** `--check <lock-file>`: compare with an earlier `--format mcp` output instead of writing (see `checkLock`). */
  check?: string;
  /** For `--watch`: the project kept between runs, so only changed files are parsed again. */
  project?: Project;
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WriteStream | NodeJS.WritableStream;
}

/** Files analyzed before progress is shown (on a terminal only). */
const PROGRESS_MIN_FILES = 300;

/** One diagnostic as the CLI prints it: `file:line:col message [code]`. */
export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column} ${d.message} [${d.code}]`;
}

/**
 * `agent-tools export`: calls the toolkit's export on `paths` (default `./tools`) and writes
 * the output to stdout or atomically to `out` (an existing `out` file is replaced: it is the
 * export's own output; a run that exits 1 writes nothing, so the last good file stays).
 * Diagnostics, warnings and progress go to stderr.
 *
 * @returns the exit code: 0 success; 1 when a tool was left out (not statically known,
 *   invalid or duplicated; `--allow-partial` accepts the not-statically-known ones).
 * @throws {UsageError} for an unknown format or tier, a format's flag with another format (`--strict` without openai), or a missing path.
 */
export async function runExport(options: ExportCommandOptions): Promise<number> {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const cwd = resolve(options.cwd ?? process.cwd());
  const paths = options.paths && options.paths.length > 0 ? options.paths : ['./tools'];
  // the flags are checked before any file is read: a misspelled --format is named as such, not as an --out file of another shape
  const { checkExportOptions } = await import('../export/run.js');
  const { format } = checkExportOptions({
    format: (options.format ?? 'mcp') as ExportFormat,
    tier: (options.tier ?? 'all') as ExportTier,
    ...pickFormatOptions(options as Record<string, unknown>),
  });
  if (options.check !== undefined) {
    const clash = options.out
      ? '--out'
      : options.import
        ? '--import'
        : options.format && options.format !== 'mcp'
          ? `--format ${options.format}`
          : '';
    if (clash)
      throw new UsageError(
        `--check compares with an --format mcp output and writes nothing: it cannot be combined with ${clash}`,
        'export',
      );
  }
  // an --out the run may not replace is said before the run, not after it
  if (options.out)
    checkOwnOutput(
      resolve(cwd, options.out),
      options.out,
      options.force === true,
      exportOutput(options.format ?? 'mcp'),
      await inputsOf(paths, cwd, options),
    );
  if (options.import) return exportImported(paths, format, cwd, options, stdout, stderr);
  const tty = 'isTTY' in stderr && stderr.isTTY === true;
  let shown = false;
  const onProgress = (done: number, total: number) => {
    if (!tty || total < PROGRESS_MIN_FILES || (done % 50 !== 0 && done !== total)) return;
    shown = true;
    stderr.write(`\rexport: ${done}/${total} files`);
  };
  const { exportTools } = await import('../export/run.js');
  const r = await exportTools(
    paths,
    {
      format: (options.format ?? 'mcp') as ExportFormat,
      tier: (options.tier ?? 'all') as ExportTier,
      callees: options.callee ?? [],
      ...pickFormatOptions(options as Record<string, unknown>),
      allowPartial: options.allowPartial === true,
      ...(options.toolSearch ? { toolSearch: true } : {}),
      cwd,
      onProgress,
    },
    options.project,
  );
  if (shown) stderr.write('\r\x1b[K');
  for (const g of r.unmatchedGlobs) stderr.write(`agent-tools: warning: path "${g}" matches no file\n`);
  if (r.tier !== 'all' && !r.tiersDeclared)
    stderr.write(
      `agent-tools: warning: --tier ${r.tier}: no CORE_TOOLS/EXTENDED_TOOLS array or createRegistry({ core, extended }) call in the analyzed files, so no tool has a tier\n`,
    );
  const shipped = Object.entries(r.modeled).flatMap(([pkg, list]) =>
    list.filter((v) => v.from === 'shipped').map((v) => `${pkg} ${v.version}`),
  );
  if (shipped.length > 0)
    stderr.write(
      `agent-tools: note: not installed in the analyzed project, so modeled with the versions agent-tools ships: ${shipped.join(', ')}\n`,
    );
  for (const d of r.diagnostics) stderr.write(`${formatDiagnostic(d)}\n`);
  for (const w of r.warnings) stderr.write(`agent-tools: warning: ${r.format}: ${w.tool ? `${w.tool}.${w.field}: ` : ''}${w.message}\n`);
  if (r.empty !== undefined) {
    // never an empty list published: not on stdout, and an --out file is kept as it is
    const what = options.check !== undefined ? `not compared with ${options.check}` : keptLine(options.out, cwd);
    stderr.write(`agent-tools: export: nothing to export: ${r.empty}; ${what}\n`);
    return 1;
  }
  if (options.check !== undefined) {
    if (r.exitCode !== 0) {
      stderr.write(`export --check: not compared with ${options.check}: some tools could not be extracted (see above); exit 1\n`);
      return 1;
    }
    const { checkLock } = await import('./check-lock.js');
    return checkLock(r, options.check, options, cwd, stdout, stderr);
  }
  if (options.out && r.exitCode !== 0) {
    // a failed run must not replace the last good output (CI publishes it)
    stderr.write(`agent-tools: export: ${keptLine(options.out, cwd)}; --allow-partial writes the tools that could be read\n`);
  } else if (options.out) {
    writeExportOut(cwd, options.out, options.force === true, r.text, r.format, r.tools, r.sourceFiles);
    stderr.write(`agent-tools: export: ${wroteLine(r, paths, options.out)}\n`);
  } else stdout.write(r.text);
  const failing = r.diagnostics.filter((d) => !(options.allowPartial && PARTIAL_CODES.has(d.code)));
  if (failing.length > 0)
    stderr.write(`agent-tools: export: ${failing.length} problem${failing.length === 1 ? '' : 's'} (see above); exit 1\n`);
  return r.exitCode;
}

/**
 * What an export wrote, counted as the file holds it: `wrote 1 tool (mcp) to x.json`, or with entries an option added,
 * `wrote 2 tools (mcp) to x.json: 1 from tools, plus search_tools (--tool-search)`.
 */
function wroteLine(r: ExportResult, paths: readonly string[], out: string): string {
  const total = r.tools.length + r.added.length;
  const head = `wrote ${total} tool${total === 1 ? '' : 's'} (${r.format}) to ${out}`;
  if (r.added.length === 0) return head;
  const flag = { toolSearch: '--tool-search', defer: '--defer' } as const;
  // grouped by the option that added them: `search_tools and call_tool (--tool-search)`
  const options = [...new Set(r.added.map((a) => a.option))];
  const added = options.map((o) => `${r.added.flatMap((a) => (a.option === o ? [a.name] : [])).join(' and ')} (${flag[o]})`).join(' and ');
  return `${head}: ${r.tools.length} from ${paths.length > 0 ? paths.join(', ') : './tools'}, plus ${added}`;
}

/** What became of `--out` in a run that writes nothing. */
function keptLine(out: string | undefined, cwd: string): string {
  if (!out) return 'nothing printed';
  return `${out} not written, ${existsSync(resolve(cwd, out)) ? 'the file there is kept' : 'nothing there'}`;
}

/** The files an export reads, known before it runs: the modules given with `--import`, else the source files in the paths. */
async function inputsOf(paths: readonly string[], cwd: string, options: ExportCommandOptions): Promise<string[]> {
  if (options.import) return paths.map((p) => resolve(cwd, p));
  const { collectFiles } = await import('../analysis/project.js');
  return collectFiles(paths, cwd).files;
}

/**
 * `export --out`: an earlier export of these tools in `format` (see `isEarlierExport`) is replaced without
 * `--force`; before the run, when the tools are not known yet, its shape alone is checked.
 */
function exportOutput(format: string, names?: readonly string[]): OwnOutput {
  return {
    flag: '--out',
    command: 'export',
    what: `an agent-tools export (${format} output)`,
    isOurs: (text) => isEarlierExport(format, text, names),
  };
}

/**
 * Writes the export `text` of `tools` in `format` to `out` (resolved against `cwd`), atomically: an earlier
 * export of these tools is replaced, anything else only with `force`, one of the `inputs` (absolute paths) never.
 *
 * @throws {UsageError} from `writeOwnOutput` (exit 2) naming `--out` and the path.
 */
function writeExportOut(
  cwd: string,
  out: string,
  force: boolean,
  text: string,
  format: string,
  tools: readonly { name: string }[],
  inputs: readonly string[],
): void {
  const own = exportOutput(
    format,
    tools.map((t) => t.name),
  );
  writeOwnOutput(resolve(cwd, out), out, text, force, own, inputs);
}

/** `export --import`: the tools the modules export at run time (see `importTools`), in the formats that write a library's schema as is. */
async function exportImported(
  paths: string[],
  format: string,
  cwd: string,
  options: ExportCommandOptions,
  stdout: NodeJS.WritableStream,
  stderr: NodeJS.WritableStream,
): Promise<number> {
  const { formatFlags, orList, renderFormat, schemaAsIsFormats, writesSchemaAsIs } = await import('../export/formats/index.js');
  const given = pickFormatOptions(options as Record<string, unknown>);
  if (!writesSchemaAsIs(format, given)) {
    // --import writes a library's schema as is: only formats (and options) that keep it
    const writers = schemaAsIsFormats();
    const breaking = formatFlags().filter((o) => o.formats.some((f) => writers.includes(f) && !writesSchemaAsIs(f, { [o.key]: true })));
    const not = breaking.length > 0 ? ` (not ${breaking.map((o) => o.name).join(', ')})` : '';
    const shown = breaking.filter((o) => (given as Record<string, unknown>)[o.key] !== undefined).map((o) => ` ${o.name}`);
    throw new UsageError(`--import writes ${orList(writers)}${not}, not ${format}${shown.join('')}`, 'export');
  }
  const { importTools } = await import('../export/import-tools.js');
  const tools = [];
  for (const p of paths) {
    if (existsSync(resolve(cwd, p)) && statSync(resolve(cwd, p)).isDirectory())
      throw new UsageError(
        `--import loads module files (one exporting an McpServer or an object of AI SDK tools), not the folder ${p}`,
        'export',
      );
    await checkModulePath(p, resolve(cwd, p), IMPORT_EXPECTS);
    let found: Awaited<ReturnType<typeof importTools>>;
    try {
      found = await importTools(p, cwd);
    } catch (err) {
      // a module that does not load (a syntax error, a package not installed) is the module's fault, not ours
      const code = (err as { code?: unknown } | null)?.code;
      if ((err as { name?: unknown } | null)?.name !== 'SyntaxError' && code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND')
        throw err;
      throw new ConfigError(`could not load ${p}: ${loaderMessage(err, resolve(cwd, p), p)}`);
    }
    if (found.length === 0)
      stderr.write(
        `agent-tools: warning: ${p} exports no MCP SDK McpServer and no object of AI SDK tools (a server made inside a function is not read: export the server itself, e.g. \`export const server = createServer()\`)\n`,
      );
    tools.push(...found);
  }
  if (tools.length === 0) {
    stderr.write(
      `agent-tools: export: nothing to export: ${paths.join(', ')} ${paths.length === 1 ? 'exports' : 'export'} no tools; ${keptLine(options.out, cwd)}\n`,
    );
    return 1;
  }
  const result = renderFormat(format as ExportFormat, tools, given);
  if (options.out)
    writeExportOut(cwd, options.out, options.force === true, result.text, format, tools, await inputsOf(paths, cwd, options));
  else stdout.write(result.text);
  return 0;
}
