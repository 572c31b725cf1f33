import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import { Project, ts, type SourceFile } from './ts-morph.cjs';
import { globList, isGlob } from '../util/glob.js';
import { tryAddSourceFile } from './parse-depth.js';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];
const SKIP_DIRS = new Set(['node_modules', 'dist']);

/**
 * The one ts-morph `Project` of an analysis: no lib files, no tsconfig file list, no
 * automatic dependency resolution. Files are added only when analyzed or when a relative
 * (or tsconfig `paths`) import or re-export is followed.
 */
export function createAnalysisProject(): Project {
  return new Project({
    compilerOptions: { allowJs: true, noLib: true, noResolve: true, target: ts.ScriptTarget.ESNext, jsx: ts.JsxEmit.Preserve },
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    skipLoadingLibFiles: true,
  });
}

function isSourceFile(name: string): boolean {
  return SOURCE_EXTENSIONS.includes(extname(name)) && !/\.d\.[mc]?ts$/.test(name);
}

/**
 * The source files under `dir`, sorted by name within each folder. A symlinked file or folder is
 * followed (a broken link is skipped); each real folder is walked once (a link back up is no
 * loop) and each real file listed once, under the first path that reached it.
 */
function walk(dir: string, out: string[], seen = new Set<string>()): void {
  const real = realPath(dir);
  if (seen.has(real)) return;
  seen.add(real);
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const path = join(dir, e.name);
    let isDir = e.isDirectory();
    let isFile = e.isFile();
    if (e.isSymbolicLink()) {
      try {
        const st = statSync(path);
        [isDir, isFile] = [st.isDirectory(), st.isFile()];
      } catch {
        continue; // a broken link
      }
    }
    if (isDir) {
      if (!SKIP_DIRS.has(e.name) && !e.name.startsWith('.')) walk(path, out, seen);
    } else if (isFile && isSourceFile(e.name)) {
      const file = realPath(path);
      if (seen.has(file)) continue;
      seen.add(file);
      out.push(path);
    }
  }
}

function realPath(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/**
 * Expands files, folders and globs (relative to `cwd`) into absolute source file paths:
 * folders are searched recursively for `.ts`, `.tsx`, `.mts`, `.js`, `.mjs`, skipping
 * `node_modules`, `dist`, dot folders and `.d.ts`. A path that does not exist but holds glob
 * syntax is matched by picomatch (see {@link globList}) against the source files under its
 * fixed base folder; a `!glob` drops the files it matches from the rest. Sorted by path
 * within each folder, no repeats.
 *
 * @returns the files, the given paths that do not exist (`missing`), the given files of
 *   another kind (`unsupported`, e.g. `x.json`) and the globs that matched no file (`unmatched`).
 */
export function collectFiles(
  paths: readonly string[],
  cwd: string,
): { files: string[]; missing: string[]; unsupported: string[]; unmatched: string[] } {
  const files: string[] = [];
  const missing: string[] = [];
  const unsupported: string[] = [];
  const unmatched: string[] = [];
  const excluded: string[] = [];
  for (const p of paths) {
    const abs = resolve(cwd, p);
    let st;
    try {
      st = statSync(abs);
    } catch {
      if (p.startsWith('!')) excluded.push(p.slice(1));
      else if (isGlob(p)) {
        const found = expandGlob(p, cwd);
        if (found.length === 0) unmatched.push(p);
        files.push(...found);
      } else missing.push(p);
      continue;
    }
    if (st.isDirectory()) walk(abs, files);
    else if (isSourceFile(abs)) files.push(abs);
    else unsupported.push(p);
  }
  const reals = new Set<string>();
  let kept = files.filter((f) => {
    const real = realPath(f);
    if (reals.has(real)) return false;
    reals.add(real);
    return true;
  });
  for (const x of excluded) {
    const drop = globList([x.startsWith('/') || isAbsolute(x) ? displayPath(x, cwd) : x]);
    const before = kept.length;
    kept = kept.filter((f) => !drop.matches(displayPath(f, cwd)));
    if (kept.length === before) unmatched.push(`!${x}`);
  }
  return { files: kept, missing, unsupported, unmatched };
}

/** The source files under `glob`'s fixed base folder that it matches (relative to `cwd`). */
function expandGlob(glob: string, cwd: string): string[] {
  const base = resolve(cwd, picomatch.scan(glob).base || '.');
  const under: string[] = [];
  try {
    if (statSync(base).isDirectory()) walk(base, under);
  } catch {
    return [];
  }
  // A CLI glob is anchored at `cwd` (as the shell would expand it): `*.ts` means ./*.ts.
  const rel = isAbsolute(glob) ? displayPath(glob, cwd) : glob;
  const list = globList([rel.includes('/') ? rel : `./${rel}`]);
  return under.filter((f) => list.matches(displayPath(f, cwd)));
}

/** `abs` relative to `cwd` with posix separators. */
export function displayPath(abs: string, cwd: string): string {
  return relative(cwd, abs).split(sep).join('/');
}

interface PathsConfig {
  base: string;
  paths: Record<string, string[]>;
}

/** A config host that reads files but lists no folder: the `paths` of a tsconfig, without tsc's walk of its `include`. */
const CONFIG_HOST: ts.ParseConfigHost = {
  useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
  readDirectory: () => [],
  fileExists: (f) => ts.sys.fileExists(f),
  readFile: (f) => ts.sys.readFile(f),
};

/**
 * The `paths` of a tsconfig.json as tsc reads them: through TypeScript's own config parser, so
 * `extends` as a relative file, an array (TypeScript 5.0) or a package (`@acme/tsconfig/base.json`,
 * found in node_modules) is followed; the base is `baseUrl` when set, else the folder of the
 * config that declares `paths`.
 */
function readPathsConfig(file: string): PathsConfig | undefined {
  const read = ts.readConfigFile(file, (f) => ts.sys.readFile(f));
  if (read.error || !read.config) return undefined;
  const parsed = ts.parseJsonConfigFileContent(read.config, CONFIG_HOST, dirname(file), undefined, file);
  const options = parsed.options as ts.CompilerOptions & { pathsBasePath?: string };
  if (!options.paths) return undefined;
  return { base: options.baseUrl ?? options.pathsBasePath ?? dirname(file), paths: options.paths as Record<string, string[]> };
}

/** The file path a package.json `imports` target names: a string, or the first of `types`, `import`, `node`, `default` in a conditions object. */
function conditionTarget(target: unknown, depth = 0): string | undefined {
  if (typeof target === 'string') return target;
  if (!target || typeof target !== 'object' || depth > 3) return undefined;
  const t = target as Record<string, unknown>;
  for (const key of ['types', 'import', 'node', 'default']) {
    const found = key in t ? conditionTarget(t[key], depth + 1) : undefined;
    if (found) return found;
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
 * Resolves module specifiers the way a TypeScript project would, by syntax and the file
 * system only: relative specifiers, package.json `imports` (`#core/*`, from the nearest
 * package.json above the importing file that has them; for a conditions object the
 * `types`, `import`, `node` or `default` target) and tsconfig `paths` (from the nearest
 * tsconfig.json). `.js` specifiers map to `.ts` sources. Packages are not followed.
 */
export class ModuleResolver {
  private readonly tsconfigByDir = new Map<string, PathsConfig | undefined>();
  private readonly importsByDir = new Map<string, { base: string; imports: Record<string, unknown> } | undefined>();
  private readonly cache = new Map<string, SourceFile | undefined>();
  private readonly byRealPath = new Map<string, string>();

  constructor(private readonly project: Project) {}

  /**
   * The path under which `file` is analyzed: the first path seen for its real path, so a file
   * reached through a symlink and through its own path (or two links) is one source file.
   */
  canonical(file: string): string {
    const real = realPath(file);
    const first = this.byRealPath.get(real);
    if (first !== undefined) return first;
    this.byRealPath.set(real, file);
    return file;
  }

  /** The source file `specifier` names from `fromFile`, added to the project, or `undefined`. */
  resolve(fromFile: string, specifier: string): SourceFile | undefined {
    // A broken import (a file being edited, a deleted token) has no specifier text.
    if (typeof specifier !== 'string' || specifier === '') return undefined;
    const key = `${dirname(fromFile)}\0${specifier}`;
    if (this.cache.has(key)) return this.cache.get(key);
    const found = this.resolveUncached(fromFile, specifier);
    this.cache.set(key, found);
    return found;
  }

  private resolveUncached(fromFile: string, specifier: string): SourceFile | undefined {
    // `#x` is a package.json import first; tsconfig `paths` may map `#` patterns too
    const targets = specifier.startsWith('.')
      ? [resolve(dirname(fromFile), specifier)]
      : [
          ...(specifier.startsWith('#') ? this.importsTargets(dirname(fromFile), specifier) : []),
          ...this.pathsTargets(dirname(fromFile), specifier),
        ];
    for (const target of targets) {
      const probed = this.probe(target);
      if (!probed) continue;
      const file = this.canonical(probed);
      const sf = this.project.getSourceFile(file) ?? tryAddSourceFile(this.project, file);
      return 'tooDeep' in sf ? undefined : sf;
    }
    return undefined;
  }

  private probe(target: string): string | undefined {
    const ext = extname(target);
    const stem = target.slice(0, target.length - ext.length);
    const mapped: Record<string, string[]> = { '.js': ['.ts', '.tsx'], '.mjs': ['.mts'], '.jsx': ['.tsx'] };
    const candidates = [
      ...(mapped[ext] ?? []).map((e) => stem + e),
      ...(SOURCE_EXTENSIONS.includes(ext) ? [target] : []),
      ...SOURCE_EXTENSIONS.map((e) => target + e),
      ...SOURCE_EXTENSIONS.map((e) => join(target, `index${e}`)),
    ];
    return candidates.find(isFile);
  }

  private pathsTargets(dir: string, specifier: string): string[] {
    const config = this.configFor(dir);
    if (!config) return [];
    for (const [pattern, subs] of Object.entries(config.paths)) {
      const star = pattern.indexOf('*');
      let captured: string | undefined;
      if (star < 0) captured = pattern === specifier ? '' : undefined;
      else {
        const pre = pattern.slice(0, star);
        const post = pattern.slice(star + 1);
        if (specifier.startsWith(pre) && specifier.endsWith(post) && specifier.length >= pre.length + post.length)
          captured = specifier.slice(pre.length, specifier.length - post.length);
      }
      if (captured !== undefined) return subs.map((s) => resolve(config.base, s.replace('*', captured)));
    }
    return [];
  }

  /** package.json `imports` (`"#core/*": "./src/core/*.js"`, or a conditions object) of the nearest package.json holding them. */
  private importsTargets(dir: string, specifier: string): string[] {
    const pkg = this.packageImportsFor(dir);
    if (!pkg) return [];
    for (const [pattern, target] of Object.entries(pkg.imports)) {
      const star = pattern.indexOf('*');
      const captured =
        star < 0
          ? pattern === specifier
            ? ''
            : undefined
          : specifier.startsWith(pattern.slice(0, star)) && specifier.endsWith(pattern.slice(star + 1))
            ? specifier.slice(star, specifier.length - (pattern.length - star - 1))
            : undefined;
      if (captured === undefined) continue;
      const path = conditionTarget(target);
      return path ? [resolve(pkg.base, path.replaceAll('*', captured))] : [];
    }
    return [];
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

  private configFor(dir: string): PathsConfig | undefined {
    if (this.tsconfigByDir.has(dir)) return this.tsconfigByDir.get(dir);
    const candidate = join(dir, 'tsconfig.json');
    const parent = dirname(dir);
    const found = isFile(candidate) ? readPathsConfig(candidate) : parent === dir ? undefined : this.configFor(parent);
    this.tsconfigByDir.set(dir, found);
    return found;
  }
}
