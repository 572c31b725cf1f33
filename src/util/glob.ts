/** Glob lists with .gitignore and ESLint meaning, matched by picomatch. */

import picomatch from 'picomatch';

/** One pattern of a {@link GlobList}: as written, and whether it is a `!` negation. */
interface CompiledGlob {
  pattern: string;
  negated: boolean;
  test: (path: string) => boolean;
}

/**
 * An ordered list of globs with .gitignore / ESLint meaning, matched by picomatch against
 * `/`-separated paths relative to one folder:
 * - brace sets (`*.{test,spec}.ts`), character classes (`[ab].ts`, negated `[!ab].ts` or `[^ab].ts`), `*`, `?`, `**`;
 * - a pattern without a `/` (other than a trailing one) matches a name at any depth;
 *   a leading `/` or `./` anchors it to the folder;
 * - a pattern that matches a folder matches every file under it (`gen`, `gen/`);
 * - `!pattern` re-includes what an earlier pattern excluded: the last pattern that matches
 *   a path decides (so `["**\/*.ts", "!tools/keep.ts"]` selects every .ts file but one).
 */
export interface GlobList {
  /** Whether `path` is selected (the last matching pattern is not a negation). */
  matches(path: string): boolean;
  /** The patterns, as written, that match none of `paths` (a negation counts by what it names). */
  unmatched(paths: Iterable<string>): string[];
}

/** Whether `text` holds glob syntax (`*`, `?`, `[...]`, `{a,b}`, a leading `!`), per picomatch. */
export function isGlob(text: string): boolean {
  return text.startsWith('!') || picomatch.scan(text).isGlob;
}

function compile(written: string): CompiledGlob {
  const negated = written.startsWith('!');
  let body = negated ? written.slice(1) : written;
  const dirOnly = body.endsWith('/');
  body = body.replace(/\/+$/, '');
  const anchored = body.startsWith('/') || body.startsWith('./') || body.includes('/');
  body = body.replace(/^\.?\//, '');
  // posix: `[!ab]` negates a class as in .gitignore (fnmatch) and ESLint (minimatch); without it picomatch reads `!` as a member
  const match = picomatch(anchored ? body : `**/${body}`, { dot: true, posix: true });
  // The path itself (unless the pattern names folders only) or any folder above it.
  const test = (path: string) => {
    const parts = path.replace(/^\.\//, '').split('/');
    for (let i = parts.length - (dirOnly ? 1 : 0); i >= 1; i--) if (match(parts.slice(0, i).join('/'))) return true;
    return false;
  };
  return { pattern: written, negated, test };
}

/** Compiles `patterns` (see {@link GlobList}); an empty list matches nothing. */
export function globList(patterns: readonly string[]): GlobList {
  const globs = patterns.map(compile);
  return {
    matches(path) {
      let selected = false;
      for (const g of globs) if (g.negated === selected && g.test(path)) selected = !g.negated;
      return selected;
    },
    unmatched(paths) {
      const list = [...paths];
      return globs.filter((g) => !list.some((p) => g.test(p))).map((g) => g.pattern);
    },
  };
}
