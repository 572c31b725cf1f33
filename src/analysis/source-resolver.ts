/** The one rule for finding the source file a module specifier names, as a TypeScript project would. */

import { readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import type { ts as Ts } from 'ts-morph';
import { SOURCE_EXTENSIONS } from '../shared/source-extensions.js';
import { typescript } from './typescript.js';

interface PathsConfig {
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
 * config that declares `paths`.
 */
function readPathsConfig(file: string): PathsConfig | undefined {
  const ts = typescript();
  const read = ts.readConfigFile(file, (f) => ts.sys.readFile(f));
  if (read.error || !read.config) return undefined;
  const parsed = ts.parseJsonConfigFileContent(read.config, configHost(ts), dirname(file), undefined, file);
  const options = parsed.options as Ts.CompilerOptions & { pathsBasePath?: string };
  if (!options.paths) return undefined;
  return { base: options.baseUrl ?? options.pathsBasePath ?? dirname(file), paths: options.paths };
}

/**
 * The file path a package.json `imports` target names: a string, or the first of `types`, `import`, `node`, `default` in a conditions
 * object.
 */
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
 * The one rule for finding the source file a specifier names, by syntax and the file system
 * only, as a TypeScript project would: relative specifiers, package.json `imports` (`#core/*`,
 * from the nearest package.json above the importing file that has them; for a conditions object
 * the `types`, `import`, `node` or `default` target) and tsconfig `paths` (from the nearest
 * tsconfig.json, read with TypeScript's own config parser, loaded on first need). `.js`
 * specifiers map to `.ts` sources, a specifier without an extension is probed with each of
 * {@link SOURCE_EXTENSIONS}, then as a folder's `index`. Packages are not followed. Used by the
 * static analysis and by the loader that runs a user's TypeScript modules.
 */
export class SourceResolver {
  private readonly tsconfigByDir = new Map<string, PathsConfig | undefined>();
  private readonly importsByDir = new Map<string, { base: string; imports: Record<string, unknown> } | undefined>();

  /** The path of the source file `specifier` names from `fromFile`, or `undefined`. */
  resolveFile(fromFile: string, specifier: string): string | undefined {
    // `#x` is a package.json import first; tsconfig `paths` may map `#` patterns too
    const targets = specifier.startsWith('.')
      ? [resolve(dirname(fromFile), specifier)]
      : [
          ...(specifier.startsWith('#') ? this.importsTargets(dirname(fromFile), specifier) : []),
          ...this.pathsTargets(dirname(fromFile), specifier),
        ];
    for (const target of targets) {
      const probed = this.probe(target);
      if (probed) return probed;
    }
    return undefined;
  }

  private probe(target: string): string | undefined {
    const ext = extname(target);
    const stem = target.slice(0, target.length - ext.length);
    const mapped: Record<string, string[]> = { '.js': ['.ts', '.tsx'], '.mjs': ['.mts'], '.cjs': ['.cts'], '.jsx': ['.tsx'] };
    const candidates = [
      ...(mapped[ext] ?? []).map((e) => stem + e),
      ...(SOURCE_EXTENSIONS.includes(ext) || ext === '.jsx' ? [target] : []),
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
