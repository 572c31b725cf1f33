/** The exit code of a checking command from its findings and `--max-warnings`. */

/**
 * The exit code of a checking command, from all findings (also with `--quiet`):
 * 0 when there are no errors and at most `maxWarnings` warnings (no limit when undefined);
 * 1 when there are errors or more warnings than `maxWarnings`. Exit 2 (usage, configuration,
 * internal errors) never comes from here: those are thrown as typed errors (see `./errors.ts`).
 */
export function exitCodeFor(counts: { errors: number; warnings: number }, maxWarnings?: number): 0 | 1 {
  if (counts.errors > 0) return 1;
  if (maxWarnings !== undefined && counts.warnings > maxWarnings) return 1;
  return 0;
}
