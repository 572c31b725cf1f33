/** AI SDK tool approval: the approval request and response parts (ai 6 and 7) and what one tool set remembers of each verdict. */

import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { AnyToolDef } from '../core/tool.js';
import type { ApprovalDecision, Approver, ApprovalVerdict } from '../runtime/approval.js';

/** The most tool calls whose approval verdict a tool set remembers (the oldest are dropped first). */
const MAX_REMEMBERED = 1_000;

/** Named in the ToolLog as who approved a call the AI SDK ran after its approval round. */
export const SDK_APPROVED_BY = 'the AI SDK caller (tool-approval-response)';

/** A `tool-approval-request` part as `generateText`/`streamText` return it in `content` (ai 6 and 7). */
export interface AIToolApprovalRequest {
  type: 'tool-approval-request';
  approvalId: string;
  toolCall: { toolCallId: string; toolName: string; input: unknown };
}

/** The `tool-approval-response` part the caller sends back in a `tool` message (ai 6 and 7). */
export interface AIToolApprovalResponse {
  type: 'tool-approval-response';
  approvalId: string;
  approved: boolean;
  reason?: string;
}

/**
 * The secret the AI SDK signs its approval requests with (`experimental_toolApprovalSecret` of
 * `generateText`/`streamText`, ai 6 and 7): a string (its UTF-8 bytes) or the bytes themselves.
 */
export type ToolApprovalSecret = string | Uint8Array;

type Part = { type?: string; toolCallId?: string; approvalId?: string; approved?: boolean; reason?: string; signature?: unknown };
type Message = { role?: string; content?: unknown };

/** An approval response found for a tool call, with the request it answers: its `approvalId` and `signature` (when signed). */
export interface ApprovalInMessages {
  approved: boolean;
  reason?: string;
  approvalId: string;
  signature?: string;
}

/**
 * The approval response for tool call `toolCallId` in the messages the AI SDK hands `execute`:
 * the `tool-approval-request` an assistant message holds for the call (the last one with its
 * `approvalId`, as the SDK pairs them), and the `tool-approval-response` a tool message holds for
 * that request. A denial wins over an approval of the same call. `undefined` when there is none.
 */
export function approvalInMessages(toolCallId: string, messages: unknown): ApprovalInMessages | undefined {
  if (!Array.isArray(messages)) return undefined;
  const parts = (role: string) =>
    (messages as Message[]).flatMap((m) => (m?.role === role && Array.isArray(m.content) ? (m.content as Part[]) : []));
  const requests = new Map<unknown, Part>();
  for (const p of parts('assistant')) if (p?.type === 'tool-approval-request') requests.set(p.approvalId, p);
  const responses = parts('tool').filter(
    (p) => p?.type === 'tool-approval-response' && typeof p.approved === 'boolean' && requests.get(p.approvalId)?.toolCallId === toolCallId,
  );
  const response = responses.find((p) => !p.approved) ?? responses[0];
  if (!response) return undefined;
  const { signature } = requests.get(response.approvalId)!;
  return {
    approved: response.approved!,
    ...(typeof response.reason === 'string' ? { reason: response.reason } : {}),
    approvalId: String(response.approvalId),
    ...(typeof signature === 'string' ? { signature } : {}),
  };
}

/** JSON with object keys sorted, as the AI SDK hashes a tool call's input for the approval signature. */
function canonicalJSON(value: unknown): string {
  if (value === null || value === undefined || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJSON(v))).join(',')}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJSON(record[k])}`)
    .join(',')}}`;
}

/** One tool call as the approval checks compare it: its tool and input. */
const callKey = (toolName: string, input: unknown) => `${toolName}\n${canonicalJSON(input)}`;

/**
 * Whether `signature` is the AI SDK's HMAC-SHA256 of the approval request (ai 7's payload, a JSON array
 * `["ai-sdk-tool-approval-v1", approvalId, toolCallId, toolName, inputDigest]`, or ai 6's, the four joined by
 * newlines), where `inputDigest` is the base64url SHA-256 of the input's canonical JSON and the signature is base64url.
 */
export function isToolApprovalSigned(
  secret: ToolApprovalSecret,
  signature: string,
  call: { approvalId: string; toolCallId: string; toolName: string; input: unknown },
): boolean {
  const { approvalId, toolCallId, toolName } = call;
  const digest = createHash('sha256').update(canonicalJSON(call.input)).digest('base64url');
  const given = Buffer.from(signature, 'base64url');
  const payloads = [JSON.stringify(['ai-sdk-tool-approval-v1', approvalId, toolCallId, toolName, digest])];
  if (![approvalId, toolCallId, toolName].some((s) => s.includes('\n')))
    payloads.push([approvalId, toolCallId, toolName, digest].join('\n'));
  return payloads.some((payload) => {
    const expected = createHmac('sha256', secret).update(payload).digest();
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

/**
 * What one tool set remembers of its calls' approval: the rules' verdict per tool call (taken
 * once, in `needsApproval`, and reused when the AI SDK asks again and when `execute` runs, so
 * a rule that would answer differently the second time cannot let a call through) and the
 * approvals given through `toolApprovalResponse`, with who gave them.
 */
export class AIApprovalState {
  readonly #verdicts = new Map<string, ApprovalVerdict>();
  /** The approvals `toolApprovalResponse` gave: approval id to the tool call it approves and who approved it. */
  readonly #approved = new Map<string, { toolCallId: string; by: string }>();
  /** The tool calls the model made in a run with this tool set and no approval has run yet: tool call id to `callKey`. */
  readonly #made = new Map<string, string>();
  /** The signed approval requests whose call already ran. */
  readonly #spent = new Map<string, true>();

  constructor(
    readonly defs: ReadonlyMap<string, AnyToolDef>,
    readonly run: (def: AnyToolDef, input: unknown, approve: Approver) => Promise<unknown>,
    readonly secret?: ToolApprovalSecret,
  ) {}

  /** Records a tool call the model made in a run of the AI SDK with this tool set (the tool's `onInputAvailable`). */
  made(toolCallId: string, toolName: string, input: unknown): void {
    remember(this.#made, toolCallId, callKey(toolName, input));
  }

  verdict(toolCallId: string): ApprovalVerdict | undefined {
    return this.#verdicts.get(toolCallId);
  }

  remember(toolCallId: string, verdict: ApprovalVerdict): void {
    remember(this.#verdicts, toolCallId, verdict);
  }

  /** Records an approval `toolApprovalResponse` gave for the request `approvalId` of tool call `toolCallId`, by `by`. */
  approved(approvalId: string, toolCallId: string, by: string): void {
    remember(this.#approved, approvalId, { toolCallId, by });
  }

  /**
   * The approver of a call the AI SDK runs (ai 6 and 7): the SDK calls `execute` for a call
   * that needs approval only after an approval round, so the approval is looked up in the
   * messages it passes (`approvalInMessages`). None found (the caller's own `toolApproval`
   * said not to ask, for one) is a denial: nobody approved the call.
   *
   * The messages come from the caller (a saved conversation, a chat request body), and code can
   * write them too, so anyone could write an approval. One is trusted only when this tool set can
   * vouch for it: the model made this very call (id, tool and input) in a run with this tool set
   * and the approval was given through `toolApprovalResponse` on this tool set (the one answer
   * code can give that validate and diff read), or the request carries the AI SDK's valid
   * signature under `secret` (a chat client's answer, a conversation resumed elsewhere). Each
   * approval runs its call once: a replay of the same messages is denied.
   */
  sdkApprover(toolCallId: string, toolName: string, input: unknown, messages: unknown): Approver {
    return (): ApprovalDecision => {
      const found = approvalInMessages(toolCallId, messages);
      if (!found?.approved)
        return {
          approved: false,
          unavailable: true,
          by: 'the AI SDK adapter (no approval response)',
          reason:
            'no tool-approval-response approving this call was found in the messages (an approval the AI SDK gives itself, ' +
            "such as ai 7's toolApproval option, is not one)",
          hint:
            "Let generateText or streamText ask (leave the tool's approval to toolsToAI, without toolApproval), " +
            'or allow the tool in the approval policy.',
        };
      const by = this.#vouch(toolCallId, toolName, input, found);
      if (by === undefined)
        return {
          approved: false,
          unavailable: true,
          by: 'the AI SDK adapter (unvouched approval)',
          reason:
            this.#made.get(toolCallId) === callKey(toolName, input)
              ? 'the approval was not given through toolApprovalResponse on this tool set (a tool-approval-response built by hand, ' +
                'or read from a file, may say yes for nobody) and its request carries no valid signature (approvalSecret)'
              : 'the tool-approval-request this approval answers was not made by this tool set in this process and carries no valid ' +
                'signature (approvalSecret), so the approval may be forged',
          hint:
            'Answer each request with await toolApprovalResponse(tools, request, { approved, by }). To resume a saved conversation ' +
            'or a chat whose client sends the messages, give generateText or streamText experimental_toolApprovalSecret and ' +
            'toolsToAI the same secret as approvalSecret.',
        };
      return { approved: true, by };
    };
  }

  /**
   * Who approved `found` when this tool set can vouch for it (see `sdkApprover`), spending it, or `undefined`: the call the
   * model made with `toolApprovalResponse`'s approval, else a request the AI SDK signed.
   */
  #vouch(toolCallId: string, toolName: string, input: unknown, found: ApprovalInMessages): string | undefined {
    const given = this.#approved.get(found.approvalId);
    if (this.#made.get(toolCallId) === callKey(toolName, input) && given?.toolCallId === toolCallId) {
      this.#made.delete(toolCallId);
      this.#approved.delete(found.approvalId);
      return given.by;
    }
    if (this.secret === undefined || found.signature === undefined || this.#spent.has(found.approvalId)) return undefined;
    if (!isToolApprovalSigned(this.secret, found.signature, { approvalId: found.approvalId, toolCallId, toolName, input }))
      return undefined;
    remember(this.#spent, found.approvalId, true);
    return given?.toolCallId === toolCallId ? given.by : SDK_APPROVED_BY;
  }
}

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_REMEMBERED) map.delete(map.keys().next().value!);
}
