/** What a folder already holds that scaffold must fit in with: its registry files and its import style. */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, dirname, sep } from 'node:path';

/** A TypeScript source file under the output root, as scaffold reads it before deciding anything. */
export interface SourceText {
  /** Absolute path. */
  path: string;
  text: string;
}

const SOURCE = /\.(?:ts|mts|cts|tsx)$/;
/** A registry of any shape: a `createRegistry(` call or a tier array the analysis reads. */
const REGISTRY_TEXT = /\bcreateRegistry\s*\(|\b(?:CORE|EXTENDED)_TOOLS\b/;
/** `import { defineTool } from '<module>'` (also with other names and `as` renames of others). */
const DEFINE_TOOL_IMPORT = /import\s*\{[^}]*\bdefineTool\b[^}]*\}\s*from\s*['"]([^'"]+)['"]/;

/** The TypeScript files under `root` (not `.d.ts`, not in `node_modules` or dot folders), sorted by path. */
function sourceFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.name.startsWith('.') || e.name === 'node_modules') continue;
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (e.isFile() && SOURCE.test(e.name) && !e.name.endsWith('.d.ts')) out.push(path);
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
 * How a file writes its relative imports: `'js'` (`./x.js`, what `"module": "nodenext"` needs
 * and bundlers accept), `'extensionless'` (`./x`, a bundler's style), `'ts'` (`./x.ts`, what
 * Node's type stripping and tsx run as is), or undefined when it has no relative import.
 */
export type ImportStyle = 'js' | 'extensionless' | 'ts';

/**
 * The specifier a file at `fromFile` uses to import `target` (an absolute path of a `.ts`
 * file): relative, with `/`, in the import style of the file's other imports (`'js'` when it
 * has none).
 */
export function relativeSpecifier(fromFile: string, target: string, style: ImportStyle = 'js'): string {
  const rel = relative(dirname(fromFile), target).split(sep).join('/');
  const noExt = rel.replace(/\.(?:ts|mts|cts|tsx)$/, '');
  const spec = rel.startsWith('.') ? noExt : `./${noExt}`;
  if (style === 'extensionless') return spec;
  if (style === 'ts') return rel.startsWith('.') ? rel : `./${rel}`;
  return `${spec}${rel.endsWith('.mts') ? '.mjs' : rel.endsWith('.cts') ? '.cjs' : '.js'}`;
}

/**
 * The import style of a file's relative imports ({@link ImportStyle}): `'ts'` when every one
 * ends in `.ts`/`.mts`/`.cts`/`.tsx`, `'extensionless'` when none has an extension, else `'js'`;
 * undefined when it has none.
 */
export function importStyleOf(text: string): ImportStyle | undefined {
  const specs = [...text.matchAll(/\bfrom\s*['"](\.{1,2}\/[^'"]*)['"]/g)].map((m) => m[1]!);
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
