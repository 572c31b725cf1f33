/** Refuses a new tool whose name a tool in the output folder already has, before anything is written. */

import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { kebabName } from '../core/tool-name.js';
import { toolPaths } from './render.js';
import { SpecError, type ToolSpec } from './spec.js';

/** A spec whose tool the output folder already defines: the spec's index, the existing tool's name and where it is written. */
export interface DefinedTool {
  index: number;
  name: string;
  /** The existing tool's name as written (it differs from the spec's when only the command-line names agree). */
  existing: string;
  /** Where the existing tool's name is written: `file:line:col`, the file relative to `cwd`. */
  at: string;
  /** True when it is defined in the very file the spec would write. */
  ownFile: boolean;
}

/**
 * The specs whose tool the output folder `out` already defines (static analysis, as
 * `validate` does; no code runs): the same name, or the same name once both are command-line
 * names (`set_font` and `set-font` are both `set-font`). A missing folder, or one without
 * sources, defines nothing.
 */
export async function definedTools(specs: readonly ToolSpec[], out: string, cwd: string): Promise<DefinedTool[]> {
  if (statSync(out, { throwIfNoEntry: false })?.isDirectory() !== true) return [];
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
  return specs.flatMap((spec, index) => {
    const own = (t: { file: string }) => resolve(cwd, t.file) === join(out, toolPaths(spec).file);
    const matches = analyzed.filter((t) => kebabName(t.name) === kebabName(spec.name));
    // a definition elsewhere comes first: the spec's own file is one --force may replace, another file is not
    const taken = matches.find((t) => !own(t)) ?? matches[0];
    if (!taken) return [];
    const at = `${taken.nameAt.file}:${taken.nameAt.line}:${taken.nameAt.column}`;
    return [{ index, name: spec.name, existing: taken.name, at, ownFile: own(taken) }];
  });
}

/**
 * Throws when a spec takes a name a tool in the output folder `out` already has (see
 * {@link definedTools}): validate's `unique-names` rule, since a registry or an MCP server
 * refuses two tools of one name. A tool defined in the very file the spec would write is left
 * out (that file is a conflict, which `--force` replaces).
 *
 * @throws {SpecError} at `$[i].name` (`$.name` for one spec): the name, and where the
 *   existing tool's name is written (`file:line:col`, relative to `cwd`).
 */
export async function refuseTakenNames(specs: readonly ToolSpec[], out: string, cwd: string): Promise<void> {
  const taken = (await definedTools(specs, out, cwd)).find((d) => !d.ownFile);
  if (!taken) return;
  const path = specs.length > 1 ? `$[${taken.index}]` : '$';
  const same = taken.existing === taken.name ? '' : ` as "${taken.existing}" (the same command-line name, "${kebabName(taken.name)}")`;
  throw new SpecError(
    `${path}.name`,
    `tool ${JSON.stringify(taken.name)} is already defined${same} at ${taken.at}; tool names are unique in a toolbox ` +
      '(a registry or an MCP server refuses a duplicate): give the new tool another name, or change the existing one, ' +
      'or add --skip-existing to write only the tools not defined yet',
  );
}
