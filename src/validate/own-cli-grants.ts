/** `--yes` passed to a project's own command line, one built with toolsToCommands: `tsx cli.ts delete-note --yes` in a script. */

import { MAX_READ_BYTES } from './limits.js';
import { readFileSync, statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { importedFiles } from '../analysis/importers.js';
import { realPath } from '../analysis/project.js';
import { SourceResolver } from '../analysis/source-resolver.js';
import { ts } from '../analysis/ts-morph.cjs';
import { decodeUtf8 } from '../util/utf8-text.js';
import { isAgentTools, VARIABLE } from './loaded-code.js';

/**
 * A `--yes` (or a word filled in at run time that may pass it) given to a project file that builds
 * its command line with `toolsToCommands`, whose `--yes` approves the call of a tool that asks.
 */
export interface OwnCliGrant {
  /** The command word as written (`delete-note`, which toolsToCommands names `delete_note`'s command), or `*` when it cannot be told. */
  rule: string;
  /** The index in the words of the word that grants: the `--yes`, or the word filled in at run time. */
  at: number;
  /** The file and the words that grant, as shown: `packages/notes/cli.ts delete-note --yes` (the file relative to the root). */
  cli: string;
  /** The word filled in at run time that may pass `--yes` (`$FLAGS`), when no `--yes` is written. */
  variable?: string;
  /**
   * Set when the file is no toolsToCommands command line but passes (or imports, see {@link OwnCliFiles.argvApprover})
   * an approver that reads the command line: that approver in words. Any argument then may approve, and `rule` is `*`.
   */
  argv?: string;
}

/** What names toolsToCommands in a file's text: the call, an import of it, an alias of it. */
const MAKES_COMMANDS = /\btoolsToCommands\b/;

/** A word that names a JavaScript or TypeScript file, or a path to a file run as it is (`./cli`, `bin/notes`). */
const RUNS_FILE = /\.[cm]?[jt]sx?$|^\.{1,2}\//;

/** A shell redirection (`>`, `2>&1`, `<in.txt`), no argument of the command it follows; a bare one takes the next word. */
const REDIRECT = /^\d*(?:[<>]+|>&\d*|&>)(.*)$/;

/** Above this size (bytes) a file is not read (a bundle): it is taken to build no command line. */
const MAX_BYTES = MAX_READ_BYTES;

/**
 * Whether words of the project read by one `approvalGrants` run build a command line with
 * `toolsToCommands`: each file's answer kept by absolute path, with one resolver for its imports.
 */
export class OwnCliFiles {
  private readonly known = new Map<string, boolean>();
  private readonly resolver = new SourceResolver();
  private readonly argvKnown = new Map<string, string | undefined>();
  private readonly argvReal: ReadonlyMap<string, string>;

  /**
   * @param argvApprovers The project files (absolute paths) that pass an approver reading the command line (see
   *   `argvApproverFiles`), each with that approver in words; none by default, and then no file counts as one.
   */
  constructor(
    private readonly root: string,
    argvApprovers: ReadonlyMap<string, string> = new Map(),
  ) {
    this.argvReal = new Map([...argvApprovers].map(([path, what]) => [realPath(path), what]));
  }

  /**
   * The approver reading the command line that the project file `path` (absolute) holds, or one of the files it
   * imports by a relative path holds, at any depth (see `importedFiles`), in words; `undefined` for none or a file
   * that cannot be read. The command line that runs `path` with arguments then decides approval.
   */
  argvApprover(path: string): string | undefined {
    if (this.argvReal.size === 0) return undefined;
    if (this.argvKnown.has(path)) return this.argvKnown.get(path);
    const text = readText(path);
    const reached = text === undefined ? [] : [path, ...importedFiles([{ path, text }], this.root).map((f) => f.path)];
    const found = reached.map((p) => this.argvReal.get(realPath(p))).find((what) => what !== undefined);
    this.argvKnown.set(path, found);
    return found;
  }

  /**
   * Whether the file `path` (absolute) is a file of the project (under the root, not in
   * `node_modules`) whose text names `toolsToCommands`, or imports a file by a relative path whose
   * text does (one level: `cli.ts` importing `./commands.ts`). A file that cannot be read does not.
   */
  buildsCommands(path: string): boolean {
    const cached = this.known.get(path);
    if (cached !== undefined) return cached;
    const shown = relative(this.root, path);
    let answer = false;
    if (!shown.startsWith('..') && shown !== '' && !shown.split(sep).includes('node_modules')) {
      const text = readText(path);
      answer =
        text !== undefined &&
        (MAKES_COMMANDS.test(text) ||
          ts.preProcessFile(text, true, true).importedFiles.some((i) => {
            const target = i.fileName.startsWith('.') ? this.resolver.resolveFile(path, i.fileName) : undefined;
            return target !== undefined && MAKES_COMMANDS.test(readText(target) ?? '');
          }));
    }
    this.known.set(path, answer);
    return answer;
  }

  /**
   * The grants of the command line `words` (see `shellWords`), run in the absolute folder `folder`:
   * in each command (up to a `;`), the first word that names a file (relative to `folder`) that
   * builds its command line with `toolsToCommands` (see {@link buildsCommands}) and is not run by
   * agent-tools itself, whatever runs it (`tsx F`, `node F`, `bun run F`, `deno run -A F`, `npx tsx
   * F`, a bare `./F`), when the words after it hold `--yes` or a word filled in at run time (`$FLAGS`,
   * `"$@"`), which may pass it. The tool is the first word after the file that is not an option,
   * as written (toolsToCommands names a tool's command in kebab case, `delete-note`, with the tool's
   * own name as an alias); it cannot be told, and the grant is `*`, when there is none, when it is
   * filled in at run time, or when an option before it may take it as its value (`--tier core
   * delete-note`).
   */
  grants(words: readonly string[], folder: string): OwnCliGrant[] {
    const out: OwnCliGrant[] = [];
    for (let start = 0; start < words.length;) {
      const end = words.indexOf(';', start) < 0 ? words.length : words.indexOf(';', start);
      const grant = this.commandGrant(words, start, end, folder);
      if (grant) out.push(grant);
      start = end + 1;
    }
    return out;
  }

  /** The grant of the command `words[start..end)`, if any (see {@link grants}). */
  private commandGrant(words: readonly string[], start: number, end: number, folder: string): OwnCliGrant | undefined {
    for (let i = start; i < end; i++) {
      const word = words[i]!;
      if (isAgentTools(word)) return undefined;
      if (!RUNS_FILE.test(word) || VARIABLE.test(word)) continue;
      const file = resolve(folder, word);
      if (!this.buildsCommands(file)) {
        const argv = this.argvApprover(file);
        if (argv === undefined) continue;
        // any argument may be what the approver reads: the first one, redirections aside
        let k = i + 1;
        for (; k < end && REDIRECT.test(words[k]!); k++) if (REDIRECT.exec(words[k]!)![1] === '') k++;
        if (k >= end) return undefined;
        return { rule: '*', at: k, cli: `${relative(this.root, file).split(sep).join('/')} ${words[k]}`, argv };
      }
      // the first word that is no option is the command; an option before it may take it as a value
      let k = i + 1;
      let unsure = false;
      for (; k < end && words[k]!.startsWith('-'); k++)
        if (words[k] !== '--yes' && !words[k]!.includes('=') && k + 1 < end && !words[k + 1]!.startsWith('-')) unsure = true;
      const tool = k < end ? words[k] : undefined;
      const toolVariable = tool !== undefined && VARIABLE.test(tool);
      const yes = words.slice(i + 1, end).indexOf('--yes');
      const filled = words.slice(i + 1, end).findIndex((w) => VARIABLE.test(w));
      if (yes < 0 && filled < 0) return undefined;
      const at = i + 1 + (yes >= 0 ? yes : filled);
      const rule = tool === undefined || toolVariable || unsure ? '*' : tool;
      const shown = relative(this.root, file).split(sep).join('/');
      const toolShown = tool !== undefined && tool !== words[at] ? `${tool} ` : '';
      return { rule, at, cli: `${shown} ${toolShown}${words[at]}`, ...(yes < 0 ? { variable: words[at]! } : {}) };
    }
    return undefined;
  }
}

/** The text of the file `path`, or `undefined` when it is no file, is over {@link MAX_BYTES} or cannot be read. */
function readText(path: string): string | undefined {
  try {
    const stat = statSync(path);
    if (!stat.isFile() || stat.size > MAX_BYTES) return undefined;
    return decodeUtf8(readFileSync(path), 'the file');
  } catch {
    return undefined;
  }
}

/**
 * A grant of {@link OwnCliFiles} in words, for validate's warning and diff's detail: its `cli`
 * words marked as a toolsToCommands command line, and for a word filled in at run time
 * (`variable`) that it may pass `--yes`: `cli.ts delete-note --yes (a toolsToCommands command line)`;
 * for a file that passes an approver reading the command line (`argv`, that approver in words),
 * `agent.ts --approve (an argument of a file whose approver reads the command line: ...)`.
 */
export function ownCliWords(cli: string, variable?: string, argv?: string): string {
  if (argv !== undefined) return `${cli} (an argument of a file whose approver reads the command line: ${argv})`;
  return variable === undefined
    ? `${cli} (a toolsToCommands command line)`
    : `${cli} (a toolsToCommands command line, where ${JSON.stringify(variable)} is filled in at run time and may pass --yes)`;
}
