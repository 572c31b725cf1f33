/** Approval granted outside the root configuration and code: `serve --approve`, `call --yes` in project files, a subfolder's `allow`. */

import { MAX_READ_BYTES } from './limits.js';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { approvalListMatcher } from '../core/approval-match.js';
import { jsonPath } from '../core/json-path.js';
import { kebabName } from '../core/tool-name.js';
import { jsonValueAt, jsonWithoutComments, parseJsonInput } from '../util/json-input.js';
import { decodeUtf8 } from '../util/utf8-text.js';
import { isPlainObject as isObject } from '../util/is-plain-object.js';
import { readConfigFile } from '../util/config-file.js';
import { loadApprovalPolicy } from './approval-policy-file.js';
import {
  LAUNCHER,
  launchedCommands,
  lineCommandLines,
  quotedWordGroups,
  type RunAs,
  isLiteralFile,
  shellWords,
  tomlCommandLines,
} from './command-words.js';
import { yamlFileCommandLines } from './yaml-commands.js';
import { OwnCliFiles, ownCliWords } from './own-cli-grants.js';
import { inlineCode, nestedCommandLines, ptyLibrary, ptyRunnerBefore, PTY_WHY } from './nested-commands.js';
import { FORWARDED, forwardedWords } from './argv-words.js';
import { consoleApprovalAnswers, scriptApprovalAnswers, sourceApprovalAnswers } from './elicit-answers.js';
import { OPAQUE, type SpawnedCommand, spawnedCommands } from './spawn-commands.js';
import type { ts } from '../analysis/ts-morph.cjs';
import { isTestFile } from '../analysis/tool-executes.js';
import { jobTestRuns, leftAloneAsTest, runsAsCode, testFilesRunAsCode } from './test-files-run.js';
import { REWRITE_WHY, runtimeRewrites } from './runtime-rewrites.js';
import { ProjectTree, submoduleWords, unreadCodeRuns, unreadImport } from './unread-code.js';
import { committedSkillStores } from './committed-stores.js';
import { moduleLoads, packageOf } from './unread-imports.js';
import { agentToolsPaths, isAgentToolsOwnPackage, isPathsConfigFile, selfReferenceKey } from './agent-tools-shadows.js';
import {
  agentToolsFromElsewhere,
  APPROVAL_PACKAGES,
  lockedAgentToolsElsewhere,
  shadowedApprovalPackage,
  unreadDependencies,
} from './agent-tools-source.js';
import { mayRunAsCode } from '../shared/source-extensions.js';
import { firstLineOf } from '../util/first-line.js';
import {
  commandLinePreloads,
  committedAgentTools,
  isAgentTools,
  isAgentToolsPatch,
  LIFECYCLE_SCRIPTS,
  lifecycleTamper,
  nodeOptionsPreloads,
  npmrcPreloads,
  expandsAtRunTime,
  makeShells,
  npmrcShells,
  PRELOAD_WHY,
  shellWhy,
  TAMPER_WHY,
  VARIABLE,
} from './loaded-code.js';

/**
 * One grant of approval that the root configuration and the code do not show:
 *
 * - `approve`: a `serve --approve <glob>` (or `--approve=<glob>`), which adds the glob to the
 *   `allow` list of the configuration in the folder the server runs in;
 * - `yes`: a `call <module> <tool> --yes`, which approves every call of that tool that would ask
 *   (only a `deny` rule stops it); or a `--yes` passed to a project file that builds its own command
 *   line with `toolsToCommands` (`tsx cli.ts delete-note --yes`, see `OwnCliFiles`: then `cli` is set);
 * - `nested`: an `allow` entry of the configuration of a subfolder (`agent-tools.config.json` or
 *   package.json's `agentTools`), which `serve` and `call` read when started in that folder in
 *   place of the root's.
 *
 * An argument of `serve` or `call` that holds a variable counts as `--approve "*"` (`variable`),
 * and so does a command run through `xargs`, which appends the words it reads from a file or stdin.
 * A command line is read from the `scripts` of each package.json of the project, from every JSON
 * file of the project (MCP client configurations, editor tasks, Nx targets, `deno.json` tasks:
 * see `jsonCommands`) and from script files, line by line (shell
 * scripts, CI workflows, Makefiles: see `isScriptFile`); one that runs a package script (`npm run
 * NAME -- ARGS`, `pnpm`, `yarn`, `bun run`) is read as that script's text with the arguments after it.
 *
 * Code that runs before or in place of the installed agent-tools may change how it asks, for every
 * tool whatever the rules say: such a grant is `approve` of `*` with no `stops`, and `loads` (a
 * project file preloaded into Node), `shell` (the project's own shell for npm scripts) or `tamper`
 * (a changed agent-tools package) set.
 */
export interface ApprovalGrant {
  kind: 'approve' | 'yes' | 'nested';
  /**
   * The glob or name it lets run unasked: the `--approve` value, the tool `call` or a toolsToCommands
   * command line names (name or kebab-case; `*` for every tool when it cannot be told), the `allow` entry.
   */
  rule: string;
  /** The file that holds it, relative to the project root with `/` separators. */
  file: string;
  /** The JSON path of the value in `file` (`$.scripts.serve`, `$.mcpServers.tools.args[4]`, `$.approval.allow[0]`). */
  path: string;
  /** Where that value is written in `file` (1-based); 1:1 when it cannot be placed. */
  line: number;
  column: number;
  /** The folder the command runs in (the configuration's folder for `nested`), relative to the root; `.` for the root. */
  folder: string;
  /** The `deny` and `ask` rules of the configuration of `folder`, which hold against the grant (`ask` not against `yes`). */
  stops: { deny: readonly string[]; ask: readonly string[] };
  /**
   * For a command-line argument filled in at run time (`$FLAGS`, `${X}`, `$(cmd)`, `%X%`), which may
   * pass `--approve "*"` or `--yes` for any tool: that word (then `kind` is `approve`, `rule` `*`).
   * For a command run through `xargs`: the xargs words before it (`xargs -a ops/flags.txt`).
   */
  variable?: string;
  /**
   * For a `--yes` passed to a project file that builds its command line with `toolsToCommands`: that
   * file, relative to the root, and the words that grant (`packages/notes/cli.ts delete-note --yes`).
   */
  cli?: string;
  /**
   * For a grant through an approver that reads the command line (`process.argv`, see `readsCommandLine`): that
   * approver in words. With `cli`, a command line that runs its file (or one importing it) with an argument
   * (`agent.ts --approve`, see `OwnCliFiles.argvApprover`); without, code that changes the command line it
   * reads (`process.argv.push('--approve')`, see `argvChanges`). Either decides approval for every tool (`rule` `*`).
   */
  argv?: string;
  /**
   * For code of the project loaded before agent-tools (`NODE_OPTIONS=--import=./x.mjs` before a command,
   * a JSON file's `NODE_OPTIONS` key, `.npmrc`'s `node-options`, `node --import ./x.mjs agent-tools ...`):
   * how, as written (`NODE_OPTIONS --import=./x.mjs`). See `commandLinePreloads`.
   */
  loads?: string;
  /**
   * For a shell of the project that npm and pnpm run every script and `npx` command through (`.npmrc`'s
   * `script-shell`, when not a standard shell), which may change them: as written (`script-shell ./scripts/npm-shell`).
   */
  shell?: string;
  /**
   * For a `call` run under a program that gives it a pseudo-terminal and may type the answer to its
   * approval prompt (`script -c '…'`, `unbuffer`, `expect`, `tmux`; node-pty or pexpect in a file):
   * that program. Counts as the `--yes` it stands in for (`kind` `yes`).
   */
  pty?: string;
  /**
   * For an agent-tools package that may not be the one installed from npm, what changes it: a copy
   * committed under a `node_modules/agent-tools/` folder, an install lifecycle script that names it,
   * a patch of it (patch-package, pnpm's `patchedDependencies`). In words: `a patch of agent-tools applied on install`.
   */
  tamper?: string;
  /**
   * Why a `tamper` grant counts, when it is not {@link TAMPER_WHY}: project code that changes what agent-tools runs on
   * (a builtin rewritten, module hooks, code built from a string, an import that cannot be read; see `runtimeRewrites`).
   */
  why?: string;
  /**
   * For a JSON data file that holds an answer to the AI SDK's approval requests that says yes
   * (`{ "type": "tool-approval-response", "approved": true }`, in a saved conversation or a runbook of
   * default answers, or a UI message's tool part `{ "state": "approval-responded", "approval": { "approved": true } }`
   * in a saved UI conversation), which code may hand to `generateText` as the user's answer: that answer in words.
   */
  answer?: string;
  /**
   * Set for an answer to agent-tools' MCP approval question that a project file writes, accepting it with the box
   * checked (`{ action: 'accept', content: { approve: true } }` in a hand-written client or another SDK's handler).
   */
  elicit?: true;
  /**
   * For a file the readers would read but skip for its size (over {@link MAX_SCRIPT_BYTES} bytes: a file a command line
   * runs, a shell script, an MCP client's JSON configuration), which may hold any flag unseen: why, in words
   * (`a file over the 1000000-byte size cap, left unread, which may pass --approve "*"`). Counts as `--approve "*"`.
   */
  skipped?: string;
  /** The grant in words: `serve --approve "*" in package.json at $.scripts.serve`. */
  words: string;
}

/** What a package that is agent-tools' own is, in a grant's words (see `ProjectGrants.ownPackages`). */
const OWN_PACKAGE =
  "a package that is agent-tools' own (named agent-tools, its bin, no dependency on it), whose code is read as what decides approval";

/**
 * Folders never searched: git's store and installed packages. Dot folders and build output
 * (`dist/`) are searched: `serve` started there obeys a configuration or a script there the same.
 */
const SKIP_DIRS = new Set(['.git', 'node_modules']);

/** Files read line by line as shell command lines: shell and batch scripts; see {@link isScriptFile}. */
const SCRIPT_EXTENSIONS = ['.sh', '.bash', '.zsh', '.ksh', '.fish', '.ps1', '.bat', '.cmd', '.yml', '.yaml', '.groovy'];

/**
 * Files read as command lines by name: make, just, Procfile and container recipes, a Jenkins
 * pipeline, and the files a shell sources (direnv's `.envrc`, an `.env` of variables).
 */
const SCRIPT_NAMES = new Set([
  'Makefile',
  'makefile',
  'GNUmakefile',
  'Justfile',
  'justfile',
  'Procfile',
  'Dockerfile',
  'Containerfile',
  'Jenkinsfile',
  '.envrc',
  '.env',
]);

/** A Makefile's name (GNU make's too, and an included `*.mk`): its recipe lines go on over a backslash as make joins them. */
const MAKEFILE = /^(?:[Mm]akefile|GNUmakefile)$|\.mk$/;

/** Folders whose files are git hooks a tool runs as shell scripts, shebang or not (husky 9 writes none). */
const HOOK_FOLDERS = ['.husky', '.githooks'];

/** Above this size (bytes) a script file is not read (a generated or vendored file): one that may run is reported as unread. */
const MAX_SCRIPT_BYTES = MAX_READ_BYTES;

/** Why a file over {@link MAX_SCRIPT_BYTES} that may run or configure a run counts for every tool, in words. */
export const SKIPPED_WHY = `a file over the ${MAX_SCRIPT_BYTES}-byte size cap, left unread, which may pass --approve "*"`;

/** A JSON file named as an MCP client's configuration (`.mcp.json`, `.cursor/mcp.json`, `claude_desktop_config.json`). */
const MCP_CONFIG = /mcp|claude_desktop_config/i;

/**
 * Whether the file `name` in `dir` holds command lines that may start agent-tools: a shell,
 * PowerShell or batch script (`*.sh`, `*.ps1`, `*.cmd`, ...), a YAML file (a CI workflow, a
 * compose file's `command:`), a Makefile, Justfile, Procfile, Dockerfile or Jenkinsfile (or a
 * `*.groovy` pipeline), a shell's `.envrc` or `.env`, a git hook under `.husky/` or `.githooks/`,
 * or a file with no extension that starts with `#!` (an executable script).
 */
function isScriptFile(dir: string, name: string): boolean {
  if (SCRIPT_EXTENSIONS.some((ext) => name.endsWith(ext)) || SCRIPT_NAMES.has(name) || name.startsWith('Dockerfile.')) return true;
  if (name.includes('.')) return false;
  if (HOOK_FOLDERS.includes(basename(dir)) || HOOK_FOLDERS.includes(basename(dirname(dir)))) return true;
  try {
    return readFileSync(join(dir, name)).subarray(0, 2).toString('latin1') === '#!';
  } catch {
    return false;
  }
}

/** A CI pipeline of YAML, whose steps run in a checkout: GitHub, GitLab, CircleCI, Azure, Bitbucket, Buildkite, Travis. */
const CI_YAML = new RegExp(
  String.raw`(?:^|/)(?:\.github/workflows/[^/]+|\.gitlab-ci|\.circleci/config|azure-pipelines|bitbucket-pipelines|` +
    String.raw`\.buildkite/[^/]+|\.travis)\.ya?ml$`,
);

/**
 * Whether the script file `file` (see {@link isScriptFile}; its path relative to the root, `/` separated) runs its command
 * lines in a checkout of the repository, where a path names a file of it: a shell script, a Makefile or a CI pipeline; not a
 * container's recipe or service (a Dockerfile, a compose or Kubernetes file), whose paths are the image's.
 */
const runsInCheckout = (file: string) =>
  !/(?:^|\/)(?:Dockerfile|Containerfile)(?:\.[^/]*)?$|\.(?:dockerfile|groovy)$/i.test(file) &&
  (!/\.ya?ml$/.test(file) || CI_YAML.test(file));

/** The folder of the package.json nearest above `folder` (where npm, and a script it runs, start), up to `root`; else `root`. */
function packageFolder(folder: string, root: string): string {
  for (let dir = folder; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dir === root || dirname(dir) === dir || relative(root, dir).startsWith('..')) return root;
  }
}

/** Lock files, which package managers write: `package-lock.json`, `npm-shrinkwrap.json`, `*.lock.json`. */
const LOCK_FILE = /(?:^|[-.])lock\.jsonc?$|^npm-shrinkwrap\.json$/;

/** Lock files (`yarn.lock`, `Cargo.lock`, `bun.lockb`, `*-lock.yaml`) and documentation (Markdown, reST, AsciiDoc): no command lines. */
const NOT_COMMANDS = /(?:^|[-.])lock(?:\.\w+|b)?$|^npm-shrinkwrap\.json$|\.(?:md|mdx|markdown|rst|adoc)$/i;

/** How much of a file is looked at for a NUL byte, which marks it binary (as git tells one). */
const BINARY_PROBE = 8192;

/** Whether the file `name` is read as JSON for command lines (see `jsonCommands`): `*.json` and `*.jsonc`, lock files aside. */
const isJsonFile = (name: string) => /\.jsonc?$/.test(name) && !LOCK_FILE.test(name);

/** Text that may hold a command line that starts agent-tools: the name, a package manager's or `node --run`, a launcher's extension. */
const MAY_RUN = /agent-tools|npm|pnpm|yarn|bun|--run\b|\.[cm]?[jt]sx?\b|\.py\b/;

/**
 * The folder a command line of a JSON file in `dir` runs in: `dir`, or for a dot folder with no
 * package.json nor agent-tools.config.json (an editor's or MCP client's settings folder:
 * `.vscode/tasks.json`, `.cursor/mcp.json`, `.zed/settings.json`) the folder that holds it, the
 * one the editor opened.
 */
function jsonFolder(dir: string, root: string): string {
  const own = ['package.json', 'agent-tools.config.json'].some((name) => existsSync(join(dir, name)));
  return dir !== root && basename(dir).startsWith('.') && !own ? dirname(dir) : dir;
}

/** Above this many folders the project is not searched further (a monorepo's root with vendored trees). */
const MAX_FOLDERS = 5000;

/**
 * The folders of the project under `root` (absolute paths), `root` first, breadth first in name
 * order; `.git`, `node_modules`, symbolic links and those `ignored` names (relative to
 * `root`) left out, at most 5000. Where diff and validate look for configurations and scripts.
 */
export function projectFolders(root: string, ignored?: (file: string) => boolean): string[] {
  const out: string[] = [];
  const dirs = [root];
  for (let dir = dirs.shift(); dir !== undefined && out.length < MAX_FOLDERS; dir = dirs.shift()) {
    out.push(dir);
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)))
      if (e.isDirectory() && !SKIP_DIRS.has(e.name)) {
        const path = join(dir, e.name);
        if (!ignored?.(shownPath(root, path))) dirs.push(path);
      }
  }
  return out;
}

/** Whether the symbolic link at `path` leads to a file (not a folder, not a missing target). */
function linksToFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** `path` relative to `root` with `/` separators, `.` for `root` itself: how a project file is named in messages. */
export const shownPath = (root: string, path: string) => relative(root, path).split(sep).join('/') || '.';

/**
 * The approval grants of the agent-tools commands in `words` (see {@link shellWords}): the values
 * of each `serve --approve`, and the tool of each `call <module> <tool> … --yes`. Options before
 * the command (`--debug`) are passed over; a command ends at `;`.
 */
export function commandLineGrants(words: readonly string[]): { kind: 'approve' | 'yes'; rule: string; variable?: string }[] {
  return grantsAt(words).map(({ kind, rule, variable }) => ({ kind, rule, ...(variable !== undefined ? { variable } : {}) }));
}

/**
 * {@link commandLineGrants}, each with `at`: the index in `words` of the word that grants (the
 * `--approve` value, the `--yes`). An argument of `serve` or `call` (or an `--approve` value) that
 * holds a variable may pass `--approve` or `--yes` for any tool: it is a grant of `*`, with
 * `variable` set to that word, and so does one the shell may expand into any flag (see `expandsAtRunTime`: `{--yes,}`,
 * `--ye[s]`). So is a `serve` or `call` (or agent-tools with no command yet) that
 * `xargs` runs (see `xargsBefore`), at the `xargs`, with `variable` set to its words. A command
 * held in a variable and run with `serve` or `call` after it (`$AT call ...`) counts as agent-tools. A variable where the
 * command goes (`agent-tools "${args[@]}"`, `agent-tools $CMD`) may name any command with any flag: a grant of `*` too.
 * `call`'s `-y` is no `--yes`: `call` has no such option and refuses it. A `call <module> <tool>`
 * run under a pseudo-terminal program (`pty`, the one `words` runs under, or one before it in its
 * command: see `ptyRunnerBefore`), which may type the yes to its prompt, is a `--yes` for that tool, with `pty` set.
 */
function grantsAt(
  words: readonly string[],
  pty?: string,
): { kind: 'approve' | 'yes'; rule: string; at: number; variable?: string; pty?: string }[] {
  const out: { kind: 'approve' | 'yes'; rule: string; at: number; variable?: string; pty?: string }[] = [];
  for (let i = 0; i < words.length; i++) {
    // `$AT call ...` with `AT="npx agent-tools"`: a command held in a variable (or a spawned argument not shown), run with serve or call
    const runsHeld = VARIABLE.test(words[i]!) || words[i]!.startsWith(OPAQUE);
    const held = runsHeld && (words[i + 1] === 'serve' || words[i + 1] === 'call');
    if (!isAgentTools(words[i]!) && !held) continue;
    let j = i + 1;
    while (j < words.length && words[j]!.startsWith('-')) j++;
    const end = words.indexOf(';', j) < 0 ? words.length : words.indexOf(';', j);
    const args = words.slice(j + 1, end);
    // `agent-tools "${args[@]}"`, `agent-tools $CMD`: a variable where the command goes may name any command with any flag
    if (isAgentTools(words[i]!) && j < end && VARIABLE.test(words[j]!))
      out.push({ kind: 'approve', rule: '*', at: j, variable: words[j]! });
    const xargs = xargsBefore(words, i);
    if (xargs && (words[j] === 'serve' || words[j] === 'call' || j === end))
      out.push({ kind: 'approve', rule: '*', at: xargs.at, variable: xargs.words });
    if (words[j] === 'serve' || words[j] === 'call')
      args.forEach((a, k) => {
        // a word the shell fills in or expands (`{--yes,}`, `--ye[s]`) may be any flag; an `--approve` value is read as its glob
        const expands = expandsAtRunTime(a) && args[k - 1] !== '--approve';
        if (VARIABLE.test(a) || expands || unshownFlag(args, k, words[j] === 'call' ? 2 : 1))
          out.push({ kind: 'approve', rule: '*', at: j + 1 + k, variable: a });
        else if (words[j] !== 'serve') return;
        else if (a === '--approve' && k + 1 < args.length && !VARIABLE.test(args[k + 1]!))
          out.push({ kind: 'approve', rule: args[k + 1]!, at: j + 2 + k });
        else if (a.startsWith('--approve=')) out.push({ kind: 'approve', rule: a.slice('--approve='.length), at: j + 1 + k });
      });
    // call <module> <tool> [flags]: --yes anywhere after the tool approves that tool's call (a tool filled in at run time is a `*` above)
    const tool = args[1];
    const named = words[j] === 'call' && tool !== undefined && !tool.startsWith('-') && !VARIABLE.test(tool);
    const yes = args.indexOf('--yes', 2);
    const runner = pty ?? ptyRunnerBefore(words, i);
    if (named && yes >= 0) out.push({ kind: 'yes', rule: tool, at: j + 1 + yes });
    else if (named && runner !== undefined) out.push({ kind: 'yes', rule: tool, at: i, pty: runner });
    i = end;
  }
  return out;
}

/**
 * Whether `args[k]`, an argument of `serve` or `call` from index `from` on (past the module, and the tool of `call`), is one
 * that a source file starts the process with and does not show (an {@link OPAQUE} word: `flag` in
 * `const flag = Buffer.from(...).toString()`) where an option goes, which may be any flag, as a shell's `$FLAG` may:
 * not one that follows an option, which is that option's value (`id` in `['--id', id]`).
 */
function unshownFlag(args: readonly string[], k: number, from: number): boolean {
  const before = args[k - 1];
  const word = args[k]!;
  return (
    k >= from && word.startsWith(OPAQUE) && /^\d+$/.test(word.slice(OPAQUE.length)) && !(before !== undefined && /^-[^=]*$/.test(before))
  );
}

/** xargs options that take the next word as their value when it is not attached (`-a FILE`, `--arg-file FILE`). */
const XARGS_VALUED = new Set([
  '-a',
  '-d',
  '-E',
  '-I',
  '-L',
  '-n',
  '-P',
  '-s',
  '--arg-file',
  '--delimiter',
  '--max-args',
  '--max-chars',
  '--max-lines',
  '--max-procs',
  '--process-slot-var',
]);

/**
 * Where the command that starts at `words[i]` is run by `xargs` (`xargs -a ops/flags.txt npx
 * agent-tools serve ...`, `... | xargs npx agent-tools serve`), which appends the words it reads
 * from a file or stdin, any flag among them: the index of that `xargs` (a path to it too) in the
 * same command, and its words up to the command it runs (`xargs -a ops/flags.txt`).
 */
function xargsBefore(words: readonly string[], i: number): { at: number; words: string } | undefined {
  let at = i - 1;
  while (at >= 0 && words[at] !== ';' && !/(?:^|\/)xargs$/.test(words[at]!)) at--;
  if (at < 0 || words[at] === ';') return undefined;
  let k = at + 1;
  while (k < i && words[k]!.startsWith('-') && words[k] !== '--') k += XARGS_VALUED.has(words[k]!) ? 2 : 1;
  return { at, words: words.slice(at, Math.min(k, i)).join(' ') };
}

/** npm's names of `run` (its aliases `run-script`, `rum`, `urn`): each runs a package script with the arguments after `--`. */
const NPM_RUN = new Set(['run', 'run-script', 'rum', 'urn']);

/** How deep a package script that runs another is followed (`npm run a` whose `a` runs `npm run b`). */
const MAX_SCRIPT_DEPTH = 5;

/**
 * Where `words[i]` starts a run of a package script: the script's name and the index of its first
 * extra argument. Read: `npm run|run-script|rum|urn [flags] NAME [--] ARGS` (see {@link NPM_RUN}), `npm start|test|t [--] ARGS`,
 * `pnpm|yarn [run] [flags] NAME ARGS`, `bun run [flags] NAME ARGS` (a runner as a path too), `node --run NAME [--] ARGS`.
 */
function scriptRun(words: readonly string[], i: number): { name: string; args: number } | undefined {
  // Node 22's `node --run NAME -- ARGS` runs a package script with the arguments after `--`
  if (/(?:^|\/)node(?:js)?$/.test(words[i]!)) {
    let j = i + 1;
    while (j < words.length && words[j]!.startsWith('-') && words[j] !== '--run' && !words[j]!.startsWith('--run=')) j++;
    if (words[j] === '--run') return words[j + 1] === undefined || words[j + 1] === ';' ? undefined : { name: words[j + 1]!, args: j + 2 };
    return words[j]?.startsWith('--run=') ? { name: words[j]!.slice('--run='.length), args: j + 1 } : undefined;
  }
  const runner = /(?:^|\/)(npm|pnpm|yarn|bun)(?:\.c?js)?$/.exec(words[i]!)?.[1];
  if (!runner) return undefined;
  let j = i + 1;
  const flags = () => {
    while (j < words.length && words[j]!.startsWith('-') && words[j] !== '--') j++;
  };
  flags();
  const verb = words[j];
  if (verb === undefined || verb === ';') return undefined;
  if (runner === 'npm' && (verb === 'start' || verb === 'test' || verb === 't')) return { name: verb === 't' ? 'test' : verb, args: j + 1 };
  const run = verb === 'run' || (runner === 'npm' && NPM_RUN.has(verb));
  // pnpm NAME and yarn NAME run the script NAME too; npm and bun need run
  if (!run && (runner === 'npm' || runner === 'bun')) return undefined;
  if (run) {
    j++;
    flags();
  }
  const name = words[j];
  return name === undefined || name === ';' || name === '--' ? undefined : { name, args: j + 1 };
}

/** The `scripts` of the package.json nearest above `folder` (as npm finds it), up to `root`; none when there is none. */
function nearestScripts(folder: string, root: string): Record<string, unknown> | undefined {
  for (let dir = folder; ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    const pkg = existsSync(file) ? readJson(file) : undefined;
    if (pkg) return isObject(pkg.value) && isObject(pkg.value.scripts) ? pkg.value.scripts : {};
    if (dir === root || dirname(dir) === dir || relative(root, dir).startsWith('..')) return undefined;
  }
}

/**
 * `words` with each run of a package script (see {@link scriptRun}) replaced by that script's
 * words (from the package.json of `folder`, followed {@link MAX_SCRIPT_DEPTH} levels, each script
 * once) and its extra arguments after them, as the package manager appends them; each word marked
 * `own` when it is written in `words` (not in a script). A script that cannot be found runs as
 * `agent-tools serve` when its extra arguments hold `--approve` (the safe side: that is what they
 * are for). A lone `--` before the extra arguments is dropped.
 */
function expandScripts(
  words: readonly { word: string; own: boolean }[],
  folder: string,
  root: string,
  chain: readonly string[] = [],
): { word: string; own: boolean }[] {
  const out: { word: string; own: boolean }[] = [];
  const plain = words.map((w) => w.word);
  for (let i = 0; i < words.length; i++) {
    const run = scriptRun(plain, i);
    if (!run) {
      out.push(words[i]!);
      continue;
    }
    const end = plain.indexOf(';', run.args) < 0 ? plain.length : plain.indexOf(';', run.args);
    const extra = words.slice(plain[run.args] === '--' ? run.args + 1 : run.args, end);
    const script = nearestScripts(folder, root)?.[run.name];
    let body: { word: string; own: boolean }[];
    if (typeof script === 'string' && !chain.includes(run.name) && chain.length < MAX_SCRIPT_DEPTH)
      body = expandScripts(
        shellWords(script).map((word) => ({ word, own: false })),
        folder,
        root,
        [...chain, run.name],
      );
    else if (script === undefined && extra.some((w) => w.word === '--approve' || w.word.startsWith('--approve=')))
      body = ['agent-tools', 'serve', run.name].map((word) => ({ word, own: false }));
    else body = words.slice(i, run.args).map((w) => ({ word: w.word, own: false }));
    out.push(...body, ...extra);
    i = end - 1;
  }
  return out;
}

/**
 * The grants of the command line `words` run in `folder`, with each run of a package script
 * expanded (see {@link expandScripts}): those whose granting word is written in `words`. A grant
 * written in a script is that script's own, found where the script is read. The command lines
 * written inside it (`sh -c "…"`, `script -qec '…'`: see `nestedCommandLines`) are read too, unless
 * `nested` is false (their caller reads them on its own); `pty` is the pseudo-terminal program `words` runs under.
 */
function runGrants(
  words: readonly string[],
  folder: string,
  root: string,
  cliFiles: OwnCliFiles,
  nested = true,
  pty?: string,
): CommandGrant[] {
  const lines = nested ? nestedCommandLines(words, pty) : [];
  const inner = lines.flatMap((l) => runGrants(l.words, folder, root, cliFiles, false, l.pty));
  // code given inline to an interpreter, here or in a command line inside this one (`sh -c "node -e '…'"`)
  const code = nested ? [words, ...lines.map((l) => l.words)].flatMap((w) => inlineCode(w)) : [];
  for (const c of code) inner.push(...inlineGrants(c, folder, root, cliFiles));
  const expanded = expandScripts(
    words.map((word) => ({ word, own: true })),
    folder,
    root,
  );
  const plain = expanded.map((w) => w.word);
  const all: (CommandGrant & { at: number })[] = [
    ...grantsAt(plain, pty),
    ...cliFiles.grants(plain, folder).map((g) => ({ kind: 'yes' as const, ...g })),
    ...commandLinePreloads(plain, folder, root).map((p) => ({ kind: 'approve' as const, rule: '*', ...p })),
  ];
  const own = all
    .filter((g) => expanded[g.at]!.own)
    .map(({ kind, rule, variable, cli, argv, loads, pty: runner }) => ({
      kind,
      rule,
      ...(variable !== undefined ? { variable } : {}),
      ...(cli ? { cli } : {}),
      ...(argv !== undefined ? { argv } : {}),
      ...(loads ? { loads } : {}),
      ...(runner ? { pty: runner } : {}),
    }));
  return [...own, ...inner];
}

/** The name inline JavaScript code is parsed under (TypeScript, which reads JavaScript too: `tsx -e` runs either). */
const INLINE_PATH = '[inline code].ts';

/**
 * The grants of the code `c` given inline to an interpreter on a command line run in `folder` (see `inlineCode`):
 * JavaScript's, the command lines it starts or writes, as a source file's are read (see `spawnedCommands`), an argument
 * it does not show granting every tool; another language's (`python -c`, `perl -e`), only when it names agent-tools
 * (the rest passes no flag of it), its string literals' command lines (see `quotedWordGroups`), or when those grant
 * nothing its text's words, brackets and commas taken for spaces (`exec qw(npx agent-tools …)`), as one command line.
 */
function inlineGrants(c: { js: boolean; code: string }, folder: string, root: string, cliFiles: OwnCliFiles): CommandGrant[] {
  if (c.js)
    return spawnedCommands(INLINE_PATH, c.code).flatMap((s) =>
      runGrants(s.words, folder, root, cliFiles).map((g) => shownGrant(g, s.opaque)),
    );
  if (!c.code.includes('agent-tools')) return [];
  const quoted = quotedWordGroups(c.code).flatMap((g) => runGrants(g.words, folder, root, cliFiles));
  return quoted.length > 0 ? quoted : runGrants(shellWords(c.code.replace(/[()[\]{},]/g, ' ')), folder, root, cliFiles);
}

/** A grant of a command line, as {@link runGrants} gives it: the fields of an {@link ApprovalGrant} that the words tell. */
type CommandGrant = Pick<ApprovalGrant, 'rule' | 'variable' | 'cli' | 'argv' | 'loads' | 'shell' | 'pty' | 'skipped'> & {
  kind: 'approve' | 'yes';
};

/** The text of the file `file`, or `undefined` when it is over {@link MAX_SCRIPT_BYTES} (generated or vendored) or cannot be read. */
function smallText(file: string): string | undefined {
  try {
    const bytes = readFileSync(file);
    return bytes.length > MAX_SCRIPT_BYTES ? undefined : decodeUtf8(bytes, 'the file');
  } catch {
    return undefined;
  }
}

/** Whether the file `file` is over {@link MAX_SCRIPT_BYTES} bytes (a regular file). */
function tooBig(file: string): boolean {
  try {
    const stat = statSync(file);
    return stat.isFile() && stat.size > MAX_SCRIPT_BYTES;
  } catch {
    return false;
  }
}

/** Whether the file `file` may run as JavaScript or TypeScript code (see `mayRunAsCode`: also `.jsx`, `.d.ts`, a `#!` script). */
const isSourceFile = (file: string) => mayRunAsCode(basename(file), () => firstLineOf(file));

/**
 * The grant `g` of a command line a source file starts (see `spawnedCommands`), with each argument
 * the file does not show (an {@link OPAQUE} word, its text in `opaque`) written as in the file: one
 * that is the tool `call` or a toolsToCommands command line names, or the value of `--approve`, may
 * be any, and the grant is one of every tool (`*`), filled in at run time by that argument.
 */
function shownGrant(g: CommandGrant, opaque: readonly string[]): CommandGrant {
  const shown = (word: string) => word.replace(new RegExp(`${OPAQUE}(\\d+)`, 'g'), (_, k: string) => opaque[Number(k)] ?? '');
  if (!g.rule.startsWith(OPAQUE)) return { ...g, ...(g.variable !== undefined ? { variable: shown(g.variable) } : {}) };
  if (g.cli !== undefined) return { ...g, rule: '*', cli: shown(g.cli) };
  return { kind: 'approve', rule: '*', variable: shown(g.rule) };
}

/**
 * The words of the command line `c` that the source file `file` starts, with each spread of an
 * exported function's parameter (a `FORWARDED` word) replaced by the words the calls of that
 * function in the other project files `sources` pass it (test files are not among them: a test
 * passes its own flags on purpose); by a variable word, which may pass any flag, when one of them
 * cannot be read (see `forwardedWords`). Each argument those calls do not show is added to `c.opaque`.
 */
function withForwarded(c: SpawnedCommand, file: string, sources: readonly { file: string }[]): string[] {
  if (!c.forwarded) return c.words;
  const unshown = (e: ts.Node) => `${OPAQUE}${c.opaque.push(e.getText()) - 1}`;
  return c.words.flatMap((w) => {
    if (!w.startsWith(FORWARDED)) return [w];
    const f = c.forwarded![Number(w.slice(FORWARDED.length))]!;
    const words: string[] = [];
    for (const s of sources) {
      if (s.file === file) continue;
      const text = smallText(s.file);
      const found = text === undefined ? [] : forwardedWords(s.file, text, f, unshown);
      if (found === undefined) return [`\${${f.text}}`];
      words.push(...found);
    }
    return words;
  });
}

/** What an MCP client's answer to the approval question that says yes is, in words (see `sourceApprovalAnswers`). */
const CLIENT_ANSWER = "an answer to agent-tools' MCP approval question that accepts it with approve: true or content built in code";

/** What a project file's answer to the console's Approve dialog is, in words (see `consoleApprovalAnswers`). */
export const CONSOLE_ANSWER =
  'an answer to the Approve dialog of the console of agent-tools posted by code (approval: "approved" to /api/tools/run)';

/** The `type` of the AI SDK's answer to an approval request, as a message part (`ToolApprovalResponse`). */
const APPROVAL_RESPONSE = 'tool-approval-response';

/** The `state` of a UI message's tool part that holds the answer to its approval request (`approval: { approved }`). */
const UI_RESPONDED = 'approval-responded';

/** Whether a file's `text` may hold an answer to an AI SDK approval request (a cheap test before parsing it). */
const mayAnswer = (text: string) => text.includes(APPROVAL_RESPONSE) || text.includes(UI_RESPONDED);

/**
 * The JSON path of each object in `value` that answers an AI SDK approval request yes, into `out`: a model message part
 * `{ type: 'tool-approval-response', approved: true }`, or a UI message's tool part
 * `{ state: 'approval-responded', approval: { approved: true } }`, which `convertToModelMessages` turns into one.
 */
function yesAnswers(value: unknown, path: (string | number)[], out: (string | number)[][]): void {
  if (Array.isArray(value)) value.forEach((v, i) => yesAnswers(v, [...path, i], out));
  else if (isObject(value)) {
    if (value.type === APPROVAL_RESPONSE && value.approved === true) out.push(path);
    else if (value.state === UI_RESPONDED && isObject(value.approval) && value.approval.approved === true) out.push(path);
    for (const [k, v] of Object.entries(value)) yesAnswers(v, [...path, k], out);
  }
}

/** Every string value of a key `NODE_OPTIONS` in the JSON `value` (an MCP server's or a task's `env`), with its JSON path, into `out`. */
function nodeOptionsValues(value: unknown, path: (string | number)[], out: { value: string; path: (string | number)[] }[]): void {
  if (Array.isArray(value)) value.forEach((v, i) => nodeOptionsValues(v, [...path, i], out));
  else if (isObject(value))
    for (const [k, v] of Object.entries(value))
      if (k === 'NODE_OPTIONS' && typeof v === 'string') out.push({ value: v, path: [...path, k] });
      else nodeOptionsValues(v, [...path, k], out);
}

/** Whether the package.json of `folder` is agent-tools itself, the package that decides approval (see `isAgentToolsOwnPackage`). */
function isAgentToolsPackage(folder: string): boolean {
  return isAgentToolsOwnPackage(readJson(join(folder, 'package.json'))?.value, folder);
}

/**
 * The JSON text of `file`, parsed, or `undefined` when it cannot be read or is not JSON (a command refuses such a file).
 * With `comments` (a tsconfig), its comments and trailing commas are blanked first (see `jsonWithoutComments`).
 */
function readJson(file: string, comments = false): { text: string; value: unknown } | undefined {
  try {
    const raw = decodeUtf8(readFileSync(file), 'the file');
    const text = comments ? jsonWithoutComments(raw) : raw;
    return { text, value: parseJsonInput(text) };
  } catch {
    return undefined;
  }
}

/** The `deny` and `ask` rules of the configuration in `dir`, as `call` and `serve` read them; none when it cannot be read. */
function stopsIn(dir: string): ApprovalGrant['stops'] {
  try {
    const { policy } = loadApprovalPolicy(dir);
    return { deny: policy?.deny ?? [], ask: policy?.ask ?? [] };
  } catch {
    return { deny: [], ask: [] };
  }
}

/** A command line of a JSON file: its words, the JSON path of the value that holds it, the `cwd` its object names. */
interface JsonCommand {
  words: string[];
  path: (string | number)[];
  cwd?: string;
  /** Whether a launcher file among its words is read (see `launchedCommands`); not for a list of files (`"files": ["src/a.ts"]`). */
  launches: boolean;
  /** Set for an object's `command` and `args`, whose arguments that hold a whole command line are command lines of their own here. */
  split?: true;
}

/** The words of an object's `command`: a string split as a shell splits it, a list of strings, or Zed's `{ "path": …, "args": […] }`. */
function commandWords(command: unknown): string[] | undefined {
  if (typeof command === 'string') return shellWords(command);
  if (Array.isArray(command) && command.every((w) => typeof w === 'string')) return command;
  if (isObject(command) && typeof command.path === 'string')
    return [command.path, ...(Array.isArray(command.args) ? command.args.map((a) => (typeof a === 'string' ? a : '')) : [])];
  return undefined;
}

/** The strings of a list (`undefined` for no list), any other item as an empty word. */
const listWords = (list: unknown) => (Array.isArray(list) ? list.map((a) => (typeof a === 'string' ? a : '')) : undefined);

/**
 * The words of a VS Code launch configuration's program, before its `args`: its `runtimeExecutable` (`node` when
 * not set), `runtimeArgs` and `program` (`${workspaceFolder}/node_modules/agent-tools/bin/agent-tools.js`, which
 * runs agent-tools), as VS Code starts them; `undefined` for an object that sets neither `program` nor `runtimeExecutable`.
 */
function launchWords(value: Record<string, unknown>): string[] | undefined {
  const { program, runtimeExecutable: runtime } = value;
  if (typeof program !== 'string' && typeof runtime !== 'string') return undefined;
  return [
    typeof runtime === 'string' ? runtime : 'node',
    ...(listWords(value.runtimeArgs) ?? []),
    ...(typeof program === 'string' ? [program] : []),
  ];
}

/** Whether `words` may run a launcher file: a program and its arguments, not a list of files. */
const runsLaunchers = (words: readonly string[]) => words.length > 1 && !LAUNCHER.test(words[0]!);

/**
 * Every command line of the JSON `value` at `path` (JSON with comments read as JSON), into `out`:
 * a string that holds white space (split as a shell splits it, a script line: `deno.json`'s
 * `tasks`, Nx's `options.command`), a list of strings (its words: opencode's `command`), and an
 * object's `command` (a string, a list of strings, or `{ "path": …, "args": […] }`) followed by
 * its `args` as one (no shell between them: an MCP client's server, a VS Code task), and so a
 * VS Code launch configuration's `runtimeExecutable`, `runtimeArgs` and `program` (see `launchWords`), at the
 * `args` when there are any, else at the `command` (the `program`), with the object's `cwd`; a string among
 * those that holds a whole command line (`sh -c "…"`) is one too.
 */
function jsonCommands(value: unknown, path: (string | number)[], out: JsonCommand[]): void {
  if (typeof value === 'string') {
    if (/\s/.test(value)) {
      const words = shellWords(value);
      out.push({ words, path, launches: runsLaunchers(words) });
    }
    return;
  }
  if (Array.isArray(value)) {
    if (value.length > 1 && value.every((v) => typeof v === 'string')) out.push({ words: value, path, launches: runsLaunchers(value) });
    value.forEach((v, i) => jsonCommands(v, [...path, i], out));
    return;
  }
  if (!isObject(value)) return;
  const launch = value.command === undefined ? launchWords(value) : undefined;
  const command = launch ?? commandWords(value.command);
  const args = Array.isArray(value.args) ? value.args : [];
  const read = new Set<string>();
  if (command || args.length > 0) {
    const cwd = typeof value.cwd === 'string' ? { cwd: value.cwd } : {};
    const words = [...(command ?? ['']), ...listWords(args)!];
    const own = (list: unknown, at: (string | number)[]) => {
      if (Array.isArray(list))
        list.forEach((a, i) => {
          // an argument that is a whole command line (sh -c "…") is split as the shell splits it
          if (typeof a === 'string' && /\s/.test(a)) out.push({ words: shellWords(a), path: [...at, i], ...cwd, launches: true });
        });
    };
    if (launch) {
      for (const k of ['runtimeExecutable', 'runtimeArgs', 'program']) read.add(k);
      own(value.runtimeArgs, [...path, 'runtimeArgs']);
    } else if (command) {
      read.add('command');
      own(value.command, [...path, 'command']);
      if (isObject(value.command)) own(value.command.args, [...path, 'command', 'args']);
    }
    if (args.length > 0) {
      read.add('args');
      own(args, [...path, 'args']);
    }
    const inner = isObject(value.command) && Array.isArray(value.command.args) && value.command.args.length > 0;
    const first = launch ? (typeof value.program === 'string' ? 'program' : 'runtimeExecutable') : 'command';
    const at = args.length > 0 ? [...path, 'args'] : inner ? [...path, 'command', 'args'] : [...path, first];
    out.push({ words, path: at, ...cwd, launches: true, split: true });
  }
  for (const [k, v] of Object.entries(value)) if (!read.has(k)) jsonCommands(v, [...path, k], out);
}

/**
 * Every approval grant of the project under `root` that the root configuration and the code do not
 * show (see {@link ApprovalGrant}), in folder order: each package.json's `scripts` (the root's
 * too), the command lines of each JSON file (`*.json`, `*.jsonc` with comments; lock files and
 * files over 1 MB aside, a package.json's `scripts` read once: see `jsonCommands`), run in its
 * folder (see `jsonFolder`) or the `cwd` its object names, and the `allow` entries of each
 * subfolder's configuration, and each command line of the project's scripts (see `isScriptFile`: shell scripts, CI workflows,
 * Makefiles, ...) and `*.toml` files (Codex's `.codex/config.toml`), read as string literals (see
 * `tomlCommandLines`; a table's `command` and `args` are one command line), as Python files are;
 * any other text file (a systemd unit, a supervisord or INI file) is read line by line with each
 * line's key dropped (see `lineCommandLines`; binary files, documentation, lock files and test
 * files aside), and YAML lists of words are command lines too. In each of those
 * command lines a `--yes` passed to a project file that builds its command line with
 * `toolsToCommands` is read too (see `OwnCliFiles`). A JavaScript,
 * TypeScript or Python file that one of those command lines runs (`tsx scripts/mcp.ts`) is read so
 * too, at its line, run in the folder of the command that runs it (see `launchedCommands`); the other
 * JavaScript and TypeScript files, tests aside (but those the project runs as code: see
 * `testFilesRunAsCode`), for the processes they start and the command lines
 * they write as literals or as an object's `script` and `args` (see `spawnedCommands`). Folders
 * `.git` and `node_modules` are not searched (dot folders and `dist` are), nor those `ignored`
 * names (relative to `root`, as validate's `ignore` does). Code of the
 * project loaded before agent-tools counts for every tool (see `commandLinePreloads`: on each of
 * those command lines, a JSON file's `NODE_OPTIONS` key, an `.npmrc`'s `node-options`), and so does a
 * shell of the project an `.npmrc`'s `script-shell` runs every npm script through (see `npmrcShells`), and
 * an agent-tools package that may not be the one installed from npm: a copy git tracks under a
 * `node_modules/agent-tools/` folder or a command under a `node_modules/.bin/` one (see `committedAgentTools`),
 * an install lifecycle script that names agent-tools or runs a project file that does (see `lifecycleTamper`), a patch-package patch
 * `agent-tools+*.patch` or a `patchedDependencies` key `agent-tools@…` of a package.json. A JSON file
 * that does not parse, and a subfolder configuration a command would refuse, hold none. Reads files;
 * prints nothing.
 */
export function approvalGrants(root: string, ignored?: (file: string) => boolean): ApprovalGrant[] {
  return projectApprovalGrants(root, ignored).grants;
}

/** What {@link projectApprovalGrants} reads of a project: its approval grants, and which test files it runs as code. */
export interface ProjectGrants {
  /** See {@link approvalGrants}. */
  grants: ApprovalGrant[];
  /**
   * The test files that a command line of the project runs, or a file that is not a test imports or names (see
   * `testFilesRunAsCode`), by their path relative to the root: the approval readers read them as any other file.
   */
  testsRun: ReadonlySet<string>;
  /**
   * The files a command line of the project runs as code whose name tells no source file (absolute paths): a file
   * a runtime reads on stdin (`node --import tsx - < ops/purge.txt`) or names (`tsx ops/purge`). The approval readers
   * of code (`approvalWrites`) read them as any source file.
   */
  codeRun: readonly string[];
  /**
   * A grant of every tool per package of the project that is agent-tools' own (see `isAgentToolsOwnPackage`), whose code
   * validate reads as the code that decides approval, not as code around it: not in `grants`, so validate of agent-tools
   * itself stays quiet, but `diff` counts a project that becomes one (a renamed package with the bin and no dependency).
   */
  ownPackages: readonly ApprovalGrant[];
  /** The files of the project read as code (absolute paths): its JavaScript and TypeScript, and the tests run as code. */
  sources: readonly string[];
}

/**
 * {@link approvalGrants}, with the test files the project runs as code, which the same walk over its
 * command lines finds: read once per validate or diff run, for the grants and for `approvalWrites`. With
 * `argvApprovers` (absolute paths of files that pass an approver reading the command line, see `argvGrants`), a
 * command line that runs one of them with an argument is a grant too (see `OwnCliFiles.argvApprover`).
 */
export function projectApprovalGrants(
  root: string,
  ignored?: (file: string) => boolean,
  argvApprovers?: ReadonlyMap<string, string>,
): ProjectGrants {
  const out: ApprovalGrant[] = [];
  const ownPackages: ApprovalGrant[] = [];
  const cliFiles = new OwnCliFiles(root, argvApprovers);
  const pushed = new Set<string>();
  // whether a package folder is agent-tools itself, read once per folder and run (every source file of a package asks)
  const ownPackage = new Map<string, boolean>();
  const isOwnPackage = (folder: string) => ownPackage.get(folder) ?? ownPackage.set(folder, isAgentToolsPackage(folder)).get(folder)!;
  // a grant in `file` at `place` (where: how the words name it after the file), run in `folder`
  const push = (
    g: Pick<
      ApprovalGrant,
      'kind' | 'rule' | 'variable' | 'cli' | 'argv' | 'loads' | 'shell' | 'pty' | 'tamper' | 'why' | 'answer' | 'elicit' | 'skipped'
    >,
    file: string,
    place: { path: string; line: number; column: number; where: string },
    folder: string,
    words: string,
  ) => {
    const shown = shownPath(root, file);
    // a file read both as a launcher and for its own literals (a Python script a package script runs) tells a grant once
    const key = [shown, place.line, place.column, folder, g.kind, g.rule, words].join('\0');
    if (pushed.has(key)) return;
    pushed.add(key);
    // code loaded before or in place of agent-tools: the place, then why it counts
    const why =
      g.loads !== undefined
        ? `, ${PRELOAD_WHY},`
        : g.shell !== undefined
          ? `, ${shellWhy(g.shell)},`
          : g.tamper !== undefined
            ? ` (${g.why ?? TAMPER_WHY})`
            : '';
    out.push({
      kind: g.kind,
      rule: g.rule,
      ...(g.variable !== undefined ? { variable: g.variable } : {}),
      ...(g.cli !== undefined ? { cli: g.cli } : {}),
      ...(g.argv !== undefined ? { argv: g.argv } : {}),
      ...(g.loads !== undefined ? { loads: g.loads } : {}),
      ...(g.shell !== undefined ? { shell: g.shell } : {}),
      ...(g.pty !== undefined ? { pty: g.pty } : {}),
      ...(g.tamper !== undefined ? { tamper: g.tamper } : {}),
      ...(g.why !== undefined ? { why: g.why } : {}),
      ...(g.answer !== undefined ? { answer: g.answer } : {}),
      ...(g.elicit ? { elicit: true as const } : {}),
      ...(g.skipped !== undefined ? { skipped: g.skipped } : {}),
      file: shown,
      path: place.path,
      line: place.line,
      column: place.column,
      folder: shownPath(root, folder),
      // code that runs before or in place of agent-tools is held by no rule of it
      stops: g.loads !== undefined || g.shell !== undefined || g.tamper !== undefined ? { deny: [], ask: [] } : stopsIn(folder),
      words: `${words} in ${shown}${place.where}${why}`,
    });
  };
  const add = (
    g: Pick<ApprovalGrant, 'kind' | 'rule' | 'variable' | 'cli' | 'loads' | 'tamper' | 'why'>,
    file: string,
    text: string,
    path: (string | number)[],
    folder: string,
    words: string,
  ) => {
    const at = jsonValueAt(text, path);
    push(g, file, { path: jsonPath(path), line: at?.line ?? 1, column: at?.column ?? 1, where: ` at ${jsonPath(path)}` }, folder, words);
  };
  // an answer to agent-tools' MCP approval question that a project file writes with the box checked: a grant of every tool
  const clientAnswer = (file: string, line: number, column: number, folder: string) => {
    const g = { kind: 'approve' as const, rule: '*', answer: CLIENT_ANSWER, elicit: true as const };
    push(g, file, { path: `line ${line}`, line, column, where: `:${line}` }, folder, CLIENT_ANSWER);
  };
  // a project file that posts the console's Approve answer itself: a grant of every tool the console serves
  const consoleAnswer = (file: string, line: number, folder: string) => {
    // agent-tools' own source serves the dialog and documents its answer
    if (isOwnPackage(folder)) return;
    const g = { kind: 'approve' as const, rule: '*', answer: CONSOLE_ANSWER };
    push(g, file, { path: `line ${line}`, line, column: 1, where: `:${line}` }, folder, CONSOLE_ANSWER);
  };
  // a file the readers skip for its size that may run or configure a run (see `SKIPPED_WHY`): a grant of every tool, at its first line
  const skipped = (file: string, folder: string) =>
    push(
      { kind: 'approve', rule: '*', skipped: SKIPPED_WHY },
      file,
      { path: 'line 1', line: 1, column: 1, where: ':1' },
      folder,
      SKIPPED_WHY,
    );
  // code that replaces or changes the installed agent-tools, at a JSON value of `file`, else at its first line: a grant of every tool
  const tamper = (what: string, file: string, text?: string, path?: (string | number)[]) => {
    const g = { kind: 'approve' as const, rule: '*', tamper: what };
    if (text !== undefined && path) add(g, file, text, path, root, g.tamper);
    else push(g, file, { path: 'line 1', line: 1, column: 1, where: ':1' }, root, g.tamper);
  };
  // the project's source files, tests too, each with the folder of its package (see `spawnedCommands`)
  const codeFiles: { file: string; runs: string }[] = [];
  // what the project holds, for code a command line runs that no reader sees; read once the walk has found every source
  const tree = new ProjectTree(root, () => codeFiles.map((f) => f.file));
  const afterWalk: (() => void)[] = [];
  // the packages project code imports by name, and the package.json files whose dependencies may install them from elsewhere
  const importedPackages = new Set<string>();
  const manifests: { file: string; dir: string; text: string; value: unknown }[] = [];
  // each command of `words` (and of a command line written inside it) that runs code no reader sees (see `unreadCodeRuns`):
  // a grant of every tool, told to `at` in words
  type Unread = { kind: 'approve'; rule: '*'; tamper: string; why: string };
  const unread = (words: readonly string[], runs: string, at: (g: Unread, what: string) => void, shown?: (w: string) => string) => {
    for (const l of [{ words: [...words] }, ...nestedCommandLines(words)])
      for (const u of unreadCodeRuns(l.words, runs, tree, shown))
        at({ kind: 'approve', rule: '*', tamper: u.what, why: REWRITE_WHY }, u.what);
  };
  const said = (g: CommandGrant) =>
    (g.loads ?? g.shell ?? g.skipped) !== undefined
      ? (g.loads ?? g.shell ?? g.skipped)!
      : g.cli !== undefined
        ? ownCliWords(g.cli, g.variable, g.argv)
        : g.variable !== undefined
          ? `a command-line argument filled in at run time (${JSON.stringify(g.variable)}), which may pass --approve "*" or --yes`
          : g.pty !== undefined
            ? `call ${g.rule} under ${g.pty}, ${PTY_WHY}`
            : g.kind === 'approve'
              ? `serve --approve ${JSON.stringify(g.rule)}`
              : `call ${g.rule} --yes`;
  // each grant written on a line of a script, TOML or launcher file, run in the absolute folder runs
  const atLine = (g: CommandGrant, file: string, line: number, runs: string) =>
    push(g, file, { path: `line ${line}`, line, column: 1, where: `:${line}` }, runs, said(g));
  // a launcher file is read once for each folder it runs in, whichever command line runs it
  const launchers = new Set<string>();
  // what a launcher file was found to grant, by file: a process its code starts is not reported twice
  const launcherGrants = new Set<string>();
  const grantKey = (file: string, g: CommandGrant) => [file, g.kind, g.rule, g.variable, g.cli, g.argv, g.loads, g.shell, g.pty].join('\0');
  // the project files a command line runs as code (see `runsAsCode`), tests among them
  const runNamed = new Set<string>();
  // the files a command line runs as code that are no source file by their name (`node - < ops/purge.txt`), with the folder it runs in
  const codeRun = new Map<string, string>();
  const named = (runs: string) => (file: string, words: readonly string[], at: number, how: RunAs) => {
    if (runsAsCode(words, at)) runNamed.add(shownPath(root, file));
    if (how === 'code' && !codeRun.has(file) && !isSourceFile(file)) codeRun.set(file, runs);
  };
  // the launchers a command line runs, also from a command line written inside it (`sh -c "tsx x.ts"`), and under its pseudo-terminal
  const launched = (words: readonly string[], runs: string, pty?: string) => {
    const lines = [{ words: [...words], pty }, ...nestedCommandLines(words, pty)];
    for (const l of lines)
      for (const c of launchedCommands(l.words, runs, root, launchers, ignored, named(runs), (file) => skipped(file, runs)))
        for (const g of runGrants(c.words, runs, root, cliFiles, true, l.pty)) {
          launcherGrants.add(grantKey(c.file, g));
          atLine(g, c.file, c.line, runs);
        }
  };
  // each command line of a JSON file (a package.json's scripts are read above, with their own launchers)
  const jsonFile = (file: string, dir: string) => {
    let text;
    try {
      const bytes = readFileSync(file);
      // one too big to read that an MCP client reads, or that names agent-tools, may hold any flag
      if (bytes.length > MAX_SCRIPT_BYTES) {
        if (MCP_CONFIG.test(shownPath(root, file)) || bytes.includes('agent-tools')) skipped(file, jsonFolder(dir, root));
        return;
      }
      text = jsonWithoutComments(decodeUtf8(bytes, 'the file'));
    } catch {
      return;
    }
    if (!MAY_RUN.test(text) && !text.includes('NODE_OPTIONS') && !mayAnswer(text)) return;
    let value;
    try {
      value = parseJsonInput(text);
    } catch {
      return;
    }
    const answers: (string | number)[][] = [];
    if (mayAnswer(text)) yesAnswers(value, [], answers);
    for (const path of answers) {
      const g = { kind: 'approve' as const, rule: '*', answer: `an AI SDK approval answer that says yes ("approved": true)` };
      add(g, file, text, path, jsonFolder(dir, root), g.answer);
    }
    const found: JsonCommand[] = [];
    if (basename(file) === 'package.json' && isObject(value)) {
      for (const [k, v] of Object.entries(value)) if (k !== 'scripts') jsonCommands(v, [k], found);
    } else jsonCommands(value, [], found);
    const home = jsonFolder(dir, root);
    for (const c of found) {
      // a cwd with a client's variable (${workspaceFolder}) is read from the folder the client opened
      const runs = c.cwd !== undefined && !c.cwd.includes('${') ? resolve(home, c.cwd) : home;
      for (const g of runGrants(c.words, runs, root, cliFiles, !c.split)) add(g, file, text, c.path, runs, said(g));
      if (c.launches) launched(c.words, runs);
    }
    const options: { value: string; path: (string | number)[] }[] = [];
    nodeOptionsValues(value, [], options);
    for (const o of options)
      for (const p of nodeOptionsPreloads(o.value, root)) {
        const g = { kind: 'approve' as const, rule: '*', loads: `NODE_OPTIONS ${p}` };
        add(g, file, text, o.path, home, said(g));
      }
    if (basename(file) === 'package.json' && isObject(value))
      for (const [at, list] of [
        [['pnpm', 'patchedDependencies'], isObject(value.pnpm) ? value.pnpm.patchedDependencies : undefined],
        [['patchedDependencies'], value.patchedDependencies],
      ] as const)
        if (isObject(list))
          for (const key of Object.keys(list).filter((k) => /^agent-tools(?:@|$)/.test(k)))
            tamper('a patch of agent-tools applied on install', file, text, [...at, key]);
  };
  for (const dir of projectFolders(root, ignored)) {
    const pkgFile = join(dir, 'package.json');
    const pkg = existsSync(pkgFile) ? readJson(pkgFile) : undefined;
    if (pkg && isObject(pkg.value) && isObject(pkg.value.scripts))
      for (const [name, script] of Object.entries(pkg.value.scripts))
        if (typeof script === 'string') {
          for (const g of runGrants(shellWords(script), dir, root, cliFiles)) add(g, pkgFile, pkg.text, ['scripts', name], dir, said(g));
          launched(shellWords(script), dir);
          // a script that is no test run (a job) passing a test runner a test file runs that file as code
          for (const word of jobTestRuns(name, shellWords(script))) runNamed.add(shownPath(root, resolve(dir, word)));
          afterWalk.push(() => unread(shellWords(script), dir, (g, what) => add(g, pkgFile, pkg.text, ['scripts', name], dir, what)));
          const runs = LIFECYCLE_SCRIPTS.has(name) ? lifecycleTamper(script, dir, root) : undefined;
          if (runs !== undefined)
            tamper(`the ${name} script, run on install, ${runs ? `runs ${runs}, which names` : 'names'} agent-tools`, pkgFile, pkg.text, [
              'scripts',
              name,
            ]);
        }
    // a project package named agent-tools: Node's self-reference loads its files for `import 'agent-tools'`
    const self = pkg ? selfReferenceKey(pkg.value, dir) : undefined;
    if (self && !ignored?.(shownPath(root, pkgFile)))
      tamper(`a package named agent-tools whose ${self} Node loads for import 'agent-tools'`, pkgFile, pkg!.text, [self]);
    // agent-tools, or a package that carries its approval answer, installed from a tarball, a folder, git, a URL or an alias,
    // or a project package of that name that workspaces link: a copy that may not be the published one
    if (pkg && !ignored?.(shownPath(root, pkgFile))) {
      manifests.push({ file: pkgFile, dir, text: pkg.text, value: pkg.value });
      for (const e of agentToolsFromElsewhere(pkg.value))
        tamper(`the ${e.name} dependency installed from ${JSON.stringify(e.spec)}, not the npm registry`, pkgFile, pkg.text, e.path);
      const shadow = shadowedApprovalPackage(pkg.value);
      if (shadow !== undefined)
        tamper(`a project package named ${shadow}, which workspaces link in place of the published one`, pkgFile, pkg.text, ['name']);
    }
    for (const name of ['package-lock.json', 'npm-shrinkwrap.json']) {
      const lockFile = join(dir, name);
      // a lockfile git ignores is not the one a clean checkout installs from
      const read = existsSync(lockFile) && !ignored?.(shownPath(root, lockFile)) && !tree.ignored(lockFile);
      const lock = read ? readJson(lockFile) : undefined;
      for (const e of lock ? lockedAgentToolsElsewhere(lock.value) : [])
        tamper(
          `${e.name} locked to ${JSON.stringify(e.spec)}, not the registry the lockfile installs the rest from`,
          lockFile,
          lock!.text,
          e.path,
        );
    }
    // agent-tools' own package, whose code is read as what decides approval: no grant here, but one for diff to weigh
    if (pkg && isAgentToolsOwnPackage(pkg.value, dir) && !ignored?.(shownPath(root, pkgFile))) {
      const from = out.length;
      tamper(OWN_PACKAGE, pkgFile, pkg.text, ['name']);
      ownPackages.push(...out.splice(from));
    }
    let names: string[] = [];
    try {
      // a symbolic link to a file is read as what its own name says (`.mcp.json` linked to `docs/mcp.md`), as its reader opens it
      names = readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isFile() || (e.isSymbolicLink() && linksToFile(join(dir, e.name))))
        .map((e) => e.name)
        .sort();
    } catch {
      // an unreadable folder holds no script we can read
    }
    for (const name of names) {
      const file = join(dir, name);
      if (ignored?.(shownPath(root, file))) continue;
      if (isAgentToolsPatch(name)) {
        tamper('a patch of agent-tools applied on install', file);
        continue;
      }
      if (name === '.npmrc') {
        let text = '';
        try {
          text = readFileSync(file, 'utf8');
        } catch {
          // an unreadable .npmrc sets nothing we can read
        }
        for (const p of npmrcPreloads(text, root))
          atLine({ kind: 'approve', rule: '*', loads: p.loads }, file, p.line, packageFolder(dir, root));
        for (const p of npmrcShells(text)) atLine({ kind: 'approve', rule: '*', shell: p.shell }, file, p.line, packageFolder(dir, root));
        continue;
      }
      // a source file: the processes its code starts, read once every launcher is known (and so which tests run as code)
      if (isSourceFile(file)) {
        codeFiles.push({ file, runs: packageFolder(dir, root) });
        continue;
      }
      // a TOML file, a Jenkins pipeline (Groovy), Python, Perl, Ruby and other languages' code hold their command lines in
      // string literals (`sh 'npx agent-tools ...'`, `system("npx", "agent-tools", ...)`)
      const toml = isLiteralFile(name, () => firstLineOf(file));
      // a tsconfig `paths` entry that maps agent-tools to project code, which tsx and bundlers load in its place
      if (isPathsConfigFile(name))
        for (const key of agentToolsPaths(file, root)) {
          const json = readJson(file, true);
          const options = json && isObject(json.value) && isObject(json.value.compilerOptions) ? json.value.compilerOptions : undefined;
          // a key the file itself writes is shown at its value; one it takes from the config it extends, at its first line
          const at =
            options && isObject(options.paths) && Object.hasOwn(options.paths, key) ? ['compilerOptions', 'paths', key] : undefined;
          tamper(`a tsconfig paths entry ${JSON.stringify(key)} that maps agent-tools to project code`, file, json?.text, at);
        }
      if (isJsonFile(name)) {
        jsonFile(file, dir);
        continue;
      }
      // any other text file (a systemd unit, a supervisord or INI file) is read line by line, each line's key dropped; one of
      // a `__tests__` folder (a fixture) is no source file, so nothing runs it as code (see `testFilesRunAsCode`)
      const other = !(toml || isJsonFile(name) || isScriptFile(dir, name));
      if (
        other &&
        (NOT_COMMANDS.test(name) || LAUNCHER.test(name) || /\.d\.[cm]?ts$|\.map$/.test(name) || isTestFile(shownPath(root, file)))
      )
        continue;
      const text = smallText(file);
      // a script too big to read may run anything; another text file, when it names agent-tools
      if (text === undefined && tooBig(file) && (toml || !other || readFileSync(file).includes('agent-tools')))
        skipped(file, packageFolder(dir, root));
      // a shell or Python client that answers agent-tools' approval question yes (curl -d '{"action":"accept",...}')
      if (text !== undefined && (toml || !other))
        for (const line of scriptApprovalAnswers(text)) clientAnswer(file, line, 1, packageFolder(dir, root));
      if (text !== undefined && (toml || !other))
        for (const line of consoleApprovalAnswers(text)) consoleAnswer(file, line, packageFolder(dir, root));
      // a script that names no package manager nor agent-tools may still run a launcher file
      if (text === undefined || (!MAY_RUN.test(text) && !MAKEFILE.test(name)) || (other && text.slice(0, BINARY_PROBE).includes('\0')))
        continue;
      const runs = packageFolder(dir, root);
      const make = MAKEFILE.test(name);
      // make runs every recipe line through the SHELL the Makefile names: one of the project may add --yes to any
      if (make) for (const p of makeShells(text)) atLine({ kind: 'approve', rule: '*', shell: p.shell }, file, p.line, runs);
      const lines = toml
        ? tomlCommandLines(text, name)
        : /\.ya?ml$/.test(name)
          ? yamlFileCommandLines(text)
          : lineCommandLines(text, other, make ? 'make' : 'shell');
      // a Python script that starts its processes under a pseudo-terminal (pexpect) may type their prompts' answers
      const pty = name.endsWith('.py') ? ptyLibrary(text) : undefined;
      for (const { line, words } of lines) {
        for (const g of runGrants(words, runs, root, cliFiles, true, pty)) atLine(g, file, line, runs);
        launched(words, runs, pty);
        if (!toml && !other && runsInCheckout(shownPath(root, file)))
          afterWalk.push(() =>
            unread(words, runs, (g, what) => push(g, file, { path: `line ${line}`, line, column: 1, where: `:${line}` }, runs, what)),
          );
      }
    }
    if (dir === root) continue;
    let config;
    try {
      config = readConfigFile(dir);
      loadApprovalPolicy(dir);
    } catch {
      continue;
    }
    const value = config.value;
    const prefix = config.prefix ? [config.prefix] : [];
    if (!config.source || !isObject(value) || !isObject(value.approval) || !Array.isArray(value.approval.allow)) continue;
    const text = readFileSync(config.source, 'utf8');
    value.approval.allow.forEach((rule, i) => {
      if (typeof rule === 'string')
        add(
          { kind: 'nested', rule },
          config.source!,
          text,
          [...prefix, 'approval', 'allow', i],
          dirname(config.source!),
          `approval.allow ${JSON.stringify(rule)}`,
        );
    });
  }
  for (const f of afterWalk) f();
  // a test is left alone (it starts processes with its own flags on purpose) while nothing but a test runner runs it
  const testsRun = testFilesRunAsCode(
    runNamed,
    codeFiles.map((f) => f.file),
    (f) => shownPath(root, f),
  );
  const leftAlone = leftAloneAsTest(testsRun);
  const sources = [...codeFiles, ...[...codeRun].map(([file, runs]) => ({ file, runs }))].filter(
    (f) => !leftAlone(shownPath(root, f.file)),
  );
  for (const { file, runs } of sources) {
    const text = smallText(file);
    if (text === undefined) continue;
    const commands = spawnedCommands(file, text);
    for (const a of sourceApprovalAnswers(file, text)) clientAnswer(file, a.line, a.column, runs);
    for (const line of consoleApprovalAnswers(text)) consoleAnswer(file, line, runs);
    // code that changes what agent-tools runs on (a builtin rewritten, module hooks, code built from a string): a grant of every tool;
    // agent-tools' own package (its source, when the project is agent-tools) is the code that decides approval, not code around it
    for (const r of isOwnPackage(runs) ? [] : runtimeRewrites(file, text))
      push(
        { kind: 'approve', rule: '*', tamper: r.what, why: REWRITE_WHY },
        file,
        { path: `line ${r.line}`, line: r.line, column: r.column, where: `:${r.line}` },
        runs,
        r.what,
      );
    // a module loaded from a file no reader sees (git-ignored, absent, linked from outside, in a submodule not checked out): a
    // grant of every tool, as a command line that runs one is; the packages imported by name, for their dependency specs below
    // a file git ignores is no project code: built output, or generated code a tracked file's import is reported at
    for (const l of isOwnPackage(runs) || tree.ignored(file) ? [] : moduleLoads(file, text)) {
      const pkgName = packageOf(l.specifier);
      if (pkgName !== undefined) importedPackages.add(pkgName);
      const what = unreadImport(l.specifier, file, tree);
      if (what !== undefined)
        push(
          { kind: 'approve', rule: '*', tamper: `the import of ${what}`, why: REWRITE_WHY },
          file,
          { path: `line ${l.line}`, line: l.line, column: l.column, where: `:${l.line}` },
          runs,
          `the import of ${what}`,
        );
    }
    const pty = ptyLibrary(text);
    // what the file starts, then what it only writes: a literal a call starts (`execSync(CMD)`) is reported once, at the call
    const found = new Set<string>();
    // a process started that runs code no reader sees (`execFileSync('npx', ['tsx', file])`); not in agent-tools' own package
    for (const c of isOwnPackage(runs) ? [] : commands.filter((c) => !c.written))
      unread(
        withForwarded(c, file, sources),
        runs,
        (g, what) => push(g, file, { path: `line ${c.line}`, line: c.line, column: c.column, where: `:${c.line}` }, runs, what),
        // a path the file builds from its own folder (see `spawnedCommands`) is shown from the root, as other paths are
        (w) =>
          isAbsolute(w) && !relative(root, w).startsWith('..')
            ? shownPath(root, w)
            : w.replace(new RegExp(`${OPAQUE}(\\d+)`, 'g'), (_, k: string) => c.opaque[Number(k)] ?? ''),
      );
    for (const c of [...commands.filter((c) => !c.written), ...commands.filter((c) => c.written)])
      // a spread the file does not show (`...JSON.parse(text)`) may hold any flag, as a shell's `$FLAGS` does (see `spawnedCommands`)
      for (const raw of runGrants(withForwarded(c, file, sources), runs, root, cliFiles, true, pty)) {
        // prose that only shows a command line (a help text) with a placeholder passes nothing
        if (c.written && raw.variable !== undefined) continue;
        const g = shownGrant(raw, c.opaque);
        const key = grantKey(file, g);
        if (launcherGrants.has(key) || (c.written && found.has(key))) continue;
        found.add(key);
        push(g, file, { path: `line ${c.line}`, line: c.line, column: c.column, where: `:${c.line}` }, runs, said(g));
      }
  }
  // a package project code imports that is installed from a packed tarball, git or a URL, or from a folder of a submodule
  // that is not checked out: code no reader sees, a grant of every tool at its dependency entry
  for (const m of manifests)
    for (const d of unreadDependencies(m.value, (n) => importedPackages.has(n))) {
      const submodule = d.folder === undefined ? undefined : tree.submodule(resolve(m.dir, d.folder));
      if (d.folder !== undefined && submodule === undefined) continue;
      const what =
        `the ${d.name} dependency installed from ${JSON.stringify(d.spec)}, ` +
        (submodule !== undefined ? submoduleWords(submodule) : `${d.from} whose code no reader sees, which project code imports`);
      add({ kind: 'approve', rule: '*', tamper: what, why: REWRITE_WHY }, m.file, m.text, d.path, m.dir, what);
    }
  // a copy of agent-tools (or a package that carries its approval answer) committed with the project: one finding for each
  // folder, at its package.json or else its first file
  const copies = new Map<string, { file: string; name: string }>();
  const committed = committedAgentTools(root);
  for (const f of committed?.copies ?? []) {
    const name = APPROVAL_PACKAGES.find((n) => f.includes(`node_modules/${n}/`))!;
    const folder = f.slice(0, f.lastIndexOf(`node_modules/${name}/`) + `node_modules/${name}`.length);
    if (!ignored?.(f) && (!copies.has(folder) || f === `${folder}/package.json`)) copies.set(folder, { file: f, name });
  }
  for (const [folder, c] of copies)
    tamper(`a copy of ${c.name} committed in ${folder} (Node loads it before the installed one)`, join(root, ...c.file.split('/')));
  // a command committed under node_modules/.bin, which an npm script runs by its bare name, may run anything (one with --yes):
  // one finding for each such folder, at its first file, so a project that commits its whole node_modules gets one, not hundreds
  const bins = new Map<string, string[]>();
  for (const f of committed?.bins ?? []) {
    const folder = f.slice(0, f.lastIndexOf('/'));
    if (!ignored?.(f)) bins.set(folder, [...(bins.get(folder) ?? []), f]);
  }
  for (const [folder, files] of bins) tamper(committedBinsWords(folder, files), join(root, ...files[0]!.split('/')));
  // a skill store committed with the project: serve starts its skills, whose command lines and code validate does not read
  for (const f of committedSkillStores(root) ?? [])
    if (!ignored?.(f))
      push(
        { kind: 'approve', rule: '*', tamper: STORE_WORDS, why: REWRITE_WHY },
        join(root, ...f.split('/')),
        { path: 'line 1', line: 1, column: 1, where: ':1' },
        root,
        STORE_WORDS,
      );
  return { grants: out, testsRun, codeRun: [...codeRun.keys()], ownPackages, sources: sources.map((f) => f.file) };
}

/** Why a skill store committed with the project counts (see `committedSkillStores`), in words after its path. */
const STORE_WORDS =
  'a skill store committed with the project (serve and the console start its enabled skills: script commands, MCP server ' +
  'command lines, HTTP requests), which no reader sees';

/**
 * The words for the commands committed in one `node_modules/.bin` folder (`files`, paths relative to the root, sorted):
 * `a command committed as <file> (...)` for one, else their count, the folder and the first three names.
 */
function committedBinsWords(folder: string, files: readonly string[]): string {
  if (files.length === 1) return `a command committed as ${files[0]} (npm scripts run it by name, in place of an installed one)`;
  const names = files.slice(0, 3).map((f) => f.slice(folder.length + 1));
  const more = files.length > 3 ? `, and ${files.length - 3} more` : '';
  return `${files.length} commands committed in ${folder} (${names.join(', ')}${more}; npm scripts run them by name, in place of installed ones)`;
}

/**
 * Whether `grant` lets the tool `name` run unasked where its command runs: its rule names the
 * tool (matched as the runtime matches an `allow` entry, `approvalListMatcher`; for `--yes` the
 * tool's name or its kebab-case command name, or `*` for every tool on a toolsToCommands command line), and no `deny` rule of that folder's
 * configuration names it, nor (but for `call --yes`, which approves what asks) an `ask` rule.
 */
export function grantNames(grant: ApprovalGrant, name: string): boolean {
  const named =
    grant.kind === 'yes'
      ? (grant.rule === '*' && (grant.cli !== undefined || grant.argv !== undefined)) ||
        grant.rule === name ||
        grant.rule === kebabName(name)
      : approvalListMatcher([grant.rule], 'allow')(name) !== undefined;
  if (!named || approvalListMatcher(grant.stops.deny, 'deny')(name) !== undefined) return false;
  return grant.kind === 'yes' || approvalListMatcher(grant.stops.ask, 'ask')(name) === undefined;
}
