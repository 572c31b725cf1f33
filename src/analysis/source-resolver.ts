/** The one rule for finding the source file a module specifier names, as a TypeScript project would. */

import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { ts as Ts } from 'ts-morph';
import { SOURCE_EXTENSIONS } from '../shared/source-extensions.js';
import { typescript } from './typescript.js';

/** The `paths` of a tsconfig as tsc applies them: each target relative to `base` (an absolute folder). */
export interface PathsConfig {
  base: string;
  paths: Record<string, string[]>;
}

/** A config host that reads files but lists no folder: the `paths` of a tsconfig, without tsc's walk of its `include`. */
const configHost = (ts: ReturnType<typeof typescript>): Ts.ParseConfigHost => ({
  useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
  readDirectory: () => [],
  fileExists: (f) => ts.sys.fileExists(f),
  readFile: (f) => ts.sys.readFile(f),
});

/**
 * The `paths` of a tsconfig.json as tsc reads them: through TypeScript's own config parser, so
 * `extends` as a relative file, an array (TypeScript 5.0) or a package (`@acme/tsconfig/base.json`,
 * found in node_modules) is followed; the base is `baseUrl` when set, else the folder of the
 * config that declares `paths`. `undefined` when the file cannot be read or sets no `paths`.
 */
export function readPathsConfig(file: string): PathsConfig | undefined {
  const options = configOptions(file);
  return options && pathsOf(options, file);
}

/** The compiler options of tsconfig `file` as tsc parses them (`extends` followed), or `undefined` when it cannot be read. */
function configOptions(file: string): Ts.CompilerOptions | undefined {
  const ts = typescript();
  const read = ts.readConfigFile(file, (f) => ts.sys.readFile(f));
  if (read.error || !read.config) return undefined;
  return ts.parseJsonConfigFileContent(read.config, configHost(ts), dirname(file), undefined, file).options;
}

/**
 * The `outDir` of a tsconfig.json as tsc reads it (`extends` followed), as an absolute path; `undefined` when the file
 * cannot be read or sets none. tsc writes its JavaScript there: compiled copies of the sources, not code a person wrote.
 */
export function readOutDir(file: string): string | undefined {
  const outDir = configOptions(file)?.outDir;
  return outDir === undefined ? undefined : resolve(dirname(file), outDir);
}

/** The {@link PathsConfig} of the parsed options of config `file`, or `undefined` when they set no `paths`. */
function pathsOf(parsed: Ts.CompilerOptions, file: string): PathsConfig | undefined {
  const options = parsed as Ts.CompilerOptions & { pathsBasePath?: string };
  if (!options.paths) return undefined;
  return { base: options.baseUrl ?? options.pathsBasePath ?? dirname(file), paths: options.paths };
}

/** A project a solution-style tsconfig.json references: the source files it holds and its `paths`. */
interface ReferencedProject {
  files: ReadonlySet<string>;
  paths: PathsConfig | undefined;
}

/**
 * The projects a solution-style tsconfig.json references (`"files": []`, no `include`, and `references`, as Vite and
 * `tsc --init` for a monorepo write it): each with the files its own `files`/`include` select, read as tsc reads them,
 * and its `paths`. The root config compiles no file itself, so `tsc -b` and the editor read each file with the project
 * that holds it. `undefined` for any other config.
 */
export function solutionReferences(file: string): ReferencedProject[] | undefined {
  const ts = typescript();
  const read = ts.readConfigFile(file, (f) => ts.sys.readFile(f));
  const raw = read.config as { files?: unknown; include?: unknown; references?: unknown } | undefined;
  if (read.error || !raw || !Array.isArray(raw.files) || raw.files.length > 0 || raw.include !== undefined) return undefined;
  if (!Array.isArray(raw.references)) return undefined;
  const parsed = ts.parseJsonConfigFileContent(raw, configHost(ts), dirname(file), undefined, file);
  return (parsed.projectReferences ?? []).flatMap((ref) => {
    const config = ts.resolveProjectReferencePath(ref);
    const own = ts.readConfigFile(config, (f) => ts.sys.readFile(f));
    if (own.error || !own.config) return [];
    // the real file system host: the project's files are what its include walks to
    const project = ts.parseJsonConfigFileContent(own.config, ts.sys, dirname(config), undefined, config);
    return [{ files: new Set(project.fileNames.map((f) => resolve(f))), paths: pathsOf(project.options, config) }];
  });
}

/** The conditions Node.js matches when it loads a module with no `--conditions` flag (ESM and CommonJS, `module-sync` since 22.10). */
const NODE_CONDITIONS = new Set(['node', 'import', 'require', 'module-sync', 'node-addons', 'default']);
/** The conditions TypeScript matches for a source import (`types` first in a map that lists it, then the runtime's). */
const TYPES_CONDITIONS = new Set(['types', 'import', 'node', 'default']);

/** What a package.json `imports` target names: a path; `null` when a condition Node does not set by default comes first. */
type Picked = string | null | undefined;

/**
 * The target a conditions object gives under `conditions` (`'any'`: every key matches), walking its keys in their own order
 * as Node.js does (the first key whose condition is set and whose value names a target wins; an array is a list of
 * fallbacks). With `strict`, a key outside `conditions` and `types` met before the pick (`development`, `browser`, `bun`,
 * set by `--conditions` or another runtime) whose target differs makes the answer `null`: the file that runs depends on how
 * the process is started.
 */
function pick(target: unknown, conditions: ReadonlySet<string> | 'any', strict: boolean, depth = 0): Picked {
  if (typeof target === 'string') return target;
  if (Array.isArray(target)) return target.map((t) => pick(t, conditions, strict, depth + 1)).find((t) => t !== undefined);
  if (!target || typeof target !== 'object' || depth > 3) return undefined;
  const skipped: unknown[] = [];
  for (const [key, value] of Object.entries(target as Record<string, unknown>)) {
    if (conditions !== 'any' && !conditions.has(key)) {
      if (key !== 'types') skipped.push(value);
      continue;
    }
    const found = pick(value, conditions, strict, depth + 1);
    if (found === undefined) continue;
    const other = strict && skipped.some((v) => pick(v, 'any', false, depth + 1) !== found);
    return other ? null : found;
  }
  return undefined;
}

/**
 * The paths a package.json `imports` target names, in the order to probe them: first the file Node.js loads (its default
 * conditions, in the map's own key order, so `{ "types": "./flags.ts", "node": "./flags.node.ts" }` is `flags.node.ts`, the
 * file that runs), then the one TypeScript reads (`types`), for a map whose runtime target is built output not there yet
 * (`{ "types": "./src/x.ts", "default": "./dist/x.js" }` before a build). `null` when a custom condition listed before
 * Node's pick names another file.
 */
function conditionTargets(target: unknown): string[] | null {
  const runs = pick(target, NODE_CONDITIONS, true);
  if (runs === null) return null;
  const typed = pick(target, TYPES_CONDITIONS, false);
  return [...new Set([runs, typed].filter((t): t is string => typeof t === 'string'))];
}

/**
 * The entry of a package.json `imports` or `exports` map that `key` matches, as Node.js matches it: an exact key, or a
 * pattern with one `*` (`"#core/*"`, `"./tools/*"`), with what the `*` captured.
 */
function matchPattern(map: Record<string, unknown>, key: string): { target: unknown; captured: string } | undefined {
  for (const [pattern, target] of Object.entries(map)) {
    const star = pattern.indexOf('*');
    if (star < 0) {
      if (pattern === key) return { target, captured: '' };
      continue;
    }
    const pre = pattern.slice(0, star);
    const post = pattern.slice(star + 1);
    if (key.startsWith(pre) && key.endsWith(post) && key.length >= pre.length + post.length)
      return { target, captured: key.slice(pre.length, key.length - post.length) };
  }
  return undefined;
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/**
 * The files a specifier resolved to the absolute `target` may name, in the order to probe them: for a `.js`, `.mjs`, `.cjs`
 * or `.jsx` path its TypeScript source first (`x.ts`, `x.tsx` for `x.js`), then `target` itself when it has a source
 * extension, then `target` with each of {@link SOURCE_EXTENSIONS}, then its folder's `index` with each.
 */
export function sourceCandidates(target: string): string[] {
  const ext = extname(target);
  const stem = target.slice(0, target.length - ext.length);
  const mapped: Record<string, string[]> = { '.js': ['.ts', '.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'], '.jsx': ['.tsx'] };
  return [
    ...(mapped[ext] ?? []).map((e) => stem + e),
    ...(SOURCE_EXTENSIONS.includes(ext) || ext === '.jsx' ? [target] : []),
    ...SOURCE_EXTENSIONS.map((e) => target + e),
    ...SOURCE_EXTENSIONS.map((e) => join(target, `index${e}`)),
  ];
}

/**
 * The one rule for finding the source file a specifier names, by syntax and the file system
 * only, as a TypeScript project would: relative specifiers (a `?query` or `#hash` on one left out, as
 * Node.js reads it as a URL), the package's own name through its package.json `exports`, package.json `imports` (`#core/*`,
 * from the nearest package.json above the importing file that has them; for a conditions object
 * the file Node.js loads, else the `types` one) and tsconfig `paths` (from the nearest
 * tsconfig.json, read with TypeScript's own config parser, loaded on first need; of a solution-style one, the referenced
 * project that holds the importing file). `.js`
 * specifiers map to `.ts` sources, a specifier without an extension is probed with each of
 * {@link SOURCE_EXTENSIONS}, then as a folder's `index`. Packages are not followed. Used by the
 * static analysis and by the loader that runs a user's TypeScript modules.
 */
export class SourceResolver {
  private readonly tsconfigByDir = new Map<string, string | undefined>();
  private readonly configByFile = new Map<string, { paths: PathsConfig | undefined; references: ReferencedProject[] | undefined }>();
  private readonly importsByDir = new Map<string, { base: string; imports: Record<string, unknown> } | undefined>();
  private readonly packageByDir = new Map<string, { base: string; name: string; exports: unknown } | undefined>();

  /**
   * `twins: 'unread'` (the static analysis): a TypeScript source found for a specifier that also names a JavaScript file
   * there (`./flags.js` with `flags.ts` and `flags.js` side by side, or `./flags` with both) is not read, since Node.js and
   * agent-tools' own loader load the `.js` while tsx loads the `.ts` (see {@link SourceResolver.unreadWhy}). `'ts-first'`
   * (the loader, the grant readers): the TypeScript source.
   */
  constructor(private readonly twins: 'ts-first' | 'unread' = 'ts-first') {}

  /**
   * Why `specifier` from `fromFile` names no file the analysis may read, when the reason is not that the file is missing: a
   * package.json `imports` entry whose conditions let the way the process is started pick another file, or (with
   * `twins: 'unread'`) a TypeScript source with a JavaScript twin the runtime may load instead. `undefined` otherwise.
   */
  unreadWhy(fromFile: string, specifier: string): string | undefined {
    if (specifier.startsWith('#')) {
      const entry = this.importsEntry(dirname(fromFile), specifier);
      if (!entry || conditionTargets(entry.target) !== null) return undefined;
      const custom = Object.keys(entry.target as object).find((k) => k !== 'types' && !NODE_CONDITIONS.has(k));
      return (
        `whose package.json "imports" entry lists ${custom ? `the condition "${custom}"` : 'a condition'} (set by --conditions or ` +
        `another runtime) before the ones Node.js sets by default, naming another file: which file runs depends on how the process is started`
      );
    }
    for (const target of this.targets(fromFile, specifier)) {
      const found = this.probe(target);
      const twin = found && this.twinOf(target, found);
      if (twin)
        return (
          `which names both ${basename(found)} and ${basename(twin)}, and runners load different ones ` +
          `(Node.js ${basename(twin)}, tsx ${basename(found)}): which file runs depends on the runner`
        );
      if (found) return undefined;
    }
    return undefined;
  }

  /** The path of the source file `specifier` names from `fromFile`, or `undefined`. */
  resolveFile(fromFile: string, specifier: string): string | undefined {
    for (const target of this.targets(fromFile, specifier)) {
      const probed = this.probe(target);
      if (probed) return this.twinOf(target, probed) ? undefined : probed;
    }
    return undefined;
  }

  /** The paths `specifier` may name from `fromFile`, before probing extensions, in the order to try them. */
  private targets(fromFile: string, specifier: string): string[] {
    // a relative specifier is a URL to Node.js: `./registry.js?v=1` and `./registry.js#x` load ./registry.js
    if (specifier.startsWith('.')) return [resolve(dirname(fromFile), specifier.replace(/[?#].*$/s, ''))];
    // `#x` is a package.json import first; tsconfig `paths` may map `#` patterns too; a bare name may be the package's own
    return [
      ...(specifier.startsWith('#') ? this.importsTargets(dirname(fromFile), specifier) : []),
      ...this.pathsTargets(fromFile, specifier),
      ...this.selfTargets(dirname(fromFile), specifier),
    ];
  }

  /**
   * The files a specifier naming the package itself (`notes-app/registry` inside the package `notes-app`) maps to through its
   * package.json `"exports"`, as Node.js resolves such a self-reference: the nearest package.json above `dir`, by its
   * `name`; a string or a conditions object for `.`, or subpath keys (`"./registry"`, `"./tools/*"`), conditions read as for
   * `imports`.
   */
  private selfTargets(dir: string, specifier: string): string[] {
    const pkg = this.packageFor(dir);
    // agent-tools' own repository imports itself by name in its examples: the library is a package, never followed
    if (!pkg?.name || pkg.name === 'agent-tools' || pkg.exports === undefined) return [];
    if (specifier !== pkg.name && !specifier.startsWith(`${pkg.name}/`)) return [];
    const subpath = `.${specifier.slice(pkg.name.length)}`;
    const exports = pkg.exports;
    const bySubpath =
      exports && typeof exports === 'object' && !Array.isArray(exports) && Object.keys(exports).some((k) => k.startsWith('.'))
        ? (exports as Record<string, unknown>)
        : { '.': exports };
    const entry = matchPattern(bySubpath, subpath);
    if (!entry) return [];
    const paths = conditionTargets(entry.target);
    return paths === null ? [] : paths.map((path) => resolve(pkg.base, path.replaceAll('*', entry.captured)));
  }

  /**
   * With `twins: 'unread'`, the JavaScript file Node.js would load for `target` where the probe found the TypeScript
   * source `found`: `target` itself when it names a `.js`, `.mjs`, `.cjs` or `.jsx` file that is there, or `target.js`
   * beside `target.ts` for a specifier without an extension.
   */
  private twinOf(target: string, found: string): string | undefined {
    if (this.twins !== 'unread' || !/\.(?:ts|tsx|mts|cts)$/.test(found)) return undefined;
    const ext = extname(target);
    if (['.js', '.mjs', '.cjs', '.jsx'].includes(ext)) return isFile(target) ? target : undefined;
    const stem = found.slice(0, found.length - extname(found).length);
    return stem === target && isFile(`${target}.js`) ? `${target}.js` : undefined;
  }

  private probe(target: string): string | undefined {
    return sourceCandidates(target).find(isFile);
  }

  private pathsTargets(fromFile: string, specifier: string): string[] {
    const config = this.configForFile(fromFile);
    const entry = config && matchPattern(config.paths, specifier);
    return entry ? (entry.target as string[]).map((s) => resolve(config.base, s.replace('*', entry.captured))) : [];
  }

  /** package.json `imports` (`"#core/*": "./src/core/*.js"`, or a conditions object) of the nearest package.json holding them. */
  private importsTargets(dir: string, specifier: string): string[] {
    const entry = this.importsEntry(dir, specifier);
    if (!entry) return [];
    const paths = conditionTargets(entry.target);
    if (paths === null) return [];
    return paths.map((path) => resolve(entry.base, path.replaceAll('*', entry.captured)));
  }

  /** The `imports` entry of the nearest package.json holding them that matches `specifier`: its target and what `*` captured. */
  private importsEntry(dir: string, specifier: string): { base: string; target: unknown; captured: string } | undefined {
    const pkg = this.packageImportsFor(dir);
    const entry = pkg && matchPattern(pkg.imports, specifier);
    return entry && { base: pkg.base, ...entry };
  }

  /** The nearest package.json above `dir` (the package scope Node.js reads a self-reference in): its folder, name and `exports`. */
  private packageFor(dir: string): { base: string; name: string; exports: unknown } | undefined {
    if (this.packageByDir.has(dir)) return this.packageByDir.get(dir);
    let found: { base: string; name: string; exports: unknown } | undefined;
    const file = join(dir, 'package.json');
    if (isFile(file)) {
      try {
        const { name, exports } = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; exports?: unknown };
        found = { base: dir, name: typeof name === 'string' ? name : '', exports };
      } catch {
        found = { base: dir, name: '', exports: undefined };
      }
    }
    const parent = dirname(dir);
    if (!found && parent !== dir) found = this.packageFor(parent);
    this.packageByDir.set(dir, found);
    return found;
  }

  private packageImportsFor(dir: string): { base: string; imports: Record<string, unknown> } | undefined {
    if (this.importsByDir.has(dir)) return this.importsByDir.get(dir);
    const file = join(dir, 'package.json');
    let found: { base: string; imports: Record<string, unknown> } | undefined;
    if (isFile(file)) {
      try {
        const imports = (JSON.parse(readFileSync(file, 'utf8')) as { imports?: unknown }).imports;
        if (imports && typeof imports === 'object') found = { base: dir, imports: imports as Record<string, unknown> };
      } catch {
        found = undefined;
      }
    }
    const parent = dirname(dir);
    if (!found && parent !== dir) found = this.packageImportsFor(parent);
    this.importsByDir.set(dir, found);
    return found;
  }

  /**
   * The `paths` that apply to `fromFile`: those of the nearest tsconfig.json, or, when that is a solution-style config
   * (see {@link solutionReferences}), those of the referenced project that holds the file (none when no project does).
   */
  private configForFile(fromFile: string): PathsConfig | undefined {
    const file = this.tsconfigFor(dirname(fromFile));
    if (file === undefined) return undefined;
    if (!this.configByFile.has(file)) this.configByFile.set(file, { paths: readPathsConfig(file), references: solutionReferences(file) });
    const config = this.configByFile.get(file)!;
    if (!config.references) return config.paths;
    return config.references.find((r) => r.files.has(resolve(fromFile)))?.paths;
  }

  /** The nearest tsconfig.json at or above `dir`, or `undefined`. */
  private tsconfigFor(dir: string): string | undefined {
    if (this.tsconfigByDir.has(dir)) return this.tsconfigByDir.get(dir);
    const candidate = join(dir, 'tsconfig.json');
    const parent = dirname(dir);
    const found = isFile(candidate) ? candidate : parent === dir ? undefined : this.tsconfigFor(parent);
    this.tsconfigByDir.set(dir, found);
    return found;
  }
}
