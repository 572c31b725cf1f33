/** The extensions of the source files a toolbox is read from: the one list the analysis, the messages and `--watch` share. */

/**
 * The extensions of a toolbox's source files, in the order a specifier without one is probed:
 * TypeScript (`.ts`, `.tsx`, `.mts` an ES module, `.cts` CommonJS), then JavaScript (`.js`,
 * `.mjs` an ES module, `.cjs` CommonJS). `.d.ts` files (and `.d.mts`, `.d.cts`) are declarations,
 * never sources.
 */
export const SOURCE_EXTENSIONS: readonly string[] = ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'];

/** {@link SOURCE_EXTENSIONS} as a sentence's list: `.ts, .tsx, .mts, .cts, .js, .mjs or .cjs`. */
export function sourceExtensionsText(): string {
  return `${SOURCE_EXTENSIONS.slice(0, -1).join(', ')} or ${SOURCE_EXTENSIONS.at(-1)}`;
}
