/** `scaffold`: resolves the specs, plans the files and writes them, rolling back on a failed write. */

import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from '../shared/errors.js';
import type { ScaffoldOptions, ScaffoldPlan, ScaffoldTool } from './api-types.js';
import { FileExistsError } from '../util/write-file-atomic.js';
import { DEFAULT_LIMITS } from '../validate/limits.js';
import { PLACEHOLDER_TEXT, restatedFact } from '../validate/schema-text.js';
import type { ParamsDef } from '../core/param.js';
import { RegistryEditError } from './errors.js';
import { parseSpecs, SpecError } from './spec.js';
import { applyPlan, planScaffold, shownPath } from './write.js';
import { definedTools } from './taken-names.js';
import { cliCommand } from '../shared/cli-command.js';

/** The command that reports what a scaffold warning names. */
const VALIDATE = cliCommand('validate');

/** How a summary names a tool's `mutates`: `mutates`, `read-only`, or not declared (then it counts as destructive). */
export function mutatesLabel(spec: { mutates?: boolean }): string {
  if (spec.mutates === undefined) return 'mutates: not declared (counts as destructive until you say)';
  return spec.mutates ? 'mutates' : 'read-only';
}

/** What validate would report about a spec's name, description, params and `mutates`, said before anything is written. */
function validateWarnings(spec: { name: string; description: string; params: ParamsDef; mutates?: boolean }): string[] {
  const out: string[] = [];
  if (spec.mutates === undefined)
    out.push(
      `${mutatesLabel(spec)}: its file has a TODO where \`mutates: true\` or \`mutates: false\` goes; ${VALIDATE} will report it (mutates-declared)`,
    );
  const length = [...spec.description].length;
  if (length < DEFAULT_LIMITS.descriptionMin)
    out.push(
      `the description has ${length} characters, fewer than ${DEFAULT_LIMITS.descriptionMin}; ${VALIDATE} will report it (tool-description)`,
    );
  else if (length > DEFAULT_LIMITS.descriptionMax)
    out.push(
      `the description has ${length} characters, over ${DEFAULT_LIMITS.descriptionMax}; some clients cut it; ${VALIDATE} will report it (tool-description)`,
    );
  for (const [param, def] of Object.entries(spec.params)) {
    const restated = restatedFact(def.description);
    if (PLACEHOLDER_TEXT.test(def.description))
      out.push(`param "${param}" has a TODO description: write what it means; ${VALIDATE} will report it (param-description)`);
    else if (restated)
      out.push(
        `the description of param "${param}" only restates ${restated}, which the schema holds; ${VALIDATE} will report it (param-description)`,
      );
  }
  return out;
}

/**
 * Reads one spec or an array of specs (a parsed JSON value) into tools: every short-form
 * param's type inferred (see `inferences`), and what validate would say about each (`warnings`).
 *
 * @throws {ConfigError} for an invalid spec, naming the JSON path of the bad field; `nothing written`.
 */
export function resolveSpecs(input: unknown): ScaffoldTool[] {
  try {
    return parseSpecs(input).map((s) => ({ ...s, warnings: validateWarnings(s) }));
  } catch (err) {
    if (err instanceof SpecError) throw new ConfigError(`invalid spec: ${err.message}; nothing written`);
    throw err;
  }
}

/**
 * Plans the files for `tools` (from {@link resolveSpecs}); reads the disk, writes nothing.
 *
 * @throws {ConfigError} when two tools give the same name, file or const, a tool in `out` already has a name, or an existing
 *   registry file cannot be edited; `nothing written`.
 */
export async function planTools(all: readonly ScaffoldTool[], options: ScaffoldOptions = {}): Promise<ScaffoldPlan> {
  const cwd = resolve(options.cwd ?? process.cwd());
  if (options.skipExisting && options.force) throw new ConfigError('skipExisting and force cannot be used together; nothing written');
  const out = resolve(cwd, options.out ?? 'tools');
  const defined = options.skipExisting ? await definedTools(all, out, cwd) : [];
  const skipped = defined.map(({ name, existing, at }) => ({ name, existing, at }));
  const tools = all.filter((_, i) => !defined.some((d) => d.index === i));
  // every tool exists already: nothing to plan, not even the registry skeleton
  if (tools.length === 0 && all.length > 0) return { cwd, files: [], conflicts: [], foreign: [], tools: [], skipped };
  try {
    const p = await planScaffold(tools, {
      out,
      withTest: options.withTest === true,
      force: options.force === true,
      cwd,
    });
    return {
      cwd,
      files: p.files.map(({ path, content, action }) => ({ path, content, action })),
      conflicts: p.conflicts,
      foreign: p.foreign,
      tools: [...tools],
      skipped,
    };
  } catch (err) {
    if (err instanceof SpecError) throw new ConfigError(`invalid spec: ${err.message}; nothing written`);
    if (err instanceof RegistryEditError) throw new ConfigError(`${err.message}; nothing written`);
    throw err;
  }
}

/**
 * The files a scaffold run would write for `specs` (one spec object or an array, as the
 * JSON `agent-tools scaffold` reads): one file per tool, the registry skeleton files that
 * do not exist yet, and the existing tier files edited to list the new tools. Writes nothing.
 *
 * @throws {ConfigError} for an invalid spec (with the JSON path of the bad field), tools
 *   that collide (with each other, or with a tool already in `out`), or a registry file that
 *   cannot be edited.
 */
export async function scaffold(specs: unknown, options: ScaffoldOptions = {}): Promise<ScaffoldPlan> {
  return planTools(resolveSpecs(specs), options);
}

/**
 * The error for a plan with conflicts: `n files would be overwritten; nothing written (use --force to overwrite)`, or,
 * when some are not scaffold's (`foreign`), that nothing is written even with --force and what to do instead.
 */
export function conflictError(plan: Pick<ScaffoldPlan, 'conflicts' | 'foreign'>): ConfigError {
  const n = plan.conflicts.length;
  const foreign = plan.foreign.length;
  if (foreign > 0)
    return new ConfigError(
      `${foreign === 1 ? "1 file is not scaffold's" : `${foreign} files are not scaffold's`}; nothing written, even with --force ` +
        `(rename or move ${foreign === 1 ? 'it' : 'them'}, or scaffold into another folder with --out)`,
    );
  return new ConfigError(`${n} file${n === 1 ? '' : 's'} would be overwritten; nothing written (use --force to overwrite)`);
}

/**
 * Writes a plan's files in order, each atomically (temp file, then rename). When a write
 * fails, the files written so far are rolled back (created ones removed, changed ones
 * restored), so a failed run leaves the toolbox as it found it.
 *
 * @throws {ConfigError} when the plan has conflicts (nothing is written), or a file to
 *   create appeared since planning (rolled back); the write error otherwise.
 */
export function applyScaffoldPlan(plan: ScaffoldPlan): void {
  if (plan.conflicts.length > 0) throw conflictError(plan);
  const files = plan.files.map((f) => (f.action !== 'create' && existsSync(f.path) ? { ...f, previous: readFileSync(f.path) } : { ...f }));
  try {
    applyPlan({ files, conflicts: [], foreign: [] });
  } catch (err) {
    if (err instanceof FileExistsError)
      throw new ConfigError(
        `${shownPath(err.path, plan.cwd)} appeared while scaffolding; the files written so far were rolled back (use --force to overwrite)`,
      );
    throw err;
  }
}
