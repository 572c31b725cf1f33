import { resolve } from 'node:path';
import { buffer as readBytes } from 'node:stream/consumers';
import { ConfigError, UsageError } from '../toolkit/errors.js';
import { decodeUtf8, NotUtf8Error } from '../util/utf8-text.js';
import { FileExistsError } from '../util/write-file-atomic.js';
import { describeInference, describeParam } from './infer.js';
import { JsonInputError, parseJsonInput } from './json-input.js';
import { RegistryEditError } from './errors.js';
import { parseSpecs, SpecError, type ToolSpec } from './spec.js';
import { applyPlan, planScaffold, shownPath, type ScaffoldPlan } from './write.js';
import { DEFAULT_LIMITS, SNAKE_CASE } from '../validate/limits.js';

/** The flags of `agent-tools scaffold`. */
export interface ScaffoldOptions {
  /** Read the spec from stdin even when stdin is a terminal. */
  stdin?: boolean;
  interactive?: boolean;
  withTest?: boolean;
  dryRun?: boolean;
  /** The output root (default `tools`, relative to `cwd`). */
  out?: string;
  force?: boolean;
}

/** Where a run reads and writes; tests pass their own. */
export interface ScaffoldIO {
  stdout(text: string): void;
  stderr(text: string): void;
  readStdin(): Promise<string>;
  stdinIsTTY: boolean;
  cwd: string;
}

const processIO = (): ScaffoldIO => ({
  stdout: (t) => void process.stdout.write(t),
  stderr: (t) => void process.stderr.write(t),
  readStdin: async () => {
    try {
      return decodeUtf8(await readBytes(process.stdin), 'stdin');
    } catch (err) {
      throw err instanceof NotUtf8Error ? new ConfigError(err.message) : err;
    }
  },
  stdinIsTTY: process.stdin.isTTY === true,
  cwd: process.cwd(),
});

const isPromptExit = (err: unknown) => err instanceof Error && err.name === 'ExitPromptError';

async function readSpec(opts: ScaffoldOptions, io: ScaffoldIO): Promise<unknown> {
  if (opts.interactive) {
    const { askSpec } = await import('./prompts.js');
    return askSpec((line) => io.stderr(line + '\n'));
  }
  if (io.stdinIsTTY && !opts.stdin) throw new UsageError('no spec given: pipe a JSON spec on stdin (or pass --stdin), or use --interactive', 'scaffold');
  try {
    return parseJsonInput(await io.readStdin());
  } catch (err) {
    if (err instanceof JsonInputError) throw new ConfigError(`stdin is not valid JSON: ${err.message}`);
    throw err;
  }
}

/** What validate would report about a spec's name and description, said before anything is written. */
function validateWarnings(spec: ToolSpec): string[] {
  const out: string[] = [];
  if (!SNAKE_CASE.test(spec.name)) out.push(`name "${spec.name}" is not snake_case (${SNAKE_CASE.source}); agent-tools validate will report it (snake-case-name)`);
  const length = [...spec.description].length;
  if (length < DEFAULT_LIMITS.descriptionMin) out.push(`the description has ${length} characters, fewer than ${DEFAULT_LIMITS.descriptionMin}; agent-tools validate will report it (tool-description)`);
  return out;
}

function reportInferences(specs: readonly ToolSpec[], io: ScaffoldIO): void {
  for (const spec of specs) {
    for (const w of validateWarnings(spec)) io.stderr(`warning: ${spec.name}: ${w}\n`);
    if (spec.inferences.length === 0) continue;
    io.stderr(`${spec.name}: inferred param types (give the full form { "type": ... } to change one):\n`);
    for (const inf of spec.inferences) io.stderr(`  ${describeInference(inf)}\n`);
  }
}

async function plan(specs: ToolSpec[], opts: ScaffoldOptions, io: ScaffoldIO): Promise<ScaffoldPlan> {
  try {
    return await planScaffold(specs, { out: resolve(io.cwd, opts.out ?? 'tools'), withTest: opts.withTest === true, force: opts.force === true, cwd: io.cwd });
  } catch (err) {
    if (err instanceof SpecError) throw new ConfigError(`invalid spec: ${err.message}; nothing written`);
    if (err instanceof RegistryEditError) throw new ConfigError(`${err.message}; nothing written`);
    throw err;
  }
}

/**
 * Runs `agent-tools scaffold`: reads one spec or an array of specs (JSON on stdin, or
 * `--interactive` prompts), prints every inferred param type to stderr, plans the files
 * and writes them atomically; the written paths go to stdout. With `dryRun` it prints
 * each file's path and content to stdout and writes nothing.
 *
 * Nothing is written when anything is wrong: all checks run before the first write.
 *
 * @returns the exit code: 0 written (or dry run, or the user declined at the prompt).
 * @throws {ConfigError} (exit 2) for JSON that does not parse (with line and column), an
 *   invalid spec (with the JSON path of the bad field), existing files without `force`
 *   (listed on stderr first), a registry file that cannot be edited, or Ctrl-C during
 *   the prompts.
 * @throws {UsageError} (exit 2) when there is no spec to read.
 */
export async function runScaffold(opts: ScaffoldOptions, io: ScaffoldIO = processIO()): Promise<number> {
  if (opts.interactive && opts.stdin) throw new UsageError('--interactive and --stdin cannot be used together', 'scaffold');
  try {
    const raw = await readSpec(opts, io);
    let specs: ToolSpec[];
    try {
      specs = parseSpecs(raw);
    } catch (err) {
      if (err instanceof SpecError) throw new ConfigError(`invalid spec: ${err.message}; nothing written`);
      throw err;
    }
    reportInferences(specs, io);
    const p = await plan(specs, opts, io);
    if (p.conflicts.length > 0) {
      io.stderr(`These files exist already:\n${p.conflicts.map((f) => `  ${shownPath(f, io.cwd)}\n`).join('')}`);
      throw new ConfigError(`${p.conflicts.length} file${p.conflicts.length === 1 ? '' : 's'} would be overwritten; nothing written (use --force to overwrite)`);
    }
    if (opts.dryRun) {
      for (const f of p.files) io.stdout(`--- ${shownPath(f.path, io.cwd)} (${f.action})\n${f.content}${f.content.endsWith('\n') ? '' : '\n'}`);
      io.stderr(`dry run: ${p.files.length} file${p.files.length === 1 ? '' : 's'} not written\n`);
      return 0;
    }
    if (opts.interactive) {
      for (const spec of specs) {
        const flags = [spec.mutates ? 'mutates' : 'read-only', ...(spec.destructive ? ['destructive'] : []), `${spec.tier} tier`].join(', ');
        io.stderr(`\n${spec.name} (${flags})\n${Object.entries(spec.params).map(([n, d]) => `  ${describeParam(n, d)}\n`).join('') || '  no params\n'}`);
      }
      io.stderr(`Files:\n${p.files.map((f) => `  ${f.action} ${shownPath(f.path, io.cwd)}\n`).join('')}`);
      const { confirmWrite } = await import('./prompts.js');
      if (!(await confirmWrite(p.files.length))) {
        io.stderr('nothing written\n');
        return 0;
      }
    }
    try {
      applyPlan(p);
    } catch (err) {
      if (err instanceof FileExistsError) throw new ConfigError(`${shownPath(err.path, io.cwd)} appeared while scaffolding; the files written so far were rolled back (use --force to overwrite)`);
      throw err;
    }
    for (const f of p.files) io.stdout(`${f.action === 'create' ? 'created' : f.action === 'update' ? 'updated' : 'overwrote'} ${shownPath(f.path, io.cwd)}\n`);
    return 0;
  } catch (err) {
    if (isPromptExit(err)) throw new ConfigError('scaffold cancelled (Ctrl-C); no files written');
    throw err;
  }
}
