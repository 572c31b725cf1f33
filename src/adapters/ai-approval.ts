/** AI SDK tool approval: the approval request and response parts (ai 6 and 7) and what one tool set remembers of each verdict. */

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

type Part = { type?: string; toolCallId?: string; approvalId?: string; approved?: boolean; reason?: string };
type Message = { role?: string; content?: unknown };

/**
 * The approval response for tool call `toolCallId` in the messages the AI SDK hands `execute`:
 * the `tool-approval-request` an assistant message holds for the call, and the
 * `tool-approval-response` a tool message holds for that request. `undefined` when there is none.
 */
export function approvalInMessages(toolCallId: string, messages: unknown): { approved: boolean; reason?: string } | undefined {
  if (!Array.isArray(messages)) return undefined;
  const parts = (role: string) =>
    (messages as Message[]).flatMap((m) => (m?.role === role && Array.isArray(m.content) ? (m.content as Part[]) : []));
  const ids = new Set(
    parts('assistant')
      .filter((p) => p?.type === 'tool-approval-request' && p.toolCallId === toolCallId)
      .map((p) => p.approvalId),
  );
  const response = parts('tool').find((p) => p?.type === 'tool-approval-response' && ids.has(p.approvalId));
  if (!response || typeof response.approved !== 'boolean') return undefined;
  return { approved: response.approved, ...(typeof response.reason === 'string' ? { reason: response.reason } : {}) };
}

/**
 * What one tool set remembers of its calls' approval: the rules' verdict per tool call (taken
 * once, in `needsApproval`, and reused when the AI SDK asks again and when `execute` runs, so
 * a rule that would answer differently the second time cannot let a call through) and who
 * approved it, when the caller said (`toolApprovalResponse`).
 */
export class AIApprovalState {
  readonly #verdicts = new Map<string, ApprovalVerdict>();
  readonly #approvedBy = new Map<string, string>();

  constructor(
    readonly defs: ReadonlyMap<string, AnyToolDef>,
    readonly run: (def: AnyToolDef, input: unknown, approve: Approver) => Promise<unknown>,
  ) {}

  verdict(toolCallId: string): ApprovalVerdict | undefined {
    return this.#verdicts.get(toolCallId);
  }

  remember(toolCallId: string, verdict: ApprovalVerdict): void {
    remember(this.#verdicts, toolCallId, verdict);
  }

  approvedBy(toolCallId: string, by: string): void {
    remember(this.#approvedBy, toolCallId, by);
  }

  /**
   * The approver of a call the AI SDK runs (ai 6 and 7): the SDK calls `execute` for a call
   * that needs approval only after an approval round, so the approval is looked up in the
   * messages it passes (`approvalInMessages`). None found (the caller's own `toolApproval`
   * said not to ask, for one) is a denial: nobody approved the call.
   */
  sdkApprover(toolCallId: string, messages: unknown): Approver {
    return (): ApprovalDecision => {
      const found = approvalInMessages(toolCallId, messages);
      if (found?.approved) return { approved: true, by: this.#approvedBy.get(toolCallId) ?? SDK_APPROVED_BY };
      return {
        approved: false,
        unavailable: true,
        by: 'the AI SDK adapter (no approval response)',
        reason: 'no tool-approval-response approving this call was found in the messages',
        hint: "Let generateText or streamText ask (leave the tool's approval to toolsToAI), or allow it in the approval policy.",
      };
    };
  }
}

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_REMEMBERED) map.delete(map.keys().next().value!);
}
