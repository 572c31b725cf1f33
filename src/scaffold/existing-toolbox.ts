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
 * The specifier a file at `fromFile` uses to import `target` (an absolute path of a `.ts`
 * file): relative, with `/`, ending in `.js` (what NodeNext needs and bundlers accept), or
 * without an extension when `extensionless` (the style of the file's other imports).
 */
export function relativeSpecifier(fromFile: string, target: string, extensionless = false): string {
  const rel = relative(dirname(fromFile), target).split(sep).join('/');
  const noExt = rel.replace(/\.(?:ts|mts|cts|tsx)$/, '');
  const spec = rel.startsWith('.') ? noExt : `./${noExt}`;
  return extensionless ? spec : `${spec}${rel.endsWith('.mts') ? '.mjs' : rel.endsWith('.cts') ? '.cjs' : '.js'}`;
}

/** Whether a file writes its relative imports without an extension (`from './x'`): at least one does, and none ends in `.js`. */
export function usesExtensionless(text: string): boolean {
  const specs = [...text.matchAll(/\bfrom\s*['"](\.{1,2}\/[^'"]*)['"]/g)].map((m) => m[1]!);
  return specs.length > 0 && specs.every((s) => !/\.[cm]?js$/.test(s));
}
