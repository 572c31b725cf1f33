/** Refuses a path that is not a module (a JSON export, a note, a folder, a misspelt file) where serve, call, console, export load one. */

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { ConfigError } from '../shared/errors.js';
import { nearPath } from '../core/near-path.js';

/** The extensions of the modules these commands load: JavaScript, and TypeScript compiled on the way (see `importModule`). */
const MODULE_EXTENSIONS = new Set(['.ts', '.mts', '.cts', '.tsx', '.js', '.mjs', '.cjs', '.jsx']);

/** Whether `path` names a JavaScript or TypeScript module by its extension (a declaration file, `.d.ts`, is not one). */
export function isModulePath(path: string): boolean {
  return MODULE_EXTENSIONS.has(extname(path).toLowerCase()) && !/\.d\.[cm]?ts$/i.test(path);
}

/** What `export --import` loads, for {@link checkModulePath}'s message. */
export const IMPORT_EXPECTS = 'a .ts or .js module that exports an MCP SDK McpServer or an object of AI SDK tools';

/** What serve, call and console load, for {@link checkModulePath}'s message. */
export const TOOLS_MODULE_EXPECTS = 'a .ts or .js module that exports a registry (createRegistry) or tools (defineTool)';

/**
 * Refuses `path` (as the user wrote it; `abs` resolved) before Node is asked to import it when it is no module,
 * so the user reads what was expected instead of a loader error (Node asks a JSON file for an import attribute).
 * A JSON file that is an `agent-tools export` output is named as one, with the way back to its module.
 *
 * @throws {ConfigError} naming the file, what was expected (`expects`) and, for an export, what to pass instead.
 */
export async function checkModulePath(path: string, abs: string, expects: string): Promise<void> {
  const ext = extname(abs).toLowerCase();
  if (MODULE_EXTENSIONS.has(ext)) return;
  const kind = ext === '.json' ? 'a JSON file' : ext === '' ? 'a file with no extension' : `a ${ext} file`;
  let text = '';
  try {
    text = readFileSync(abs, 'utf8');
  } catch {
    // unreadable: the message below still says what was expected
  }
  const { exportOf } = await import('../export/formats/index.js');
  const made = text === '' ? undefined : exportOf(text);
  const back = made
    ? `; it is an agent-tools export (${made.format} output${made.tools.length > 0 ? ` of ${listed(made.tools)}` : ''}): ` +
      'give the module that defines those tools instead of their export'
    : '';
  throw new ConfigError(`${path} is ${kind}, not a module: expected ${expects}${back}`);
}

/** Up to three names, then `...`. */
function listed(names: readonly string[]): string {
  return `${names.slice(0, 3).join(', ')}${names.length > 3 ? ', ...' : ''}`;
}

/**
 * Refuses the tools module path of serve, call and console before it is imported when it cannot be one: a file that is
 * not there, with the closest file of that folder (`tools module not found: tools/regisry.ts (did you mean
 * tools/registry.ts?)`, by the did-you-mean rule of flags and tool names) when it looks like a tools module, else the
 * modules of that folder that do (a helper `tools/notes.ts` is no guess for `tools/nope.ts`); a folder, with the module files in it that
 * likely export the registry or tools; else as {@link checkModulePath}.
 *
 * @param path the path as the user wrote it; `abs` resolved.
 * @throws {ConfigError} naming the path, what is wrong and what to give instead.
 */
export async function checkToolsModulePath(path: string, abs: string): Promise<void> {
  if (!existsSync(abs)) {
    // the closest name, when it looks like a tools module; else the modules of that folder that do (a helper is no guess)
    const near = nearPath(path, abs, 'files');
    const folder = dirname(abs);
    const likely =
      near === undefined
        ? []
        : isLikelyToolsModule(folder, basename(near))
          ? [near]
          : likelyToolsModules(folder).map((n) => join(dirname(path), n));
    const meant = likely.length === 0 ? '' : ` (did you mean ${orList(likely)}?)`;
    throw new ConfigError(`tools module not found: ${path}${meant}`);
  }
  if (statSync(abs).isDirectory()) {
    const likely = likelyToolsModules(abs).map((name) => join(path, name));
    throw new ConfigError(
      likely.length > 0
        ? `${path} is a folder, not a module: give the module in it that exports a registry (createRegistry) or tools (defineTool), likely ${orList(likely)}`
        : `${path} is a folder, not a module, and holds no module that exports a registry or tools at its top: expected ${TOOLS_MODULE_EXPECTS}`,
    );
  }
  await checkModulePath(path, abs, TOOLS_MODULE_EXPECTS);
}

/** A module that creates a registry or defines a tool (the names loadToolsModule finds in its exports). */
const DEFINES_TOOLS = /\b(createRegistry|defineTool)\s*\(/;

/**
 * The module files at the top of folder `abs` that likely hold the tools: named `registry` or `index`, or calling
 * `createRegistry(` or `defineTool(`; `registry.*` first, then `index.*`, then by name.
 */
function likelyToolsModules(abs: string): string[] {
  try {
    return readdirSync(abs, { withFileTypes: true })
      .filter((e) => e.isFile() && isLikelyToolsModule(abs, e.name))
      .map((e) => e.name)
      .sort((a, b) => (rank(a) < 0 ? 2 : rank(a)) - (rank(b) < 0 ? 2 : rank(b)) || a.localeCompare(b));
  } catch {
    return [];
  }
}

/** `registry.*` 0, `index.*` 1, any other name -1. */
const rank = (name: string) => ['registry', 'index'].indexOf(basename(name, extname(name)));

/**
 * Whether the file `name` of folder `abs` is a module likely to hold the tools: named `registry` or `index`, or calling
 * `createRegistry(` or `defineTool(`.
 */
function isLikelyToolsModule(abs: string, name: string): boolean {
  return isModulePath(name) && (rank(name) >= 0 || DEFINES_TOOLS.test(readText(join(abs, name))));
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** `a`, `a or b`, `a, b or c`; more than three as the first three and `...`. */
function orList(items: readonly string[]): string {
  if (items.length > 3) return `${items.slice(0, 3).join(', ')}, ...`;
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)!}` : items.join('');
}
