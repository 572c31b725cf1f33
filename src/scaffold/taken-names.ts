/** Refuses a new tool whose name a tool in the output folder already has, before anything is written. */

import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { kebabName } from '../core/tool-name.js';
import { toolPaths } from './render.js';
import { SpecError, type ToolSpec } from './spec.js';

/**
 * Reads the tools the output folder `out` already defines (static analysis, as `validate`
 * does; no code runs) and throws when a spec takes a name one of them has, also after mapping
 * both to command-line names (`set_font` and `set-font` are both `set-font`): validate's
 * `unique-names` rule, since a registry or an MCP server refuses two tools of one name. A tool
 * defined in the very file the spec would write is left out (that file is a conflict, which
 * `--force` replaces). A missing folder, or one without sources, defines nothing.
 *
 * @throws {SpecError} at `$[i].name` (`$.name` for one spec): the name, and where the
 *   existing tool's name is written (`file:line:col`, relative to `cwd`).
 */
export async function refuseTakenNames(specs: readonly ToolSpec[], out: string, cwd: string): Promise<void> {
  if (statSync(out, { throwIfNoEntry: false })?.isDirectory() !== true) return;
  // the analysis (and the TypeScript compiler with it) loads only for a folder that has files
  const { analyze, MissingPathError } = await import('../analysis/analyze.js');
  const analyzed = (() => {
    try {
      return analyze([out], { cwd }).tools;
    } catch (err) {
      if (err instanceof MissingPathError) return [];
      throw err;
    }
  })();
  const at = (i: number) => (specs.length > 1 ? `$[${i}]` : '$');
  specs.forEach((spec, i) => {
    const own = join(out, toolPaths(spec).file);
    const taken = analyzed.find((t) => kebabName(t.name) === kebabName(spec.name) && resolve(cwd, t.file) !== own);
    if (!taken) return;
    const where = `${taken.nameAt.file}:${taken.nameAt.line}:${taken.nameAt.column}`;
    const same = taken.name === spec.name ? '' : ` as "${taken.name}" (the same command-line name, "${kebabName(spec.name)}")`;
    throw new SpecError(
      `${at(i)}.name`,
      `tool ${JSON.stringify(spec.name)} is already defined${same} at ${where}; tool names are unique in a toolbox ` +
        '(a registry or an MCP server refuses a duplicate): give the new tool another name, or change the existing one',
    );
  });
}
