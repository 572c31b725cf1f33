/** Runs `agent-tools scaffold`: reads specs from stdin or prompts, shows inferred types, writes the files. */

import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';
import { buffer as readBytes } from 'node:stream/consumers';
import { describeInference, describeParam } from '../scaffold/infer.js';
import { JsonInputError, parseJsonInput } from '../util/json-input.js';
import { applyScaffoldPlan, conflictError, mutatesLabel, planTools, resolveSpecs } from '../scaffold/run.js';
import { findTsconfig } from '../scaffold/existing-toolbox.js';
import { loadHandlebars, SKELETON } from '../scaffold/render.js';
import { shownPath } from '../scaffold/write.js';
import { ConfigError, UsageError } from '../shared/errors.js';
import { importPeer } from '../shared/optional-peer.js';
import type { ScaffoldTool } from '../scaffold/api-types.js';
import { decodeUtf8, NotUtf8Error } from '../util/utf8-text.js';
import { docsPage } from '../shared/docs-page.js';

/** The flags of `agent-tools scaffold`. */
export interface ScaffoldCommandOptions {
  /** A JSON spec file to read instead of stdin (relative to `cwd`; `-` is stdin). */
  file?: string;
  /** Read the spec from stdin even when stdin is a terminal. */
  stdin?: boolean;
  interactive?: boolean;
  withTest?: boolean;
  dryRun?: boolean;
  /** The output root (default `tools`, relative to `cwd`). */
  out?: string;
  force?: boolean;
  /** --skip-existing: write the tools the output folder does not define yet, and name each one skipped. */
  skipExisting?: boolean;
}

/** Where a run reads and writes; tests pass their own. */
export interface ScaffoldIO {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Reads all of stdin; `hint` (for a terminal) is shown on stderr once Ctrl-C is handled. */
  readStdin(hint?: string): Promise<string>;
  stdinIsTTY: boolean;
  cwd: string;
}

const processIO = (): ScaffoldIO => ({
  stdout: (t) => void process.stdout.write(t),
  stderr: (t) => void process.stderr.write(t),
  readStdin: async (hint) => {
    // Ctrl-C while typing a spec on a terminal exits 2 with a message, as it does in the prompts
    let onInterrupt = (): void => {};
    const interrupted = new Promise<never>((_, reject) => {
      onInterrupt = () => {
        process.stdin.destroy(); // else the pending read keeps the process alive
        reject(new ConfigError('scaffold cancelled (Ctrl-C); no files written'));
      };
      process.once('SIGINT', onInterrupt);
    });
    if (hint !== undefined) process.stderr.write(hint);
    try {
      return decodeUtf8(await Promise.race([readBytes(process.stdin), interrupted]), 'stdin');
    } catch (err) {
      throw err instanceof NotUtf8Error ? new ConfigError(err.message) : err;
    } finally {
      process.removeListener('SIGINT', onInterrupt);
    }
  },
  stdinIsTTY: process.stdin.isTTY === true,
  cwd: process.cwd(),
});

const isPromptExit = (err: unknown) => err instanceof Error && err.name === 'ExitPromptError';

async function readSpec(opts: ScaffoldCommandOptions, io: ScaffoldIO): Promise<unknown> {
  if (opts.interactive) {
    const { askSpec } = await importPeer('@inquirer/prompts', 'scaffold --interactive', () => import('./scaffold-prompts.js'));
    return askSpec((line) => io.stderr(line + '\n'));
  }
  if (opts.file !== undefined && opts.file !== '-') return readSpecFile(opts.file, io.cwd);
  if (io.stdinIsTTY && !opts.stdin)
    throw new UsageError('no spec given: pipe a JSON spec on stdin (or pass --stdin), or use --interactive', 'scaffold');
  try {
    return parseJsonInput(
      await io.readStdin(io.stdinIsTTY ? 'scaffold: type or paste a JSON spec, then Ctrl-D on a new line (Ctrl-C cancels)\n' : undefined),
    );
  } catch (err) {
    if (err instanceof JsonInputError) throw new ConfigError(`stdin is not valid JSON: ${err.message}`);
    throw err;
  }
}

/** The spec in a JSON file named on the command line (`scaffold spec.json`). */
function readSpecFile(file: string, cwd: string): unknown {
  let bytes: Buffer;
  try {
    bytes = readFileSync(resolve(cwd, file));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new ConfigError(code === 'ENOENT' ? `no such file: ${file}` : `cannot read the spec ${file}: ${(err as Error).message}`);
  }
  try {
    return parseJsonInput(decodeUtf8(bytes, file));
  } catch (err) {
    if (err instanceof JsonInputError) throw new ConfigError(`${file} is not valid JSON: ${err.message}`);
    if (err instanceof NotUtf8Error) throw new ConfigError(err.message);
    throw err;
  }
}

function reportInferences(tools: readonly ScaffoldTool[], io: ScaffoldIO): void {
  for (const tool of tools) {
    for (const w of tool.warnings) io.stderr(`agent-tools: warning: ${tool.name}: ${w}\n`);
    if (tool.inferences.length === 0) continue;
    io.stderr(
      `${tool.name}: inferred param types (optional unless marked required: end a name with ! to require it; give the full form { "type": ... } to change one):\n`,
    );
    for (const inf of tool.inferences) io.stderr(`  ${describeInference(inf)}\n`);
  }
}

/**
 * Runs `agent-tools scaffold`: reads one spec or an array of specs (JSON on stdin, or
 * `--interactive` prompts), prints every inferred param type to stderr, plans the files
 * with the toolkit and writes them atomically; the written paths go to stdout. With
 * `dryRun` it prints each file's path and content to stdout and writes nothing.
 *
 * Nothing is written when anything is wrong: all checks run before the first write.
 *
 * @returns the exit code: 0 written (or dry run, or the user declined at the prompt).
 * @throws {ConfigError} (exit 2) for JSON that does not parse (with line and column), an
 *   invalid spec (with the JSON path of the bad field), existing files without `force`
 *   (listed on stderr first), a registry file that cannot be edited, or Ctrl-C during
 *   the prompts.
 * @throws {MissingPeerError} (exit 2) when handlebars is not installed, before anything is read or printed.
 * @throws {UsageError} (exit 2) when there is no spec to read, `interactive` is asked
 *   for while stdin is not a terminal, or `out` is a file, not a folder.
 */
export async function runScaffold(opts: ScaffoldCommandOptions, io: ScaffoldIO = processIO()): Promise<number> {
  if (opts.interactive && opts.stdin) throw new UsageError('--interactive and --stdin cannot be used together', 'scaffold');
  if (opts.force && opts.skipExisting)
    throw new UsageError('--force (overwrite existing tools) and --skip-existing (keep them) cannot be used together', 'scaffold');
  if (opts.file !== undefined && (opts.interactive || opts.stdin))
    throw new UsageError(
      `a spec file (${opts.file}) and --${opts.interactive ? 'interactive' : 'stdin'} cannot be used together`,
      'scaffold',
    );
  // the prompts cannot read answers from a pipe; without this they fail as if Ctrl-C was pressed
  if (opts.interactive && !io.stdinIsTTY)
    throw new UsageError(
      'scaffold --interactive asks on a terminal, and stdin is not one: run it in a terminal, or drop --interactive to read a spec from stdin or a file',
      'scaffold',
    );
  // a file given as --out failed later with a bare `ENOTDIR: not a directory, scandir`
  const out = opts.out ?? 'tools';
  if (statSync(resolve(io.cwd, out), { throwIfNoEntry: false })?.isDirectory() === false)
    throw new UsageError(`--out ${out} is a file; scaffold writes into a folder`, 'scaffold');
  // the optional peer first: without it, its one message and nothing else (no prompts, no inferences)
  loadHandlebars();
  try {
    const tools = resolveSpecs(await readSpec(opts, io));
    reportInferences(tools, io);
    const p = await planTools(tools, {
      cwd: io.cwd,
      ...(opts.out !== undefined ? { out: opts.out } : {}),
      withTest: opts.withTest === true,
      force: opts.force === true,
      skipExisting: opts.skipExisting === true,
    });
    // named before anything else, on stderr: stdout stays the files written (or the dry run's contents)
    for (const s of p.skipped)
      io.stderr(`skipped ${s.name}: already defined${s.existing === s.name ? '' : ` as "${s.existing}"`} at ${s.at}\n`);
    if (p.skipped.length > 0 && p.tools.length === 0) {
      io.stderr('nothing written: every tool of the spec is defined already\n');
      return 0;
    }
    if (p.conflicts.length > 0) {
      const why = (f: string) => p.foreign.find((x) => x.path === f)?.why;
      io.stderr(
        `These files exist already:\n${p.conflicts.map((f) => `  ${shownPath(f, io.cwd)}${why(f) ? `: not scaffold's, ${why(f)}` : ''}\n`).join('')}`,
      );
      throw conflictError(p);
    }
    if (opts.dryRun) {
      for (const f of p.files)
        io.stdout(`--- ${shownPath(f.path, io.cwd)} (${f.action})\n${f.content}${f.content.endsWith('\n') ? '' : '\n'}`);
      io.stderr(`dry run: ${p.files.length} file${p.files.length === 1 ? '' : 's'} not written\n`);
      return 0;
    }
    if (opts.interactive) {
      for (const tool of p.tools) {
        const flags = [mutatesLabel(tool), ...(tool.destructive ? ['destructive'] : []), `${tool.tier} tier`].join(', ');
        io.stderr(
          `\n${tool.name} (${flags})\n${
            Object.entries(tool.params)
              .map(([n, d]) => `  ${describeParam(n, d)}\n`)
              .join('') || '  no params\n'
          }`,
        );
      }
      io.stderr(`Files:\n${p.files.map((f) => `  ${f.action} ${shownPath(f.path, io.cwd)}\n`).join('')}`);
      const { confirmWrite } = await importPeer('@inquirer/prompts', 'scaffold --interactive', () => import('./scaffold-prompts.js'));
      if (!(await confirmWrite(p.files.length))) {
        io.stderr('nothing written\n');
        return 0;
      }
    }
    applyScaffoldPlan(p);
    for (const f of p.files)
      io.stdout(`${f.action === 'create' ? 'created' : f.action === 'update' ? 'updated' : 'overwrote'} ${shownPath(f.path, io.cwd)}\n`);
    const adapter = p.files.find((f) => f.action === 'create' && basename(f.path) === SKELETON.adapter);
    if (adapter)
      io.stderr(
        `next: call createAgentTools() from ${shownPath(adapter.path, io.cwd)} where your agent runs (it wires toolsToAI with a tool log, a step budget and the hooks)\n`,
      );
    // the test files import vitest, which a fresh project lacks: tsc then fails with TS2307 and nothing said why
    if (p.files.some((f) => f.action === 'create' && /\.test\.m?[jt]s$/.test(f.path)) && !resolvesFrom(io.cwd, 'vitest/package.json'))
      io.stderr('note: the test files import vitest, which is not installed here: npm install -D vitest, then npx vitest run\n');
    const outDir = resolve(io.cwd, out);
    // `node agent.ts` (type stripping) failed with ERR_MODULE_NOT_FOUND on the ./modify/x.js scaffold wrote
    if (p.files.some((f) => /\.ts$/.test(f.path) && /\bfrom\s*['"]\.{1,2}\/[^'"]*\.js['"]/.test(f.content)) && !findTsconfig(outDir))
      io.stderr(
        `note: these files import each other as './x.js' (TypeScript's convention), which plain node does not map to x.ts, and no tsconfig.json was found for ${out}: run your agent with tsx (npx tsx agent.ts) or build it with tsc (see "Running your TypeScript" in ${docsPage('getting-started.md')})\n`,
      );
    return 0;
  } catch (err) {
    if (isPromptExit(err)) throw new ConfigError('scaffold cancelled (Ctrl-C); no files written');
    throw err;
  }
}

/** Whether `specifier` resolves from folder `cwd` as the project's own code would resolve it. */
function resolvesFrom(cwd: string, specifier: string): boolean {
  try {
    createRequire(join(cwd, 'package.json')).resolve(specifier);
    return true;
  } catch {
    return false;
  }
}
