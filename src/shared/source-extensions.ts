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

/** A `#!` line that runs its file with a JavaScript runtime: node, tsx, ts-node, bun, deno (also through `env` or `npx`). */
const JS_SHEBANG = /^#!.*\b(?:node|nodejs|tsx|ts-node|ts-node-esm|bun|deno|esno|vite-node)(?:\s|$)/;

/**
 * Whether a file named `name` may run as JavaScript or TypeScript code, which code that grants
 * approval may hide in: one of {@link SOURCE_EXTENSIONS}, `.jsx` (tsx, Bun and Vite run it), a
 * declaration file (`.d.ts`, which tsx runs as TypeScript too), or a file with no extension whose
 * first line (`firstLine`, read only then) is a `#!` naming a JavaScript runtime
 * (`#!/usr/bin/env -S npx tsx`). Wider than what a toolbox is read from: the approval readers use it.
 */
export function mayRunAsCode(name: string, firstLine: () => string | undefined): boolean {
  if (/\.(?:[cm]?ts|tsx|[cm]?js|jsx)$/.test(name)) return true;
  if (/\.[^./]+$/.test(name.replace(/^\.+/, ''))) return false;
  const line = firstLine();
  return line !== undefined && JS_SHEBANG.test(line);
}
