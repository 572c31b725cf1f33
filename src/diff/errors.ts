/** The error of a diff side that could not be read whole, naming the tools left out. */

import type { Diagnostic } from '../analysis/types.js';
import { ConfigError } from '../shared/errors.js';

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
      ].join('\n'),
    );
  }
}
