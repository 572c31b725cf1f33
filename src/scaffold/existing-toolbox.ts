/** What a folder already holds that scaffold must fit in with: its registry files and its import style. */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, dirname, sep, extname } from 'node:path';
import { SOURCE_EXTENSIONS } from '../shared/source-extensions.js';

/** A source file under the output root (any of {@link SOURCE_EXTENSIONS}), as scaffold reads it before deciding anything. */
export interface SourceText {
  /** Absolute path. */
  path: string;
  text: string;
}

/** A declaration file (`.d.ts`, `.d.mts`, `.d.cts`): never a source. */
const DECLARATION = /\.d\.[cm]?ts$/;
/** A registry of any shape: a `createRegistry(` call or a tier array the analysis reads. */
const REGISTRY_TEXT = /\bcreateRegistry\s*\(|\b(?:CORE|EXTENDED)_TOOLS\b/;
/**
 * `import { defineTool } from '<module>'`, or CommonJS's `const { defineTool } = require('<module>')` (also with other names
 * and `as` renames of others).
 */
const DEFINE_TOOL_IMPORT =
  /(?:import\s*\{[^}]*\bdefineTool\b[^}]*\}\s*from\s*|\{[^}]*\bdefineTool\b[^}]*\}\s*=\s*require\s*\(\s*)['"]([^'"]+)['"]/;

/** The folders the analysis does not read (dependencies, build output), nor does scaffold. */
const SKIP_DIRS = new Set(['node_modules', 'dist']);
/** The TypeScript extension a JavaScript file beside it is compiled from: `x.js` from `x.ts`, `.mjs` from `.mts`, `.cjs` from `.cts`. */
const COMPILED_FROM: Record<string, string> = { '.js': '.ts', '.mjs': '.mts', '.cjs': '.cts' };

/**
 * The source files under `root`, by path: every kind the analysis reads, not declarations, nor files in
 * `node_modules`, `dist` or dot folders, nor a JavaScript file that is the compiled output of a TypeScript file beside it
 * (`tools.js` beside `tools.ts`), which is no second registry.
 */
function sourceFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  const out: string[] = [];
  const walk = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true });
    const names = new Set(entries.map((e) => e.name));
    for (const e of entries) {
      if (e.name.startsWith('.') || SKIP_DIRS.has(e.name)) continue;
      const path = join(dir, e.name);
      const ext = extname(e.name);
      const compiled = COMPILED_FROM[ext] !== undefined && names.has(e.name.slice(0, -ext.length) + COMPILED_FROM[ext]);
      if (e.isDirectory()) walk(path);
      else if (e.isFile() && SOURCE_EXTENSIONS.includes(ext) && !DECLARATION.test(e.name) && !compiled) out.push(path);
    }
  };
  walk(root);
  return out.sort();
}

/**
 * What a folder already holds that scaffold must fit in with: the files that hold a registry
 * (a `createRegistry(` call or a `CORE_TOOLS`/`EXTENDED_TOOLS` array), and the module its
 * tools import `defineTool` from (the first such import, in path order).
 */
export interface ExistingToolbox {
  registryFiles: SourceText[];
  /** The specifier as written, and the file that writes it (to re-resolve a relative one). */
  defineToolFrom?: { specifier: string; file: string };
}

/** Reads `root` (recursively) for {@link ExistingToolbox}; a missing folder holds nothing. */
export function readExistingToolbox(root: string): ExistingToolbox {
  const found: ExistingToolbox = { registryFiles: [] };
  for (const path of sourceFiles(root)) {
    const text = readFileSync(path, 'utf8');
    if (REGISTRY_TEXT.test(text)) found.registryFiles.push({ path, text });
    const from = found.defineToolFrom ? undefined : DEFINE_TOOL_IMPORT.exec(text)?.[1];
    if (from) found.defineToolFrom = { specifier: from, file: path };
  }
  return found;
}

/**
 * The kind of file scaffold writes a tool as, beside a registry: TypeScript (`.ts`, for a registry in any TypeScript file), or
 * JavaScript of the registry's module kind, since a `.js` registry cannot load a `.ts` tool without a TypeScript loader:
 * `.mjs` and an ES-module `.js` get an ES module of that extension, `.cjs` and a CommonJS `.js` get CommonJS
 * (`require` and `module.exports`).
 */
export interface ToolFileKind {
  /** The new tool file's extension (its test's is `.test` before it). */
  ext: '.ts' | '.js' | '.mjs' | '.cjs';
  /** Whether the tool file is CommonJS: `require` and `module.exports`, not `import` and `export`. */
  commonJs: boolean;
}

/** A statement of ES module syntax: `import x`, `import {`, `import *`, `import '...'`, `export ...` (not `import(`). */
const ESM_SYNTAX = /^[ \t]*(?:import[ \t]*[\w{*'"]|export[ \t{*])/m;
/** CommonJS's words: `require(`, `module.exports`, `exports.x`. */
const COMMONJS_SYNTAX = /\brequire\s*\(|\bmodule\.exports\b|\bexports\.[A-Za-z_$]/;

/** The `"type"` of the `package.json` nearest to `dir` (upwards), as Node reads it for a `.js` file: `module`, else `commonjs`. */
function packageType(dir: string): 'module' | 'commonjs' {
  for (let at = dir; ; at = dirname(at)) {
    const pkg = join(at, 'package.json');
    if (existsSync(pkg)) {
      try {
        return (JSON.parse(readFileSync(pkg, 'utf8')) as { type?: unknown }).type === 'module' ? 'module' : 'commonjs';
      } catch {
        return 'commonjs';
      }
    }
    if (dirname(at) === at) return 'commonjs';
  }
}

/**
 * The {@link ToolFileKind} of a registry file: `.ts` for TypeScript; for JavaScript its own extension, CommonJS for `.cjs`, an
 * ES module for `.mjs`, and for `.js` what its syntax says (`import`/`export` statements, else `require`/`module.exports`),
 * else its package's `"type"`, as Node decides.
 */
export function toolFileKindOf(file: SourceText): ToolFileKind {
  const ext = extname(file.path);
  if (ext === '.mjs') return { ext, commonJs: false };
  if (ext === '.cjs') return { ext, commonJs: true };
  if (ext !== '.js') return { ext: '.ts', commonJs: false };
  if (ESM_SYNTAX.test(file.text)) return { ext, commonJs: false };
  if (COMMONJS_SYNTAX.test(file.text)) return { ext, commonJs: true };
  return { ext, commonJs: packageType(dirname(file.path)) === 'commonjs' };
}

/**
 * How a file writes its relative imports: `'js'` (`./x.js`, what `"module": "nodenext"` needs
 * and bundlers accept), `'extensionless'` (`./x`, a bundler's style), `'ts'` (`./x.ts`, what
 * Node's type stripping and tsx run as is), or undefined when it has no relative import.
 */
export type ImportStyle = 'js' | 'extensionless' | 'ts';

/**
 * The specifier a file at `fromFile` uses to import `target` (an absolute path of a source
 * file): relative, with `/`, in the import style of the file's other imports (`'js'` when it
 * has none). A JavaScript target keeps its own extension (what Node needs to load it), left
 * out only for a `.js` target in the `'extensionless'` style.
 */
export function relativeSpecifier(fromFile: string, target: string, style: ImportStyle = 'js'): string {
  const rel = relative(dirname(fromFile), target).split(sep).join('/');
  if (/\.[cm]?js$/.test(rel)) {
    const spec = rel.startsWith('.') ? rel : `./${rel}`;
    return style === 'extensionless' && spec.endsWith('.js') ? spec.slice(0, -3) : spec;
  }
  const noExt = rel.replace(/\.(?:ts|mts|cts|tsx)$/, '');
  const spec = rel.startsWith('.') ? noExt : `./${noExt}`;
  if (style === 'extensionless') return spec;
  if (style === 'ts') return rel.startsWith('.') ? rel : `./${rel}`;
  return `${spec}${rel.endsWith('.mts') ? '.mjs' : rel.endsWith('.cts') ? '.cjs' : '.js'}`;
}

/**
 * The import style of a file's relative imports and requires ({@link ImportStyle}): `'ts'` when every one
 * ends in `.ts`/`.mts`/`.cts`/`.tsx`, `'extensionless'` when none has an extension, else `'js'`;
 * undefined when it has none.
 */
export function importStyleOf(text: string): ImportStyle | undefined {
  const specs = [...text.matchAll(/(?:\bfrom\s*|\brequire\s*\(\s*)['"](\.{1,2}\/[^'"]*)['"]/g)].map((m) => m[1]!);
  if (specs.length === 0) return undefined;
  if (specs.every((s) => /\.(?:ts|mts|cts|tsx)$/.test(s))) return 'ts';
  if (specs.every((s) => !/\.[cm]?[jt]sx?$/.test(s))) return 'extensionless';
  return 'js';
}

/**
 * The `tsconfig.json` that governs a folder: the first one found from `dir` upwards, stopping
 * at the folder that holds the nearest `package.json` (the project root) or at the file
 * system's root. Undefined when the project has none: it runs its TypeScript as is (Node's
 * type stripping, tsx), and plain `node` does not map the `./x.js` specifiers scaffold writes
 * to `x.ts`.
 */
export function findTsconfig(dir: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    const tsconfig = join(at, 'tsconfig.json');
    if (existsSync(tsconfig)) return tsconfig;
    if (existsSync(join(at, 'package.json')) || dirname(at) === at) return undefined;
  }
}
