import { pathToFileURL } from 'node:url';
import type { ToolLogEntry } from 'agent-tools';
import { toolApprovalResponse, type AIToolApprovalRequest } from 'agent-tools/ai';
import { generateText, type ModelMessage } from 'ai';
import { createCanvasAgentTools } from './ai.js';
import { useCanvas } from './api.js';
import { createSampleCanvas } from './canvas/sample.js';
import { formatCall } from './demo.js';
import { scriptedModel, type ScriptTurn } from './scripted-model.js';

/** The scripted session: look at the card, then delete the avatar (n6) and the body text (n3) in one turn. */
export const APPROVAL_SCRIPT: ScriptTurn[] = [
  { calls: [{ tool: 'find_nodes', args: { within: 'n1', type: 'ellipse' } }] },
  {
    calls: [
      { tool: 'delete_node', args: { id: 'n6' } },
      { tool: 'delete_node', args: { id: 'n3' } },
    ],
  },
  { text: 'I removed the avatar; the body text stays, as you asked.' },
];

/** Who decides in this demo, as the ToolLog names them. */
export const APPROVER = 'the main job script';

/** What {@link runApprovalDemo} returns: the ToolLog, the requests the first round stopped with, and the final answer. */
export interface ApprovalDemoResult {
  log: ToolLogEntry[];
  requests: { tool: string; args: unknown }[];
  /** The tool results the model read in its last turn, as `tool output-type (reason)`. */
  seen: string[];
  text: string;
}

/**
 * One approval round trip through the AI SDK (ai 6 and 7) on the sample card, with the mock
 * model: `delete_node` is destructive, so `generateText` stops with a `tool-approval-request`
 * for each of the two deletions instead of running them. The script approves the avatar's
 * (`toolApprovalResponse(..., { approved: true, by })`) and denies the body text's with a
 * reason, then calls `generateText` again: the approved call runs, the denied one reaches the
 * model as the SDK's `execution-denied` result. Prints each step and the ToolLog's
 * `approval`/`approvalBy` of every call.
 */
export async function runApprovalDemo(print: (line: string) => void = console.log): Promise<ApprovalDemoResult> {
  const canvas = createSampleCanvas();
  useCanvas(canvas);
  const agent = createCanvasAgentTools({ maxSteps: 10, tier: 'all', onCall: (e, i) => print(formatCall(e, i)) });
  const model = scriptedModel(APPROVAL_SCRIPT);
  const prompt = 'Tidy the card: remove the avatar and the body text.';
  const messages: ModelMessage[] = [{ role: 'user', content: prompt }];
  print(`user: ${prompt}`);

  const first = await generateText({ model, tools: agent.tools, stopWhen: agent.stopWhen, messages });
  const requests = first.content.filter((p) => p.type === 'tool-approval-request') as unknown as AIToolApprovalRequest[];
  print(`generateText stopped with ${requests.length} tool-approval-request(s):`);
  for (const r of requests) print(`  ${r.toolCall.toolName} ${JSON.stringify(r.toolCall.input)} (approvalId ${r.approvalId})`);

  const answers = [];
  for (const r of requests) {
    const id = (r.toolCall.input as { id?: string }).id;
    const node = id ? canvas.getNode(id) : undefined;
    const approved = node?.name === 'Avatar';
    const reason = approved ? undefined : 'the body text stays';
    print(`${APPROVER}: ${approved ? 'approve' : 'deny'} ${r.toolCall.toolName} of ${id} "${node?.name}"${reason ? ` (${reason})` : ''}`);
    answers.push(await toolApprovalResponse(agent.tools, r, { approved, by: APPROVER, ...(reason ? { reason } : {}) }));
  }
  const second = await generateText({
    model,
    tools: agent.tools,
    stopWhen: agent.stopWhen,
    messages: [...messages, ...first.response.messages, { role: 'tool', content: answers }],
  });
  // What the model read in its last turn: the SDK's execution-denied result for the denied call.
  const seen = (model.doGenerateCalls.at(-1)?.prompt ?? [])
    .flatMap((m) => (m.role === 'tool' ? m.content : []))
    .flatMap((p) =>
      p.type === 'tool-result' ? [`${p.toolName} ${p.output.type}${'reason' in p.output ? ` (${p.output.reason})` : ''}`] : [],
    );
  print(`the model read: ${seen.join('; ')}`);
  print(`assistant: ${second.text}`);

  print('\nToolLog approval:');
  for (const e of agent.log)
    print(`  ${e.tool} ${JSON.stringify(e.args)}: ${e.approval} by ${e.approvalBy}${e.error ? ' (did not run)' : ''}`);
  const left = canvas.findNodes({ within: 'n1' }).map((n) => `${n.id} ${n.name}`);
  print(`card n1 now holds: ${left.join(', ')}`);
  return {
    log: agent.log,
    requests: requests.map((r) => ({ tool: r.toolCall.toolName, args: r.toolCall.input })),
    seen,
    text: second.text,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await runApprovalDemo();
