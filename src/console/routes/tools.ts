/** The Try it section's API: the tools with their input schemas, and one call through the pipeline. */

import { Hono } from 'hono';
import type { ApprovalPolicy } from '../../core/approval.js';
import { parseArgs } from '../../core/parse-args.js';
import { approvalPolicyList, approvalVerdict, withToolsApproval, type ApprovalDecision, type Approver } from '../../runtime/approval.js';
import { runTool } from '../../runtime/run-tool.js';
import type { ToolLogEntry } from '../../runtime/tool-log.js';
import type { ApprovalNeeded, ErrorResponse, RunRequest, RunResponse } from '../page/api-types.js';
import { findImages } from '../result-images.js';
import type { McpConnections } from '../mcp-connections.js';
import type { ConsoleToolbox } from '../server.js';
import type { ConsoleStore } from '../store-access.js';
import { runnableTools, toolsResponse } from '../tool-catalog.js';
import { jsonBody } from './json-body.js';
import type { ExternalToolOptions } from '../../skills/files/external-tool.js';

const utf8 = (s: string) => Buffer.byteLength(s, 'utf8');

/** Named to a tool's `needsApproval` function (`ctx.caller`) and in the ToolLog. */
const CALLER = 'the skill console (Try it)';

/** The approver of one Try it call: the answer the page sent from its Approve / Deny dialog. */
function dialogAnswer(answer: RunRequest['approval']): Approver {
  return (): ApprovalDecision =>
    answer === 'approved'
      ? { approved: true, by: 'the console user (Approve)' }
      : answer === 'denied'
        ? { approved: false, by: 'the console user (Deny)', reason: 'denied in the console' }
        : {
            approved: false,
            unavailable: true,
            by: CALLER,
            reason: 'the page sent no answer',
            hint: 'Run it again from Try it and answer the Approve / Deny dialog.',
          };
}

/**
 * The Try it section's API:
 * - `GET /api/tools`: the tools with their input schemas;
 * - `POST /api/tools/run {id, args}`: one call through the pipeline (`runTool`: the one
 *   argument validator, the JSON-safe result cap); bad arguments come back as `issues` by
 *   param. A tool of a switched-off skill is refused (409), as `skill run` refuses it. A call
 *   that needs approval (the policy `approval`, with a toolbox registry's own after it; the
 *   tool's `needsApproval`; a destructive tool) and comes without `approval` runs nothing and
 *   answers `ApprovalNeeded` with the parsed arguments; the page asks, then sends the call again
 *   with `approval: 'approved' | 'denied'`, which the ToolLog records (`approval` in the answer).
 */
export function toolRoutes(
  store: ConsoleStore,
  toolbox: ConsoleToolbox | undefined,
  connections: McpConnections,
  toolOptions: ExternalToolOptions = {},
  approval?: ApprovalPolicy,
): Hono {
  const app = new Hono();
  const forToolbox = toolbox ? withToolsApproval(toolbox.tools, { approval }).approval : approval;
  app.get('/', async (c) => c.json(toolsResponse(await runnableTools(store, toolbox, connections, toolOptions))));
  app.post('/run', async (c) => {
    const body = await jsonBody<RunRequest>(c);
    if ('error' in body) return c.json(body, 400);
    const { id, args = {}, approval: decision } = body.value;
    if (typeof id !== 'string') return c.json({ error: 'expected {"id": string, "args": object}' } satisfies ErrorResponse, 400);
    const tool = (await runnableTools(store, toolbox, connections, toolOptions)).tools.find((t) => t.view.id === id);
    if (!tool) return c.json({ error: `no tool "${id}"` } satisfies ErrorResponse, 404);
    if (!tool.view.enabled) return c.json({ error: `${tool.view.from} is disabled; switch it on first` } satisfies ErrorResponse, 409);
    if (decision !== undefined && decision !== 'approved' && decision !== 'denied')
      return c.json({ error: 'approval: expected "approved" or "denied"' } satisfies ErrorResponse, 400);
    const policies = id.startsWith('toolbox:') ? forToolbox : approval;
    const parsed = parseArgs(tool.def, args);
    if (parsed.ok && decision === undefined) {
      const verdict = await approvalVerdict(tool.def, parsed.args as Record<string, unknown>, approvalPolicyList(policies), CALLER);
      if (verdict.need === 'ask')
        return c.json({
          approvalRequired: true,
          tool: tool.def.name,
          description: tool.def.description,
          why: verdict.why ?? 'a rule asks for it',
          args: parsed.args as Record<string, unknown>,
        } satisfies ApprovalNeeded);
    }
    let entry: ToolLogEntry | undefined;
    const result = await runTool(
      tool.def,
      args,
      { ...(tool.getApi ? { getApi: tool.getApi } : {}), ...(policies ? { approval: policies } : {}), onToolLog: (e) => (entry = e) },
      { caller: CALLER, approve: dialogAnswer(decision) },
    );
    const approvalRecord = entry?.approval ? { approval: { outcome: entry.approval, by: entry.approvalBy ?? '' } } : {};
    const durationMs = entry?.durationMs ?? 0;
    const answer: RunResponse = result.isError
      ? {
          isError: true,
          error: result.error,
          ...(result.issues ? { issues: result.issues } : {}),
          durationMs,
          bytes: utf8(result.error),
          images: [],
          ...approvalRecord,
        }
      : {
          isError: false,
          value: result.value,
          durationMs,
          bytes: utf8(result.json),
          ...(result.truncated ? { truncated: result.truncated } : {}),
          images: findImages(result.value),
          ...approvalRecord,
        };
    return c.json(answer);
  });
  return app;
}
