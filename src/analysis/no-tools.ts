/** Why an analysis found no tool, in one sentence naming what was searched and what was found. */

import { readdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { sourceExtensionsText } from '../shared/source-extensions.js';
import { describeCalls } from './library-forms.js';
import type { Analysis } from './types.js';

/** Stop counting other files here: the number only says "this is not a tools folder". */
const COUNT_CAP = 1000;

/** Files under the folders among `paths` (not in `node_modules` or dot folders), up to {@link COUNT_CAP}. */
function countFiles(paths: readonly string[], cwd: string): number {
  let n = 0;
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (n >= COUNT_CAP) return;
      if (e.isDirectory() && e.name !== 'node_modules' && !e.name.startsWith('.')) walk(resolve(dir, e.name));
      else if (e.isFile()) n++;
    }
  };
  for (const p of paths) {
    const abs = resolve(cwd, p);
    try {
      if (statSync(abs).isDirectory()) walk(abs);
    } catch {
      // a glob or a missing path: nothing to count
    }
  }
  return n;
}

/**
 * Why an analysis of `paths` holds no tool, in one sentence naming what was searched and what
 * was found, for validate's `no-tools` finding and export's "nothing to export" line alike:
 * - no source file: `no tool found in notes: no .ts, .tsx, .mts, .cts, .js, .mjs or .cjs file there (2 other files)`;
 * - tool calls none of which could be read: `no tool could be read in .: 2 registerTool calls in 1 file, none readable statically`;
 * - no tool call: `no tool found in .: no defineTool, registerTool, server.tool, AI SDK tool or Mastra createTool call in 6 files`
 *   (the `callees` named after defineTool).
 */
export function noToolsReason(analysis: Analysis, paths: readonly string[], cwd: string, callees: readonly string[] = []): string {
  const where = paths.join(', ');
  const count = analysis.sourceFiles.length;
  if (count === 0) {
    const others = countFiles(paths, cwd);
    const what = others === 0 ? 'no files' : `${others >= COUNT_CAP ? `${COUNT_CAP}+` : others} other file${others === 1 ? '' : 's'}`;
    return `no tool found in ${where}: no ${sourceExtensionsText()} file there (${what})`;
  }
  const files = `${count} file${count === 1 ? '' : 's'}`;
  const seen = describeCalls(analysis.calls);
  if (seen) return `no tool could be read in ${where}: ${seen} in ${files}, none readable statically`;
  const forms = ['defineTool', ...callees, 'registerTool', 'server.tool', 'AI SDK tool', 'Mastra createTool'];
  return `no tool found in ${where}: no ${forms.slice(0, -1).join(', ')} or ${forms.at(-1)} call in ${files}`;
}
