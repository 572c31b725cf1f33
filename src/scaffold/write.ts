/** Plans every file a scaffold run writes (create, overwrite with --force, update a registry) and writes them atomically. */

import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { writeFileAtomic } from '../util/write-file-atomic.js';
import type { Tier } from '../registry/registry.js';
import { RegistryEditError } from './errors.js';
import type { TierEntry } from './registry-edit.js';
import type { NewEntry } from './registry-find.js';
import { readExistingToolbox, toolFileKindOf, type ExistingToolbox, type SourceText, type ToolFileKind } from './existing-toolbox.js';
import { renderSkeleton, renderTool, renderToolTest, SKELETON, TIER_CONST, toolPaths } from './render.js';
import { SpecError, type ToolSpec } from './spec.js';
import { refuseTakenNames } from './taken-names.js';

/** One file a scaffold run writes: `create` a new file, `overwrite` one (only with --force), or `update` a registry file in place. */
export interface PlannedFile {
  /** Absolute path. */
  path: string;
  content: string;
  action: 'create' | 'overwrite' | 'update';
  /** The file's content when planned (for `overwrite` and `update`), put back if a later write fails. */
  previous?: Buffer;
}

/**
 * What a run would do: the files in write order, the existing files it may not overwrite (empty with --force), and
 * among the existing files scaffold relies on (`schema.ts`, `registry.ts`) those that hold something else, and why.
 */
export interface ScaffoldPlan {
  files: PlannedFile[];
  conflicts: string[];
  foreign: { path: string; why: string }[];
}

/**
 * What the tool and tier files need of the skeleton files they import, and what is missing from an existing file of
 * that name that scaffold did not write (a project's own `schema.ts` of database tables, a `registry.ts` of routes).
 */
const SKELETON_NEEDS: Record<'schema' | 'registry', { has: (text: string) => boolean; why: string }> = {
  schema: {
    has: (text) => /\bdefineTool\b/.test(text) && /\bAnyToolDef\b/.test(text),
    why: 'it does not export defineTool and AnyToolDef, which the tool and tier files import from ./schema.js',
  },
  registry: {
    has: (text) => /\bCORE_TOOLS\b/.test(text) && /\bEXTENDED_TOOLS\b/.test(text),
    why: 'it builds no registry from CORE_TOOLS and EXTENDED_TOOLS (registry-core.ts, registry-extended.ts)',
  },
};

/** Options for {@link planScaffold}. */
export interface PlanOptions {
  /** The output root, the folder that holds `schema.ts` and the registry files. */
  out: string;
  withTest?: boolean;
  force?: boolean;
  /** Paths in error messages are shown relative to this folder (default `process.cwd()`). */
  cwd?: string;
}

function checkBatch(specs: readonly ToolSpec[]): void {
  const seen = new Map<string, number>();
  const at = (i: number) => (specs.length > 1 ? `$[${i}]` : '$');
  specs.forEach((spec, i) => {
    const p = toolPaths(spec);
    for (const key of [`name:${spec.name}`, `file:${p.file}`, `ident:${p.ident}`]) {
      const prev = seen.get(key);
      if (prev !== undefined) {
        throw new SpecError(
          `${at(i)}.name`,
          `${JSON.stringify(spec.name)} collides with ${at(prev)} (${JSON.stringify(specs[prev]!.name)}): both give ${key.slice(key.indexOf(':') + 1)}`,
        );
      }
      seen.set(key, i);
    }
  });
}

/**
 * Works out every file a scaffold run writes, without touching the disk except to read:
 * one file per tool (`<domain>/<kebab-name>.ts`, plus `.test.ts` with `withTest`; beside a JavaScript registry,
 * JavaScript of its module kind, see {@link toolFileKindOf}), the
 * registry skeleton files that do not exist yet, and the tier files that exist, edited to
 * list the new tools (see {@link addToTier}). A new toolbox (no skeleton file exists yet)
 * also gets `adapter.ts`, the adapter layer: `createAgentTools()` wiring `toolsToAI` from
 * the registry with a tool log, a step budget and the lifecycle hooks. Tool and test files that already exist are
 * listed in `conflicts` unless `force` is set.
 *
 * @throws {SpecError} when two specs give the same tool name, file or exported const, or a
 *   tool in `out` already has a spec's name (see {@link refuseTakenNames}).
 * @throws {RegistryEditError} when an existing tier file has no array to add to, already
 *   imports a tool's const from another module, or the other tier lists the tool.
 */
export async function planScaffold(specs: readonly ToolSpec[], options: PlanOptions): Promise<ScaffoldPlan> {
  checkBatch(specs);
  await refuseTakenNames(specs, options.out, options.cwd ?? process.cwd());
  const skeletonTiers = [SKELETON.core, SKELETON.extended].some((rel) => existsSync(join(options.out, rel)));
  // a folder with a registry of its own (the README's createRegistry in tools.ts, tier arrays in any file) is added to, not given a second
  // one
  const existing = skeletonTiers ? undefined : readExistingToolbox(options.out);
  const ownRegistry = existing !== undefined && existing.registryFiles.length > 0;
  // a new toolbox gets the adapter layer too; an existing one is only appended to
  const newToolbox = !ownRegistry && Object.values(SKELETON).every((rel) => !existsSync(join(options.out, rel)));
  const imports = toolImports(options.out, ownRegistry ? existing : undefined);
  // a JavaScript registry gets JavaScript tools of its module kind: it could not load a .ts file without a TypeScript loader
  const kind = ownRegistry ? registryKind(existing.registryFiles, options.cwd) : { ext: '.ts' as const, commonJs: false };
  const files: PlannedFile[] = [];
  const conflicts: string[] = [];
  const foreign: ScaffoldPlan['foreign'] = [];
  const add = (rel: string, content: string, isNew: boolean, editable: boolean) => {
    const path = join(options.out, rel);
    const exists = existsSync(path);
    if (exists && !editable && !options.force) conflicts.push(path);
    const previous = exists ? readFileSync(path) : undefined;
    if (previous && editable && previous.toString('utf8') === content) return;
    files.push({
      path,
      content,
      action: !exists ? 'create' : editable && !isNew ? 'update' : 'overwrite',
      ...(previous ? { previous } : {}),
    });
  };
  const tiers: Record<Tier, TierEntry[]> = { core: [], extended: [] };
  const newEntries: Record<Tier, NewEntry[]> = { core: [], extended: [] };
  for (const spec of specs) {
    const p = toolPaths(spec, kind.ext);
    add(p.file, renderTool(spec, imports.tool, kind), true, false);
    // vitest cannot be required: a CommonJS toolbox's test is an ES module (.test.mjs) that imports the tool
    if (options.withTest)
      add(kind.commonJs ? p.testFile.replace(/\.[cm]?js$/, '.mjs') : p.testFile, renderToolTest(spec, imports.test, kind.ext), true, false);
    tiers[spec.tier].push({ ident: p.ident, importPath: p.importPath });
    newEntries[spec.tier].push({ ident: p.ident, file: join(options.out, p.file) });
  }
  if (ownRegistry) {
    // ts-morph (and the TypeScript compiler with it) loads only when an existing file needs an edit
    const { planRegistryEdits } = await import('./registry-find.js');
    for (const edit of planRegistryEdits(existing.registryFiles, newEntries, (path) => shownPath(path, options.cwd), kind.commonJs))
      files.push({ path: edit.path, content: edit.content, action: 'update', previous: readFileSync(edit.path) });
    return { files, conflicts, foreign };
  }
  for (const tier of ['core', 'extended'] as const) {
    const rel = SKELETON[tier];
    const path = join(options.out, rel);
    if (!existsSync(path)) add(rel, renderSkeleton(tier, tiers[tier]), false, true);
    else if (tiers[tier].length > 0) {
      const { addToTier, findImport } = await import('./registry-edit.js');
      const otherPath = join(options.out, SKELETON[tier === 'core' ? 'extended' : 'core']);
      const other = existsSync(otherPath) ? readFileSync(otherPath, 'utf8') : '';
      const moved = tiers[tier].find((e) => other && findImport(other, e.ident) !== undefined);
      if (moved)
        throw new RegistryEditError(
          `${shownPath(otherPath, options.cwd)} already lists ${moved.ident}; a tool belongs to one tier, so move it by hand`,
        );
      add(rel, addToTier(readFileSync(path, 'utf8'), shownPath(path, options.cwd), TIER_CONST[tier], tiers[tier]), false, true);
    }
  }
  for (const file of ['schema', 'registry'] as const) {
    const path = join(options.out, SKELETON[file]);
    if (!existsSync(path)) add(SKELETON[file], renderSkeleton(file), false, true);
    else if (!SKELETON_NEEDS[file].has(readFileSync(path, 'utf8'))) {
      // a file of that name scaffold did not write: never kept silently beside tools that need it, and never replaced, even with --force
      foreign.push({ path, why: SKELETON_NEEDS[file].why });
      conflicts.push(path);
    }
  }
  if (newToolbox) add(SKELETON.adapter, renderSkeleton('adapter'), false, true);
  return { files, conflicts, foreign };
}

/**
 * The kind of tool file a folder's own registry takes (see {@link toolFileKindOf}): one kind for all its registry files.
 *
 * @throws {RegistryEditError} naming each file with its kind, when they differ (a TypeScript and a JavaScript one, or an
 *   ES module and a CommonJS one): scaffold cannot tell which the new tool must be written as.
 */
function registryKind(files: readonly SourceText[], cwd = process.cwd()): ToolFileKind {
  const kinds = files.map((f) => ({ f, kind: toolFileKindOf(f) }));
  const label = (k: ToolFileKind) => (k.ext === '.ts' ? 'TypeScript' : `${k.commonJs ? 'CommonJS' : 'an ES module'} (${k.ext})`);
  const first = kinds[0]!.kind;
  if (kinds.every(({ kind }) => label(kind) === label(first))) return first;
  throw new RegistryEditError(
    `the registry files are of different kinds (${kinds.map(({ f, kind }) => `${shownPath(f.path, cwd)}: ${label(kind)}`).join('; ')}), so it is not clear what to write the tool as; keep the registry in one kind of file, or write the tool by hand`,
  );
}

/**
 * The modules a tool file and its test import the tool layer from, as seen from
 * `<domain>/<name>.ts`: the toolbox's `schema.ts` when there is one (or scaffold writes it),
 * else, in a folder with a registry of its own, where its tools import `defineTool` from
 * (`agent-tools` when none does), and `agent-tools` for the test's helpers.
 */
function toolImports(out: string, existing: ExistingToolbox | undefined): { tool: string; test: string } {
  if (!existing || existsSync(join(out, SKELETON.schema))) return { tool: '../schema.js', test: '../schema.js' };
  const from = existing.defineToolFrom;
  if (!from || !from.specifier.startsWith('.')) return { tool: from?.specifier ?? 'agent-tools', test: 'agent-tools' };
  // a relative specifier is re-aimed from the new tool's folder (one below the output root)
  const target = join(dirname(from.file), from.specifier);
  const rel = relative(join(out, 'domain'), target).split(sep).join('/');
  return { tool: rel.startsWith('.') ? rel : `./${rel}`, test: 'agent-tools' };
}

/**
 * Writes a plan's files in order, each atomically (temp file, then rename). A `create`
 * never replaces a file that appeared since planning. When a write fails, the files
 * already written are rolled back (created ones removed, changed ones restored to their
 * planned-time content) before the error is rethrown, so a failed run leaves the toolbox
 * as it found it.
 *
 * @throws {FileExistsError} when a file to create exists by now; the write error otherwise.
 */
export function applyPlan(plan: ScaffoldPlan): void {
  const done: PlannedFile[] = [];
  try {
    for (const f of plan.files) {
      writeFileAtomic(f.path, f.content, { overwrite: f.action !== 'create' });
      done.push(f);
    }
  } catch (err) {
    for (const f of done.reverse()) {
      if (f.previous) writeFileAtomic(f.path, f.previous, { overwrite: true });
      else rmSync(f.path, { force: true });
    }
    throw err;
  }
}

/** `path` relative to `cwd` for messages, or as it is when outside it. */
export function shownPath(path: string, cwd = process.cwd()): string {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') ? rel : path;
}
