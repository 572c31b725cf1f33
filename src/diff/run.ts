/** Runs a diff: the tools of the working tree (or a file) against a git ref or an earlier export. */

import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { ConfigError, UsageError } from '../shared/errors.js';
import { projectConfigChecks, type UnreadableConfig } from '../validate/check-severities.js';
import { readSideApproval, type SideApproval } from './approval-facts.js';
import { diffToolSets } from './compare.js';
import { asksForApproval } from './compare-approval.js';
import { reachedFunctions } from '../analysis/reached-functions.js';
import { ExtractionError } from './errors.js';
import { toolLocationsInFile } from './file-locations.js';
import { writeGitTree } from './git-tree.js';
import { readToolsFile, toolsOf } from './read-tools-file.js';
import type { DiffResult, ToolEntry, ToolLocation, ToolSet } from './types.js';

/** Options of {@link runDiff} (and of the toolkit's `diff`). */
export interface DiffOptions {
  /**
   * What the head is compared with: a file written by `export --format mcp` (a path relative
   * to `cwd` that exists), a folder of tool sources (analyzed as the head is), else a git ref
   * (`main`, `origin/main`, `v1.2.0`, `HEAD~1`, a commit id), or the `tools/list` result itself
   * (`{ tools: [...] }`).
   */
  base: string | { tools: ToolEntry[] };
  /** Folder that paths, files and the git repository are found from; default `process.cwd()`. */
  cwd?: string;
  /** Extra factory names treated like `defineTool` (`--callee`), on both sides. */
  callees?: string[];
  /** Progress of each side's extraction: the side (`the working tree`, `the base main`), files done, total files. */
  onProgress?: (side: string, done: number, total: number) => void;
}

/**
 * A diff and what it compared: each side's name (a git ref, a file, `the working tree`) and
 * tool count, and whether approval beyond the hints (`needsApproval`, approval rules) was
 * compared: only when both sides were read from source, since an export file carries neither.
 */
export interface DiffRun {
  result: DiffResult;
  base: { label: string; tools: number };
  head: { label: string; tools: number };
  approvalCompared: boolean;
  /**
   * The paths (as given) that exist in the working tree but not at the base git ref: the base
   * holds no tools there, so each tool under them is added. Absent when every path existed.
   */
  baseMissing?: string[];
  /**
   * `true` when the paths that exist at the base git ref hold no tool there (the project before
   * it adopted agent-tools, with `.` as the path): the base is empty, each tool is added.
   */
  baseEmpty?: true;
}

/** How the head read from source files is named in messages. */
const HEAD_SIDE = 'the working tree';

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();
const isFolder = (path: string) => existsSync(path) && statSync(path).isDirectory();

/**
 * The tools in `paths` under `cwd`, extracted statically as `export --format mcp` writes them,
 * with where each is defined. No tools at all is an error unless `noneIsEmpty` (a git ref's
 * side, from before the toolbox was added): then an empty set. The functions each tool's `execute`
 * reaches (see `reachedFunctions`) are read when `reach` says so, or, left out (the head), when some
 * tool asks for approval and some does not.
 */
async function extract(
  paths: readonly string[],
  cwd: string,
  options: DiffOptions,
  side: string,
  noneIsEmpty = false,
  reach?: boolean,
): Promise<ToolSet & { unreadable: UnreadableConfig[] }> {
  const { exportTools } = await import('../export/run.js');
  const progress = options.onProgress;
  let r;
  try {
    r = await exportTools(paths, {
      format: 'mcp',
      cwd,
      callees: options.callees ?? [],
      ...(progress ? { onProgress: (done: number, total: number) => progress(side, done, total) } : {}),
    });
  } catch (err) {
    if (err instanceof UsageError) throw new UsageError(`${side}: ${err.message}`, 'diff');
    throw err;
  }
  // no tools and nothing left out: export's one line says what it searched and found
  const none = r.tools.length === 0 && r.diagnostics.length === 0;
  if (none && !noneIsEmpty) throw new ExtractionError(side, [], r.empty ?? `no tools found in ${paths.join(', ')}`);
  if (!none && r.exitCode !== 0) {
    const n = new Set(r.diagnostics.map((d) => d.tool ?? `${d.file}:${d.line}:${d.column}`)).size;
    throw new ExtractionError(side, r.diagnostics, `${n} tool${n === 1 ? '' : 's'} could not be extracted`);
  }
  const locations = new Map<string, ToolLocation>(r.tools.map((t) => [t.name, { file: t.file, line: t.line, column: t.column }]));
  let approval: SideApproval;
  try {
    // the base's configuration is read leniently: a pull request that mends a broken one is still compared
    approval = readSideApproval(r.tools, r.sourceFiles, cwd, side !== HEAD_SIDE, r.rebuiltTiers);
  } catch (err) {
    if (err instanceof ConfigError) throw new ConfigError(`${side}: ${err.message}`);
    throw err;
  }
  const tools = (r.value as { tools: ToolEntry[] }).tools;
  // which functions each execute runs matters only when some tool asks and some does not (the head decides; the base follows)
  const asks = tools.map((t) => asksForApproval(t, approval));
  if (reach ?? (asks.includes(true) && asks.includes(false)))
    approval = { ...approval, reaches: reachedFunctions(r.tools, r.sourceFiles, cwd) };
  return { tools, locations, approval, ...projectConfigChecks(cwd) };
}

/**
 * A configuration of the head that cannot be read (not JSON, two in one folder) where the base had
 * one: diff would compare it as holding no check severities, so it names it and stops. One the base
 * could not read either, or had none in that folder, is left to validate (which refuses it).
 *
 * @throws {ConfigError} naming the file, the line and column, and the problem.
 */
function assertReadable(head: readonly UnreadableConfig[], base: ToolSet): void {
  const broken = head.find((u) => base.checks?.some((c) => c.folder === u.folder));
  if (broken) throw new ConfigError(`${HEAD_SIDE}: ${broken.problem}; diff cannot compare the check severities it sets`);
}

/** A head written by `export --format mcp`: its tools, each located at its entry in the file (relative to `cwd`). */
async function readHeadFile(cwd: string, file: string): Promise<ToolSet> {
  const path = resolve(cwd, file);
  const tools = readToolsFile(path, file);
  const shown = relative(cwd, path).split(sep).join('/');
  return { tools, locations: await toolLocationsInFile(readFileSync(path, 'utf8'), shown) };
}

/**
 * Compares the tools in `paths` (files or folders relative to `options.cwd`, default
 * `./tools`; or one `.json` file written by `export --format mcp`) with `options.base`, by the
 * rules of `DIFF_RULES`. A git base is read from the object store into a temporary folder
 * (see `writeGitTree`) and extracted there by the same static analysis, on the same paths;
 * the folder is removed afterwards. Prints nothing.
 *
 * A folder as the base is extracted whole, as the head's paths are.
 *
 * A path that exists in the working tree but not at a git ref (the pull request that adds the
 * toolbox) is read as empty at the ref: its tools are all added, and `baseMissing` names it.
 * Paths that exist at the ref but hold no tool there (the whole project, `.`, before the
 * toolbox) are empty too (`baseEmpty`); a tool there that cannot be extracted is still an error.
 *
 * @throws {UsageError} for a base that is neither a file, a folder nor a commit, a file that
 *   cannot be read, git missing, or a path missing in the working tree.
 * @throws {ConfigError} for a file that is not a tools/list result.
 * @throws {ConfigError} for a configuration of the head that cannot be read where the base had one
 *   (see `assertReadable`).
 * @throws {ExtractionError} (a ConfigError, exit 2) when a side has tools that could not be
 *   extracted, or none (but for a git ref's, see above): nothing is compared then.
 */
export async function runDiff(paths: readonly string[], options: DiffOptions): Promise<DiffRun> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const given = paths.length > 0 ? [...paths] : ['./tools'];
  const headFile = given.length === 1 && /\.json$/i.test(given[0]!) && isFile(resolve(cwd, given[0]!)) ? given[0]! : undefined;
  const fromSource = headFile ? undefined : await extract(given, cwd, options, HEAD_SIDE);
  const head = fromSource ? { label: HEAD_SIDE, set: fromSource } : { label: headFile!, set: await readHeadFile(cwd, headFile!) };
  const base = options.base;
  let label: string;
  let set: ToolSet;
  let baseMissing: string[] = [];
  let baseEmpty = false;
  if (typeof base !== 'string') {
    label = 'the given tools';
    set = { tools: toolsOf(base, 'base') };
  } else if (isFile(resolve(cwd, base))) {
    label = base;
    set = { tools: readToolsFile(resolve(cwd, base), base) };
  } else if (isFolder(resolve(cwd, base))) {
    // a folder of tool sources (an old copy, a vendored version): analyzed as the head is
    label = base;
    set = await extract([base], cwd, options, `the base ${base}`, false, fromSource?.approval?.reaches !== undefined);
  } else if (/\.json$/i.test(base) || base === '') {
    throw new UsageError(`--base ${base}: no such file`, 'diff');
  } else {
    if (headFile)
      throw new UsageError(`--base ${base}: a git ref is read with the paths of the working tree, not with a .json head`, 'diff');
    label = base;
    const tree = writeGitTree(cwd, base);
    try {
      // an absolute path names the working tree: read the same place inside the written tree
      const real = realpathSync(cwd);
      const inTree = given.map((p) => (isAbsolute(p) ? relative(real, realpathSync(p)) || '.' : p));
      // a path the head has and the ref has not (the pull request that adds the toolbox) holds no tools there
      const present = inTree.filter((p) => existsSync(resolve(tree.cwd, p)));
      baseMissing = given.filter((_, i) => !present.includes(inTree[i]!));
      set =
        present.length > 0
          ? await extract(present, tree.cwd, options, `the base ${base}`, true, fromSource?.approval?.reaches !== undefined)
          : { tools: [], locations: new Map(), approval: readSideApproval([], [], tree.cwd, true), ...projectConfigChecks(tree.cwd) };
      baseEmpty = present.length > 0 && set.tools.length === 0;
    } finally {
      tree.remove();
    }
  }
  if (fromSource) assertReadable(fromSource.unreadable, set);
  return {
    result: diffToolSets(set, head.set),
    base: { label, tools: set.tools.length },
    head: { label: head.label, tools: head.set.tools.length },
    approvalCompared: set.approval !== undefined && head.set.approval !== undefined,
    ...(baseMissing.length > 0 ? { baseMissing } : {}),
    ...(baseEmpty ? { baseEmpty: true as const } : {}),
  };
}
