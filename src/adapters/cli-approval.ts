/** Approval on the command line: `--yes`, a terminal prompt, or exit 2 with the hint when nobody can be asked. */

import type { ApprovalDecision, Approver } from '../runtime/approval.js';
import { isMissingPackage } from '../shared/optional-peer.js';

/** The most characters of the arguments' JSON shown before the prompt; the rest is cut with "…". */
const MAX_SHOWN_ARGS = 2_000;

/** How to approve on the command line when nobody can be asked: said in the exit-2 message. */
export const CLI_APPROVAL_HINT = 'Run it again with --yes to approve it, or list it under approval.allow in agent-tools.config.json.';

/** The hint when a terminal could ask but @inquirer/prompts (an optional peer) is not installed: one sentence, three ways on. */
export const CLI_PROMPTS_MISSING_HINT =
  'Install @inquirer/prompts (npm install -D @inquirer/prompts) to be asked, run it again with --yes to approve it, ' +
  'or list it under approval.allow in agent-tools.config.json.';

/**
 * How the command line decides a call that needs approval:
 * - `yes` (the `--yes` flag): approved, by "the --yes flag";
 * - `interactive` (stdin and stderr are terminals): the tool, why it asks and its arguments are
 *   written to stderr, then a yes/no prompt (@inquirer/prompts `confirm`, default no) on
 *   stderr, so a redirected stdout holds only the result; Ctrl-C is a denial; @inquirer/prompts
 *   is an optional peer dependency: without it the decision is `unavailable`, with a hint to install it;
 * - otherwise `unavailable`: nobody can be asked (the command exits 2 with {@link CLI_APPROVAL_HINT}).
 */
export function terminalApprover(options: { yes: boolean; interactive: boolean; stderr: (text: string) => void }): Approver {
  return async (request): Promise<ApprovalDecision> => {
    if (options.yes) return { approved: true, by: 'the --yes flag' };
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
