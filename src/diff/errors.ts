/** The error of a diff side that could not be read whole, naming the tools left out. */

import type { Diagnostic } from '../analysis/types.js';
import { ConfigError } from '../shared/errors.js';
import { cliCommand } from '../shared/cli-command.js';

/**
 * A hint when the same tool names are defined under two or more top-level folders (`tools/`
 * and a copy in `tools-v1/`): the paths given hold the toolbox twice, as `diff .` does in a
 * project that keeps an old copy; naming the toolbox's folder compares it alone.
 */
function copiesHint(diagnostics: readonly Diagnostic[]): string | undefined {
  const tops = [...new Set(diagnostics.filter((d) => d.code === 'duplicate-name').map((d) => d.file.split('/')[0]!))];
  if (tops.length < 2) return undefined;
  const shown = tops.map((t) => (/\.[cm]?[jt]sx?$/.test(t) ? t : `${t}/`));
  const example = tops.includes('tools') ? 'tools' : tops[0]!;
  return (
    `  hint: the paths hold tools of the same names in ${shown.join(', ')}: give the toolbox's folder as the path ` +
    `(for example \`${cliCommand(`diff ${example} --base <ref>`)}\`), not a folder holding a copy of it too`
  );
}

/**
 * One side of a diff could not be read whole: tools left out by the extraction (a value not
 * known statically, a duplicate name, an invalid definition), or no tools at all. Nothing is
 * compared then: a diff against a partial side would report the missing tools as removed or
 * added. Exit 2, like any input that cannot be used; `diagnostics` are the extraction's,
 * `file` relative to the working directory (for a git ref: as committed there).
 */
export class ExtractionError extends ConfigError {
  constructor(
    readonly side: string,
    readonly diagnostics: readonly Diagnostic[],
    problem: string,
  ) {
    super(
      [
        `${side}: ${problem}; nothing was compared`,
        ...diagnostics.map((d) => `  ${d.file}:${d.line}:${d.column} ${d.message} [${d.code}]`),
        ...[copiesHint(diagnostics)].filter((h) => h !== undefined),
      ].join('\n'),
    );
  }
}
