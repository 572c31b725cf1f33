/** Reads and validates one skill source from disk or text: a JSON skill file, an Agent Skills folder or a `SKILL.md`. */

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { decodeUtf8, NotUtf8Error } from '../../util/utf8-text.js';
import { agentSkillFromText, readAgentSkillFolder } from './agent-skill.js';
import { parseSkillFile, type ExternalSkillFile } from './external-skill.js';
import type { SkillProblem } from './json-schema-params.js';
import { JsonInputError, parseJsonInput } from '../../util/json-input.js';

/** One skill source read from disk: the JSON stored for it, or every problem found. */
export type SkillSource =
  | { ok: true; source: string; raw: Record<string, unknown>; skill: ExternalSkillFile }
  | { ok: false; source: string; problems: SkillProblem[] };

/**
 * Reads and validates one skill source: a `.json` skill file, an Agent Skills folder
 * (holding `SKILL.md`), or a `SKILL.md` file itself. Nothing is run.
 *
 * `source` is the absolute path. A JSON syntax error is reported at `$` with the parser's
 * position. A problem with the file or folder itself has the empty path `''` (no JSON path):
 * a missing path, a folder without `SKILL.md`, a UTF-16 or UTF-32 file (named by its
 * encoding). A leading UTF-8 BOM is dropped.
 */
export function readSkillSource(path: string): SkillSource {
  const source = resolve(path);
  if (!existsSync(source)) return { ok: false, source, problems: [{ path: '', message: 'no such file or folder' }] };
  let raw: unknown;
  if (statSync(source).isDirectory() || basename(source) === 'SKILL.md') {
    const dir = statSync(source).isDirectory() ? source : dirname(source);
    if (!existsSync(join(dir, 'SKILL.md')))
      return { ok: false, source, problems: [{ path: '', message: 'a skill folder must hold a SKILL.md (Agent Skills format)' }] };
    const r = readAgentSkillFolder(dir);
    if (!r.ok) return { ok: false, source, problems: r.problems };
    raw = r.raw;
  } else {
    let text: string;
    try {
      text = decodeUtf8(readFileSync(source), 'the file');
    } catch (err) {
      if (err instanceof NotUtf8Error) return { ok: false, source, problems: [{ path: '', message: err.message }] };
      throw err;
    }
    const r = jsonSkillText(text);
    if (!r.ok) return { ok: false, source, problems: r.problems };
    raw = r.raw;
  }
  return checked(source, raw);
}

/** JSON text of a skill file (a UTF-8 BOM dropped); a syntax error is one problem at `$`. */
function jsonSkillText(text: string): { ok: true; raw: unknown } | { ok: false; problems: SkillProblem[] } {
  try {
    return { ok: true, raw: parseJsonInput(text, { uniqueKeys: true }) };
  } catch (err) {
    return {
      ok: false,
      problems: [
        {
          path: '$',
          message:
            err instanceof JsonInputError
              ? `invalid JSON at line ${err.line}, column ${err.column}: ${err.problem}`
              : `invalid JSON: ${(err as Error).message}`,
        },
      ],
    };
  }
}

function checked(source: string, raw: unknown): SkillSource {
  const parsed = parseSkillFile(raw);
  if (!parsed.ok) return { ok: false, source, problems: parsed.problems };
  return { ok: true, source, raw: raw as Record<string, unknown>, skill: parsed.skill };
}

/**
 * A skill file given as text (a file dropped on the skill console), read and validated like
 * {@link readSkillSource}: a name ending in `.md` is read as an Agent Skills `SKILL.md`,
 * anything else as a JSON skill file. `source` is `<fileName> (<origin>)`, as there is no path.
 */
export function skillSourceFromText(fileName: string, text: string, origin = 'dropped in the console'): SkillSource {
  const source = `${fileName} (${origin})`;
  const r = /\.md$/i.test(fileName) ? agentSkillFromText(text) : jsonSkillText(text);
  return r.ok ? checked(source, r.raw) : { ok: false, source, problems: r.problems };
}

/**
 * The skill sources a path given to `skill install` stands for: a `.json` file or an Agent
 * Skills folder (holding `SKILL.md`) stands for itself; any other folder for the `.json`
 * files and the `SKILL.md` folders directly inside it, sorted by name. Anything else (a
 * missing path, a folder with no skills) stands for itself, so that reading it reports why.
 */
export function expandSkillPath(path: string): string[] {
  const source = resolve(path);
  if (!existsSync(source) || !statSync(source).isDirectory() || existsSync(join(source, 'SKILL.md'))) return [path];
  const found = readdirSync(source, { withFileTypes: true })
    .filter((e) => (e.isFile() && e.name.endsWith('.json')) || (e.isDirectory() && existsSync(join(source, e.name, 'SKILL.md'))))
    .map((e) => join(path, e.name))
    .sort();
  return found.length > 0 ? found : [path];
}
