/** Reads an Agent Skills folder or `SKILL.md` (YAML front matter as people write it) as a prompt skill. */

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseDocument, type YAMLError } from 'yaml';
import { decodeUtf8, NotUtf8Error } from '../../util/utf8-text.js';
import type { SkillProblem } from './json-schema-params.js';
import { parseSkillFile } from './external-skill.js';
import { isPlainObject } from '../../util/is-plain-object.js';

/** Most files of an Agent Skills folder listed in the content; the rest are counted. */
const MAX_LISTED_FILES = 100;

function listFiles(dir: string, root: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name.startsWith('.')) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) listFiles(full, root, out);
    else if (entry.isFile() && !(dir === root && entry.name === 'SKILL.md')) out.push(relative(root, full).split('\\').join('/'));
  }
}

/**
 * Reads trigger words from a description: the text after `Triggers:` (or `Trigger words:`),
 * or after the Chinese `触发词：`, up to the end of that line, split on `,`, `，`, `/`, `、`,
 * `;` or `；`; surrounding quotes and a final `.`/`。` are dropped. Empty when there is none.
 */
export function triggersFromDescription(description: string): string[] {
  const m = /(?:trigger(?:s| words?)|触发词)\s*[:：]\s*([^\n]+)/i.exec(description);
  if (!m) return [];
  return m[1]!
    .replace(/[.。]\s*$/, '')
    .split(/[,，/、;；]/)
    .map((w) =>
      w
        .trim()
        .replace(/^["'“‘「]|["'”’」]$/g, '')
        .trim(),
    )
    .filter((w) => w !== '');
}

/**
 * Many SKILL.md files hold a plain `description: Does X: a, b. Triggers: a, b` line, which
 * strict YAML refuses (": " inside a plain scalar). Each top-level `key: value` line whose
 * value does not start a quoted, flow or block scalar is re-written as a quoted string of
 * exactly the text written (nested blocks such as `metadata:` stay YAML); undefined when
 * no line needed it.
 */
export function quotePlainValues(text: string): string | undefined {
  let changed = false;
  const lines = text.split(/\r?\n/).map((line) => {
    // linear in the line: a lazy value followed by [ \t]*$ took seconds on a line of 80 000 spaces
    const kv = /^([A-Za-z_][\w-]*):[ \t]+([^"'[{|>&*!%@`#\s].*)$/.exec(line);
    if (!kv) return line;
    const value = trimSpacesEnd(kv[2]!);
    if (!/: |:$/.test(value)) return line;
    changed = true;
    return `${kv[1]}: ${JSON.stringify(value)}`;
  });
  return changed ? lines.join('\n') : undefined;
}

/** `text` without trailing spaces and tabs, in one pass from the end (a regex anchored at $ retries from every space). */
function trimSpacesEnd(text: string): string {
  let end = text.length;
  while (end > 0 && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  return text.slice(0, end);
}

/** The most aliases the front matter may expand (the yaml package's default): past it, an alias bomb. */
const MAX_ALIASES = 100;

/** `offset` in `text` as 1-based line and column (in UTF-16 code units). */
function lineCol(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, col: before.at(-1)!.length + 1 };
}

/**
 * Where a YAML error in the front matter is, as `SKILL.md:line:col` (the front matter starts
 * on line 2), and why. An unclosed quote is placed at its opening quote, not at the end of
 * the input where the parser noticed it.
 */
function yamlProblem(front: string, e: YAMLError): SkillProblem {
  let at = lineCol(front, e.pos[0]);
  let message = e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  if (e.code === 'DUPLICATE_KEY') {
    const key = /^[^\n:]*/.exec(front.slice(e.pos[0]))![0].trim();
    message = `the key ${JSON.stringify(key)} is given twice (YAML keys must be unique; which one counts would be a guess)`;
  }
  if (e.code === 'MISSING_CHAR' && /quote/.test(message)) {
    let open: RegExpExecArray | undefined;
    for (const o of front.slice(0, e.pos[0]).matchAll(/^[A-Za-z_][\w-]*:[ \t]+(["'])/gm)) open = o;
    if (open) {
      at = lineCol(front, open.index + open[0].length - 1);
      message = `the ${open[1] === '"' ? 'double' : 'single'}-quoted value that starts here is never closed (a missing ${open[1]})`;
    }
  }
  return { path: `SKILL.md:${at.line + 1}:${at.col}`, message };
}

/**
 * Reads an Agent Skills folder (a `SKILL.md` with YAML front matter holding `name` and
 * `description`) as a prompt skill file, without running anything; see
 * {@link agentSkillFromText} for the rules. The other files of the folder are listed in the
 * content (for the model, never executed; at most 100 named).
 *
 * @returns the prompt skill JSON (still to be checked by `parseSkillFile`), or problems:
 *   YAML errors carry `SKILL.md:line:col`; front-matter fields are named as `$.name`.
 */
export function readAgentSkillFolder(dir: string): { ok: true; raw: Record<string, unknown> } | { ok: false; problems: SkillProblem[] } {
  const files: string[] = [];
  listFiles(dir, dir, files);
  let text: string;
  try {
    text = decodeUtf8(readFileSync(join(dir, 'SKILL.md')), 'SKILL.md');
  } catch (err) {
    if (err instanceof NotUtf8Error) return { ok: false, problems: [{ path: 'SKILL.md:1:1', message: err.message }] };
    throw err;
  }
  return agentSkillFromText(text, files);
}

/**
 * Reads the text of a `SKILL.md` (a UTF-8 BOM is dropped) as a prompt skill file:
 * - `content` is the Markdown body, followed by a list of `files` (the other files of its
 *   folder, relative paths; listed for the model, never executed; at most 100 named);
 * - front matter that strict YAML refuses only because a value holds ": " (common in
 *   descriptions) is read line by line as `key: value`;
 * - `triggers` is the front matter's `triggers` list, or else the trigger words named in
 *   the description (see {@link triggersFromDescription}).
 *
 * @returns the prompt skill JSON (still to be checked by `parseSkillFile`), or problems:
 *   YAML errors carry `SKILL.md:line:col`; front-matter fields are named as `$.name`, and with no
 *   trigger words every problem of the fields is listed (a bad name too), not only the triggers.
 */
export function agentSkillFromText(
  source: string,
  files: readonly string[] = [],
): { ok: true; raw: Record<string, unknown> } | { ok: false; problems: SkillProblem[] } {
  const text = source.replace(/^\uFEFF/, '');
  const m = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text);
  if (!m)
    return {
      ok: false,
      problems: [{ path: 'SKILL.md:1:1', message: 'expected YAML front matter between "---" lines with name and description' }],
    };
  let doc = parseDocument(m[1]!, { prettyErrors: false });
  if (doc.errors.length > 0) {
    const quoted = quotePlainValues(m[1]!);
    const retry = quoted === undefined ? undefined : parseDocument(quoted, { prettyErrors: false });
    // quoting keeps every line and each key where it was, so the retry's duplicate keys are named as written
    const dup = retry && retry.errors.length > 0 && retry.errors.every((e) => e.code === 'DUPLICATE_KEY');
    if (dup) return { ok: false, problems: retry.errors.map((e) => yamlProblem(quoted!, e)) };
    if (!retry || retry.errors.length > 0) return { ok: false, problems: doc.errors.map((e) => yamlProblem(m[1]!, e)) };
    doc = retry;
  }
  let front: unknown;
  try {
    front = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch {
    return {
      ok: false,
      problems: [
        {
          path: 'SKILL.md:2:1',
          message: `front matter aliases (*name) expand to more than ${MAX_ALIASES} copies: refused as an alias bomb`,
        },
      ],
    };
  }
  if (!isPlainObject(front))
    return { ok: false, problems: [{ path: 'SKILL.md:2:1', message: 'front matter must be a YAML mapping with name and description' }] };
  const fm = front;
  const description = typeof fm.description === 'string' ? fm.description : '';
  const triggers = Array.isArray(fm.triggers) ? fm.triggers.map(String) : triggersFromDescription(description);
  let content = text.slice(m[0].length).trim();
  if (files.length > 0) {
    const shown = files.slice(0, MAX_LISTED_FILES).map((f) => `- ${f}`);
    if (files.length > MAX_LISTED_FILES) shown.push(`- … and ${files.length - MAX_LISTED_FILES} more`);
    content += `\n\nFiles in this skill's folder (listed for reference, not executed):\n${shown.join('\n')}`;
  }
  const raw = { kind: 'prompt', name: fm.name, description, triggers, content };
  if (triggers.length === 0) return { ok: false, problems: withoutTriggers(raw) };
  return { ok: true, raw };
}

const NO_TRIGGERS: SkillProblem = {
  path: '$.triggers',
  message: 'no trigger words: add a "triggers" list to the front matter, or "Triggers: a, b" (触发词：a、b) to the description',
};

/**
 * Every problem of a SKILL.md that names no trigger words, at once: the schema's own problems
 * (a bad name, an empty description), with its `$.triggers` one said for a SKILL.md, where
 * trigger words are written (the front matter's list or the description).
 */
function withoutTriggers(raw: Record<string, unknown>): SkillProblem[] {
  const parsed = parseSkillFile(raw);
  const others = parsed.ok ? [] : parsed.problems.filter((p) => p.path !== '$.triggers');
  const at = parsed.ok ? -1 : parsed.problems.findIndex((p) => p.path === '$.triggers');
  // in the schema's order when it names $.triggers, else after the rest
  return at < 0 ? [...others, NO_TRIGGERS] : [...others.slice(0, at), NO_TRIGGERS, ...others.slice(at)];
}
