import { Hono } from 'hono';
import { runTool } from '../../runtime/run-tool.js';
import type { ToolLogEntry } from '../../runtime/tool-log.js';
import type { ErrorResponse, RunRequest, RunResponse } from '../page/api-types.js';
import { findImages } from '../result-images.js';
import type { McpConnections } from '../mcp-connections.js';
import type { ConsoleToolbox } from '../server.js';
import type { ConsoleStore } from '../store-access.js';
import { runnableTools, toolsResponse } from '../tool-catalog.js';
import { jsonBody } from './json-body.js';
import type { ExternalToolOptions } from '../../skills/files/external-tool.js';

const utf8 = (s: string) => Buffer.byteLength(s, 'utf8');

/**
 * The Try it section's API:
 * - `GET /api/tools`: the tools with their input schemas;
 * - `POST /api/tools/run {id, args}`: one call through the pipeline (`runTool`: the one
 *   argument validator, the JSON-safe result cap); bad arguments come back as `issues` by
 *   param. A tool of a switched-off skill is refused (409), as `skill run` refuses it.
 */
export function toolRoutes(
  store: ConsoleStore,
  toolbox: ConsoleToolbox | undefined,
  connections: McpConnections,
  toolOptions: ExternalToolOptions = {},
): Hono {
  const app = new Hono();
  app.get('/', async (c) => c.json(toolsResponse(await runnableTools(store, toolbox, connections, toolOptions))));
  app.post('/run', async (c) => {
    const body = await jsonBody<RunRequest>(c);
    if ('error' in body) return c.json(body, 400);
    const { id, args = {} } = body.value;
    if (typeof id !== 'string') return c.json({ error: 'expected {"id": string, "args": object}' } satisfies ErrorResponse, 400);
    const tool = (await runnableTools(store, toolbox, connections, toolOptions)).tools.find((t) => t.view.id === id);
    if (!tool) return c.json({ error: `no tool "${id}"` } satisfies ErrorResponse, 404);
    if (!tool.view.enabled) return c.json({ error: `${tool.view.from} is disabled; switch it on first` } satisfies ErrorResponse, 409);
    let entry: ToolLogEntry | undefined;
    const result = await runTool(tool.def, args, { ...(tool.getApi ? { getApi: tool.getApi } : {}), onToolLog: (e) => (entry = e) });
    const durationMs = entry?.durationMs ?? 0;
    const answer: RunResponse = result.isError
      ? {
          isError: true,
          error: result.error,
          ...(result.issues ? { issues: result.issues } : {}),
          durationMs,
          bytes: utf8(result.error),
          images: [],
        }
      : {
          isError: false,
          value: result.value,
          durationMs,
          bytes: utf8(result.json),
          ...(result.truncated ? { truncated: result.truncated } : {}),
          images: findImages(result.value),
        };
    return c.json(answer);
  });
  return app;
}
