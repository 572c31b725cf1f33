import type { Project, SourceFile } from './ts-morph.cjs';

/** Bracket depth past which a file is reported as nested too deeply (TypeScript's recursive parser overflows its stack well past this). */
const REPORTED_DEPTH = 500;

/** Where `text` first nests `(`, `[` and `{` deeper than {@link REPORTED_DEPTH} (1-based line, column in UTF-16 code units), else 1:1. */
function deepestPlace(text: string): { line: number; column: number } {
  let depth = 0;
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      line++;
      lineStart = i + 1;
    } else if (c === 40 || c === 91 || c === 123) {
      if (++depth > REPORTED_DEPTH) return { line, column: i - lineStart + 1 };
    } else if (c === 41 || c === 93 || c === 125) depth = Math.max(0, depth - 1);
  }
  return { line: 1, column: 1 };
}

/** Where a file's nesting defeated the parser: 1-based line, column in UTF-16 code units. */
export interface TooDeep {
  tooDeep: { line: number; column: number };
}

/**
 * Adds the file at `path` to `project`, or, for a file nested so deeply that TypeScript's
 * recursive parser overflows the call stack, returns where the nesting went too deep and adds
 * nothing (found by the soak, `npm run soak -- --seed 1`, case 6: 10 000 nested brackets; the
 * toolkit threw a RangeError).
 */
export function tryAddSourceFile(project: Project, path: string): SourceFile | TooDeep {
  try {
    return project.addSourceFileAtPath(path);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    return { tooDeep: deepestPlace(project.getFileSystem().readFileSync(path)) };
  }
}
