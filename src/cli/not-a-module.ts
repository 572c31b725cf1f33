/** Refuses a file that is not a module (a JSON export, a note) where serve, call, console and export --import load one. */

import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { ConfigError } from '../shared/errors.js';

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
