/** The command lines a JavaScript or TypeScript file starts as a process: `execFileSync('npx', [...])`, `execSync('...')`, `execa`. */

import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTextAlone } from '../analysis/parse-depth.js';
import { ts } from '../analysis/ts-morph.cjs';
import { bare, fileValues, type FileValues, type Forwarded, listWords } from './argv-words.js';
import { shellWords } from './command-words.js';

/**
 * Functions that start a process from a command and a list of its arguments: Node's
 * `child_process` (`spawn`, `spawnSync`, `execFile`, `execFileSync`, `fork`, which runs a module
 * with Node) and execa's `execa`, `execaSync`, `execaNode`; called by name or as a method
 * (`cp.spawn`, `require('node:child_process').execFileSync`).
 */
const ARGV_CALLS = new Set(['spawn', 'spawnSync', 'execFile', 'execFileSync', 'fork', 'execa', 'execaSync', 'execaNode']);

/** Functions that run one command line through a shell, or split it as a shell does: `exec`, `execSync`, `execaCommand`(`Sync`). */
const LINE_CALLS = new Set(['exec', 'execSync', 'execaCommand', 'execaCommandSync']);

/** Text that a file must hold for {@link spawnedCommands} to parse it: the name of one of those functions, or `promisify(`. */
const MAY_SPAWN = /\b(?:spawn|spawnSync|execFile|execFileSync|fork|execa\w*|exec|execSync|promisify)\s*[(<]/;

/** Text that a file, or a literal of it, must hold to be read for command lines written as literals (see {@link spawnedCommands}). */
const MAY_GRANT = /--approve|--yes\b/;

/**
 * The first character of a word that stands for one argument whose value the file does not show
 * (`id` in `['--id', id]`), followed by that argument's index in `opaque`: no shell writes it, so
 * it is told from every written word, and it matches no `--approve`, `--yes` nor variable.
 */
export const OPAQUE = '\u0000';

/** The name `e` calls a function by: `exec`, `cp.exec`; `undefined` for any other callee. */
const nameOf = (e: ts.Expression): string | undefined => {
  const b = bare(e);
  return ts.isIdentifier(b) ? b.text : ts.isPropertyAccessExpression(b) ? b.name.text : undefined;
};

/**
 * Which function of {@link ARGV_CALLS} or {@link LINE_CALLS} the callee `e` starts a process with, read with `v`: one
 * called by name or as a method, or a `const` of the file holding its promise form (`const sh = promisify(exec)`,
 * `util.promisify(cp.execFile)`), which takes the same arguments; `undefined` for any other callee.
 */
function startsWith(e: ts.Expression, v: FileValues, depth = 0): string | undefined {
  const name = nameOf(e);
  if (name !== undefined && (ARGV_CALLS.has(name) || LINE_CALLS.has(name))) return name;
  const held = ts.isIdentifier(bare(e)) ? v.resolved(e) : undefined;
  const wrapped = held && ts.isCallExpression(held) && nameOf(held.expression) === 'promisify' ? held.arguments[0] : undefined;
  return wrapped && depth < 3 ? startsWith(wrapped, v, depth + 1) : undefined;
}

/** Whether `e` is the folder of the file it is written in: `__dirname`, `import.meta.dirname`. */
const isOwnFolder = (e: ts.Expression, sf: ts.SourceFile) =>
  (ts.isIdentifier(e) && e.text === '__dirname') || e.getText(sf).replace(/\s/g, '') === 'import.meta.dirname';

/** Whether `e` is `import.meta.url`. */
const isOwnUrl = (e: ts.Expression, sf: ts.SourceFile) => e.getText(sf).replace(/\s/g, '') === 'import.meta.url';

/**
 * The absolute path that the value `e` (read with `v`) of the file at the absolute `path` names, when the file shows it: a
 * `join` or `resolve` (by name or as `path.join`) of its own folder (`__dirname`, `import.meta.dirname`) and strings,
 * `fileURLToPath(new URL('./worker.js', import.meta.url))`, or that URL's `.pathname`. `undefined` for any other value, and
 * for a file with no absolute path (inline code). A process started on such a path runs a file the readers can look up.
 */
function ownFilePath(e: ts.Expression, v: FileValues, path: string): string | undefined {
  if (!isAbsolute(path)) return undefined;
  const r = bare(v.resolved(e));
  const url = (u: ts.Expression): string | undefined => {
    const n = bare(v.resolved(u));
    if (!ts.isNewExpression(n) || n.expression.getText(v.sf) !== 'URL' || n.arguments?.length !== 2 || !isOwnUrl(n.arguments[1]!, v.sf))
      return undefined;
    const relative = v.literal(n.arguments[0]!);
    return relative === undefined || /^[a-z][\w+.-]*:/i.test(relative) ? undefined : fileURLToPath(new URL(relative, `file://${path}`));
  };
  if (ts.isPropertyAccessExpression(r) && r.name.text === 'pathname') return url(r.expression);
  if (!ts.isCallExpression(r)) return undefined;
  const callee = bare(r.expression);
  const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
  if (name === 'fileURLToPath' && r.arguments.length === 1) return url(r.arguments[0]!);
  if ((name !== 'join' && name !== 'resolve') || r.arguments.length < 2 || !isOwnFolder(bare(r.arguments[0]!), v.sf)) return undefined;
  const parts = r.arguments.slice(1).map((a) => (ts.isSpreadElement(a) ? undefined : v.literal(a)));
  return parts.every((p) => p !== undefined) ? resolve(dirname(path), ...parts) : undefined;
}

/**
 * The command line that the value `e` (read with `v`) holds when it is a list joined with spaces
 * (`['npx agent-tools call', TOOLS, ...step, '--yes'].join(' ')`): the list's words (see `listWords`:
 * a `const` of the file read as its value), joined and split again as a shell splits them; an element
 * the file does not show is filled in at run time and may hold any flag: a variable word (`${id}`, a
 * template from its first `${…}`). `undefined` for any other value, and for a join with another
 * separator (with none, a list joins with commas). Spreads of exported functions' parameters go into `forwarded`.
 */
function joinedWords(e: ts.Expression, v: FileValues, forwarded: Forwarded[]): string[] | undefined {
  const r = v.resolved(e);
  if (!ts.isCallExpression(r) || !ts.isPropertyAccessExpression(r.expression) || r.expression.name.text !== 'join') return undefined;
  const separator = r.arguments.length === 1 ? v.literal(r.arguments[0]!) : undefined;
  if (separator === undefined || !/^[ \t]+$/.test(separator)) return undefined;
  const runTime = (n: ts.Node) =>
    ts.isTemplateExpression(n) ? n.getText(v.sf).slice(n.head.getText(v.sf).length - 2, -1) : `\${${n.getText(v.sf)}}`;
  const words = listWords(r.expression.expression, v, runTime, forwarded);
  return words && shellWords(words.join(' '));
}

/** One command line a file starts as a process (see {@link spawnedCommands}). */
export interface SpawnedCommand {
  /** The 1-based line and column of the call that starts it. */
  line: number;
  column: number;
  /**
   * Its words, the command first: a literal as written; an argument the file does not show as
   * {@link OPAQUE} and its index in `opaque`; a spread list it does not show (`...flags`), which
   * may hold any flag, as a variable (`${...flags}`); a template's `${…}` in a shell's command line as written.
   */
  words: string[];
  /** The source text of each argument the file does not show, by the index its word names. */
  opaque: string[];
  /** The spreads of an exported function's parameters, by the index a `FORWARDED` word names: their calls in other files tell them. */
  forwarded?: Forwarded[];
  /**
   * Set for a command line written in the file but not seen started: a string literal that holds
   * one, or an object's `script` or `command` with its `args` (pm2's `apps`), then at the literal or the `args` value.
   */
  written?: true;
}

/**
 * The command lines that the source file at `path` (its `text`) starts as a process: each call of
 * a function of {@link ARGV_CALLS} (or of its promise form, see {@link startsWith}) with its command
 * (split as a shell splits it when it holds white space, as with `shell: true`) and its list of
 * arguments, a list the file shows (an array literal or a `const` holding one, `a.concat(b)`: see
 * `listWords`); each call of one of {@link LINE_CALLS} with its one command line, split as a shell
 * splits it, or a list joined with spaces (see {@link joinedWords}). A string is read from a literal
 * or a `const` of the file holding one. A file that
 * names none of those functions, or that does not parse, starts none. In a file that holds
 * `--approve` or `--yes`, a command line written but not seen started is one too (`written`): a
 * string literal (or a template without `${…}`) holding white space and such a flag, split as a
 * shell splits it, and an object literal with a `script` or `command` string and `args` (a string
 * split so, or a list of literals) that pass one (pm2's `apps: [{ script: 'npx', args: '…' }]`).
 */
export function spawnedCommands(path: string, text: string): SpawnedCommand[] {
  const written = MAY_GRANT.test(text);
  if (!MAY_SPAWN.test(text) && !written) return [];
  const sf = parseTextAlone(path, text);
  if (!sf) return [];
  const v = fileValues(sf);
  const { resolved, literal } = v;
  const out: SpawnedCommand[] = [];
  const at = (n: ts.Node) => {
    const { line, character } = sf.getLineAndCharacterOfPosition(n.getStart(sf));
    return { line: line + 1, column: character + 1 };
  };
  // a command line written in the file, whoever runs it, when it passes --approve or --yes
  const writtenAt = (n: ts.Node, words: string[]) => {
    if (words.some((w) => w.startsWith('--approve') || w === '--yes')) out.push({ ...at(n), words, opaque: [], written: true });
  };
  const visit = (n: ts.Node): void => {
    ts.forEachChild(n, visit);
    if (written && (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) && /\s/.test(n.text) && MAY_GRANT.test(n.text))
      writtenAt(n, shellWords(n.text));
    if (written && ts.isObjectLiteralExpression(n)) {
      const value = (key: string) => {
        const p = n.properties.find((q) => ts.isPropertyAssignment(q) && q.name.getText(sf).replace(/^["']|["']$/g, '') === key);
        return p && ts.isPropertyAssignment(p) ? p.initializer : undefined;
      };
      const program = value('script') ?? value('command');
      const command = program && literal(program);
      const args = value('args') && resolved(value('args')!);
      const list = args && ts.isArrayLiteralExpression(args) ? args.elements.map((e) => literal(e)) : undefined;
      const argv =
        args && literal(args) !== undefined ? shellWords(literal(args)!) : list?.every((w) => w !== undefined) ? list : undefined;
      if (command !== undefined && args && argv) writtenAt(args, [...(/\s/.test(command) ? shellWords(command) : [command]), ...argv]);
    }
    if (!ts.isCallExpression(n)) return;
    const name = startsWith(n.expression, v);
    if (name === undefined || n.arguments.length === 0) return;
    const opaque: string[] = [];
    const forwarded: Forwarded[] = [];
    // a path the file builds from its own folder is shown: the file it names can be looked up
    const unshown = (e: ts.Node) =>
      (ts.isExpression(e) ? ownFilePath(e, v, path) : undefined) ?? `${OPAQUE}${opaque.push(e.getText(sf)) - 1}`;
    const first = resolved(n.arguments[0]!);
    let words: string[];
    if (LINE_CALLS.has(name)) {
      // a template's ${…} is left as written: the shell splits what it holds, which may be any flag
      const line = literal(first) ?? (ts.isTemplateExpression(first) ? first.getText(sf).slice(1, -1) : undefined);
      const split = line !== undefined ? shellWords(line) : joinedWords(first, v, forwarded);
      if (split === undefined) return;
      words = split;
    } else {
      const command = literal(first);
      const split = command === undefined ? joinedWords(first, v, forwarded) : /\s/.test(command) ? shellWords(command) : [command];
      words = split ?? [unshown(first)];
      words.push(...(listWords(n.arguments[1], v, unshown, forwarded) ?? []));
    }
    out.push({ ...at(n), words, opaque, ...(forwarded.length > 0 ? { forwarded } : {}) });
  };
  visit(sf);
  return out.sort((a, b) => a.line - b.line || a.column - b.column);
}
