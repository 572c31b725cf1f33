/** GitHub Actions workflow-command escaping, as `@actions/core` does it. */

/**
 * GitHub Actions workflow-command escaping, as `@actions/core` does it: a command's data
 * escapes `%`, CR and LF; a property value (`file=`, `title=`) also `:` and `,`.
 */
export const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/** A workflow command's property value, escaped (see {@link escapeData}). */
export const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
