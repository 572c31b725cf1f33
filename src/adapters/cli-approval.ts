/** Approval on the command line: `--yes`, a terminal prompt, or exit 2 with the hint when nobody can be asked. */

import { readFileSync } from 'node:fs';
import type { ApprovalDecision, Approver } from '../runtime/approval.js';
import { isMissingPackage } from '../shared/optional-peer.js';

/** The most characters of the arguments' JSON shown before the prompt; the rest is cut with "…". */
const MAX_SHOWN_ARGS = 2_000;

/** How to approve on the command line when nobody can be asked: said in the exit-2 message. */
export const CLI_APPROVAL_HINT =
  'Run it again with --yes to approve it, or list it under approval.allow in agent-tools.config.json and commit that file.';

/** The hint when a terminal could ask but @inquirer/prompts (an optional peer) is not installed: one sentence, three ways on. */
export const CLI_PROMPTS_MISSING_HINT =
  'Install @inquirer/prompts (npm install -D @inquirer/prompts) to be asked, run it again with --yes to approve it, ' +
  'or list it under approval.allow in agent-tools.config.json and commit that file.';

/** This process's arguments as they were when this module was first loaded: the command line, where no `/proc` tells it. */
const LOADED_ARGV: readonly string[] = [...process.argv];

/** The words of the command line this process was started with, once read (see {@link startedWith}). */
let startedArgv: readonly string[] | undefined;

/**
 * Whether `word` is one of the words of the command line this process was started with: on Linux as the kernel keeps
 * it (`/proc/self/cmdline`, which code cannot append to), elsewhere `process.argv` as it was when agent-tools' command-line
 * adapter was first loaded. A flag that code adds to the list it hands commander (`[...process.argv, '--yes']`) is in
 * neither. A `process.title` set in code replaces the kernel's copy, and then no flag is found (the safe side).
 */
export function startedWith(word: string): boolean {
  if (startedArgv === undefined) {
    try {
      startedArgv = readFileSync('/proc/self/cmdline', 'utf8').split('\0');
    } catch {
      startedArgv = LOADED_ARGV;
    }
  }
  return startedArgv.includes(word);
}

/**
 * How the command line decides a call that needs approval:
 * - `yes` (the `--yes` flag): approved, by "the --yes flag", when the command line the process was started with holds
 *   the word `--yes` (see {@link startedWith}); a `--yes` that code added to the arguments it parses approves nothing:
 *   the decision is `unavailable`, saying so (validate and diff read the flags of command lines, not what code adds);
 * - `interactive` (stdin and stderr are terminals): the tool, why it asks and its arguments are
 *   written to stderr, then a yes/no prompt (@inquirer/prompts `confirm`, default no) on
 *   stderr, so a redirected stdout holds only the result; Ctrl-C is a denial; @inquirer/prompts
 *   is an optional peer dependency: without it the decision is `unavailable`, with a hint to install it;
 * - otherwise `unavailable`: nobody can be asked (the command exits 2 with {@link CLI_APPROVAL_HINT}).
 */
export function terminalApprover(options: { yes: boolean; interactive: boolean; stderr: (text: string) => void }): Approver {
  return async (request): Promise<ApprovalDecision> => {
    if (options.yes && startedWith('--yes')) return { approved: true, by: 'the --yes flag' };
    if (options.yes)
      return {
        approved: false,
        unavailable: true,
        by: 'the command line (a --yes added in code)',
        reason: '--yes is not on the command line this process was started with (code added it), so it approves nothing',
        hint: CLI_APPROVAL_HINT,
      };
    if (!options.interactive)
      return {
        approved: false,
        unavailable: true,
        by: 'the command line (no terminal to ask on)',
        reason: 'there is no terminal to ask on (stdin or stderr is not a terminal)',
        hint: CLI_APPROVAL_HINT,
      };
    const json = JSON.stringify(request.args, null, 2);
    const shown = json.length > MAX_SHOWN_ARGS ? `${json.slice(0, MAX_SHOWN_ARGS - 1)}…` : json;
    options.stderr(
      `${request.tool.name} needs approval before it runs: ${request.why}.\n` +
        `  ${request.tool.description.split('\n')[0]}\n  arguments: ${shown.replaceAll('\n', '\n  ')}\n`,
    );
    let confirm: typeof import('@inquirer/prompts').confirm;
    try {
      ({ confirm } = await import('@inquirer/prompts'));
    } catch (err) {
      if (!isMissingPackage(err, '@inquirer/prompts')) throw err;
      // an optional peer dependency: without it nobody can be asked, as without a terminal
      return {
        approved: false,
        unavailable: true,
        by: 'the command line (no prompt library to ask with)',
        reason: 'asking on the terminal needs @inquirer/prompts, which is not installed',
        hint: CLI_PROMPTS_MISSING_HINT,
      };
    }
    const by = 'the person at the terminal';
    try {
      const yes = await confirm(
        { message: `Run ${request.tool.name}?`, default: false },
        { input: process.stdin, output: process.stderr, signal: request.signal, clearPromptOnDone: false },
      );
      return yes ? { approved: true, by } : { approved: false, by, reason: 'answered no' };
    } catch (err) {
      const name = (err as Error)?.name;
      return {
        approved: false,
        by,
        reason: name === 'ExitPromptError' ? 'the prompt was closed (Ctrl-C)' : `the prompt failed: ${String(err)}`,
      };
    }
  };
}
