/** Refuses to parse files nested too deeply for TypeScript's parser, and reports where instead. */

import { ts, type Project, type SourceFile } from './ts-morph.cjs';
import { scriptKindOf } from './script-kind.js';

/**
 * Bracket depth (`(`, `[`, `{` counted in the raw text) past which a file is not parsed but
 * reported as nested too deeply. TypeScript's parser and its tree walkers recurse once or more
 * per level, and where they overflow the call stack depends on the nesting kind and on how far
 * V8 has optimised them: `npm run soak -- --seed 2026` saw files of about 1 000 to 3 000 levels
 * parse in one run and overflow in the next (case 3561 overflowed in a walker after the parse
 * succeeded). The first parse in a process, before V8 optimises the parser, overflows soonest:
 * measured on Node 22.23 and 24.22, `() => (` and `f(() => ` nesting at 400 levels and object
 * literals at 500. 256 leaves room for a deeper caller (a test runner, a CLI); no hand-written
 * tool file comes near it.
 */
export const MAX_BRACKET_DEPTH = 256;

/** Where `text` first nests brackets deeper than {@link MAX_BRACKET_DEPTH} (1-based line, column in UTF-16 code units), or `undefined`. */
function tooDeepPlace(text: string): { line: number; column: number } | undefined {
  let depth = 0;
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      line++;
      lineStart = i + 1;
    } else if (c === 40 || c === 91 || c === 123) {
      if (++depth > MAX_BRACKET_DEPTH) return { line, column: i - lineStart + 1 };
    } else if (c === 41 || c === 93 || c === 125) depth = Math.max(0, depth - 1);
  }
  return undefined;
}

/** Where a file's nesting defeated the parser: 1-based line, column in UTF-16 code units. */
export interface TooDeep {
  tooDeep: { line: number; column: number };
}

/** The message of the `syntax-error` diagnostic for a file that is nested too deeply. */
export const TOO_DEEP_MESSAGE = `nested more than ${MAX_BRACKET_DEPTH} brackets deep, too deep for the TypeScript parser; tools in this file are left out`;

/**
 * Adds the file at `path` to `project`, unless it nests brackets deeper than
 * {@link MAX_BRACKET_DEPTH} or TypeScript's recursive parser overflows the call stack on it
 * (deep nesting of another kind): then returns where the nesting went too deep (1:1 when the
 * brackets do not show it) and adds nothing. Found by the soak: `--seed 1` case 6 (10 000
 * nested brackets made the toolkit throw RangeError) and `--seed 2026` (see the constant).
 */
export function tryAddSourceFile(project: Project, path: string): SourceFile | TooDeep {
  const place = tooDeepPlace(project.getFileSystem().readFileSync(path));
  if (place) return { tooDeep: place };
  try {
    return project.addSourceFileAtPath(path);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    return { tooDeep: { line: 1, column: 1 } };
  }
}

/** The files {@link parseTextAlone} parsed last, by path, with their text: readers run one after another on a file share one parse. */
const recentParses = new Map<string, { text: string; sf: ts.SourceFile | undefined }>();
/** How many parses {@link recentParses} keeps: enough for the readers of one file and a function's callers, small enough to hold. */
const RECENT_PARSES = 16;

/**
 * Parses `text` (the file at `path`) on its own, with no project, as the approval readers read a
 * file outside the analysis (an importer, a file the toolbox imports): `undefined` when it nests
 * brackets deeper than {@link MAX_BRACKET_DEPTH} or TypeScript's parser overflows the call stack
 * on it, as {@link tryAddSourceFile} refuses it (the soak's deep nesting in a file the toolbox
 * imports reached the parser here). The kind of script is read from the extension (`scriptKindOf`).
 * The same path and text parsed again soon after give the same tree (the readers only read it).
 */
export function parseTextAlone(path: string, text: string): ts.SourceFile | undefined {
  const recent = recentParses.get(path);
  if (recent?.text === text) return recent.sf;
  const sf = parseUncached(path, text);
  recentParses.delete(path);
  recentParses.set(path, { text, sf });
  if (recentParses.size > RECENT_PARSES) recentParses.delete(recentParses.keys().next().value!);
  return sf;
}

function parseUncached(path: string, text: string): ts.SourceFile | undefined {
  if (tooDeepPlace(text)) return undefined;
  try {
    return ts.createSourceFile(path, text, ts.ScriptTarget.ESNext, true, scriptKindOf(path));
  } catch (err) {
    if (err instanceof RangeError) return undefined;
    throw err;
  }
}
