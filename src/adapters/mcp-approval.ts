/** Approval over MCP: an elicitation form with one boolean, asked through the same asker as a tool's `ctx.elicit`. */

import { ClientInputUnavailableError, MissingClientCapabilityError, type ClientAsker, type ElicitSchema } from '../core/client-input.js';
import type { ApprovalDecision, ApprovalRequest, Approver } from '../runtime/approval.js';
import { cliCommand } from '../shared/cli-command.js';
import { firstSentenceEnded } from '../shared/first-sentence.js';

/** The key of the approval request on the wire (2026-07-28 `inputRequests`), apart from a tool's own `elicit-1`, `elicit-2`, ... */
export const APPROVAL_KEY = 'approval';

/** The most characters of the arguments' JSON shown in the approval message; the rest is cut with "…". */
const MAX_SHOWN_ARGS = 2_000;

/**
 * The most code points of the tool's description shown in the approval message. A description's
 * warnings often come after its first sentence ("Deletes a note. This cannot be undone."), and the
 * person approving must read them, so the whole description is shown up to this length.
 */
const MAX_SHOWN_DESCRIPTION = 600;

const BY = "the MCP client's user (elicitation)";

/**
 * How to grant approval when the client cannot be asked: said in the error result the model (and the person) reads.
 * `serve` is the command that started the server with its module (`serve tools.ts`), when `agent-tools serve` did;
 * without it the server is the project's own (`createMcpServer` in its code), so the hint leads with what applies there.
 */
export function mcpApprovalHint(tool: string, serve?: string): string {
  if (serve === undefined)
    return (
      `To let it run, pass approval: { allow: ['${tool}'] } (a name or a glob) to createMcpServer, or list it under ` +
      'approval.allow in agent-tools.config.json; or use a client that supports elicitation.'
    );
  return (
    `To let it run, start the server with \`${cliCommand(`${serve} --approve ${tool}`)}\` (a name or a glob), ` +
    `list it under approval.allow in agent-tools.config.json, or pass approval: { allow: [...] } to createMcpServer; ` +
    'or use a client that supports elicitation.'
  );
}

/**
 * The description as the approval message shows it: white space collapsed, ended with a full stop so
 * the next sentence does not run into it; a description longer than {@link MAX_SHOWN_DESCRIPTION}
 * code points is cut after its last whole sentence within that length (its first sentence at least), with "…".
 */
function shownDescription(description: string): string {
  const text = description.trim().replace(/\s+/g, ' ');
  const points = [...text];
  if (text === '') return '';
  if (points.length <= MAX_SHOWN_DESCRIPTION) return endSentence(text);
  const head = points.slice(0, MAX_SHOWN_DESCRIPTION).join('');
  const lastEnd = Math.max(...['. ', '! ', '? '].map((end) => head.lastIndexOf(end)));
  return lastEnd > 0 ? `${head.slice(0, lastEnd + 1)} …` : `${firstSentenceEnded(text)} …`;
}

/** `text` ending with a sentence end, so another sentence can follow it. */
function endSentence(text: string): string {
  return /[.!?。！？]$/u.test(text) ? text : `${text}.`;
}

/** The elicitation message: the tool, its description (warnings included), why it asks, and the arguments it would run with. */
export function approvalMessage(request: ApprovalRequest): string {
  const json = JSON.stringify(request.args);
  const shown = json.length > MAX_SHOWN_ARGS ? `${json.slice(0, MAX_SHOWN_ARGS - 1)}…` : json;
  const title = request.tool.title ? ` (${request.tool.title})` : '';
  const what = shownDescription(request.tool.description);
  return `Allow the tool ${request.tool.name}${title} to run? ${what ? `${what} ` : ''}It needs approval: ${request.why}. Arguments: ${shown}`;
}

/**
 * The form of the approval elicitation: one boolean, unchecked by default, so only an "accept" with the box checked approves;
 * a client that accepts the form as it comes (filled with its defaults) approves nothing, and "decline" denies.
 */
export function approvalSchema(tool: string): ElicitSchema {
  return {
    type: 'object',
    properties: {
      approve: {
        type: 'boolean',
        title: `Run ${tool}`,
        description: 'Check to let the call run; leave unchecked, or decline, to stop it',
        default: false,
      },
    },
    required: ['approve'],
  };
}

/**
 * The MCP server's approver: asks the client's user through `ask`, the same asker a tool's
 * `ctx.elicit` uses, so a 2025-era client gets an `elicitation/create` request and a
 * 2026-07-28 client an `input_required` result (MCP spec 2025-11-25 and 2026-07-28,
 * client/elicitation). Approved when the user accepts with `approve` true; a decline, a
 * cancel or an unchecked box is a denial. A client that cannot be asked (no elicitation
 * capability, a 2025 HTTP request without a session) is `unavailable`: the call does not run,
 * and the error result says how to grant approval ({@link mcpApprovalHint}). A wait that ends
 * (cancelled, 10 minutes without an answer) is a denial. Never runs silently, never hangs.
 */
export function mcpApprover(ask: ClientAsker, serveCommand?: string): Approver {
  return async (request): Promise<ApprovalDecision> => {
    try {
      const answer = await ask(
        { method: 'elicitation/create', params: { message: approvalMessage(request), requestedSchema: approvalSchema(request.tool.name) } },
        APPROVAL_KEY,
      );
      if (answer.action === 'accept' && answer.content?.approve === true) return { approved: true, by: BY };
      const reason = answer.action === 'accept' ? 'the box was left unchecked' : `the user chose "${answer.action}"`;
      return { approved: false, by: BY, reason };
    } catch (err) {
      if (err instanceof MissingClientCapabilityError || err instanceof ClientInputUnavailableError)
        return {
          approved: false,
          unavailable: true,
          by: 'the MCP server (the client cannot be asked)',
          reason:
            err instanceof MissingClientCapabilityError
              ? 'the client did not declare the elicitation capability, so it cannot be asked'
              : 'this request cannot receive an answer from its client (a 2025-era HTTP request without a session)',
          hint: mcpApprovalHint(request.tool.name, serveCommand),
        };
      return { approved: false, by: BY, reason: `no answer: ${err instanceof Error ? err.message : String(err)}` };
    }
  };
}
