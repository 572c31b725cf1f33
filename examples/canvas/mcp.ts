import { pathToFileURL } from 'node:url';
import { createMcpServer, type AgentToolsMcpServer } from 'agent-tools/mcp';
import { getApi } from './api.js';
import { registry } from './registry.js';

/**
 * `agent-tools serve examples/canvas/mcp.ts` serves this module's `registry` with `getApi`
 * (over stdio, or Streamable HTTP with `--http`). Run directly
 * (`node --import tsx examples/canvas/mcp.ts`) it starts {@link createCanvasMcpServer} over stdio.
 */
export { getApi, registry };

/**
 * The canvas MCP server as an application would build it: every tool of the registry (or one
 * tier), the shared canvas, a one-line log of each call on stderr (stdout carries only MCP
 * messages), and hooks that refuse mutating tools when `readOnly` and note every change.
 */
export function createCanvasMcpServer(options: { tier?: 'core' | 'extended' | 'all'; readOnly?: boolean } = {}): AgentToolsMcpServer {
  const { tier = 'all', readOnly = false } = options;
  return createMcpServer(registry, {
    name: 'canvas',
    version: '1.0.0',
    tier,
    getApi,
    onBeforeExecute: (def) => {
      if (readOnly && def.mutates) throw new Error(`This canvas server is read-only; ${def.name} would change the document`);
    },
    onAfterExecute: (def, args) => {
      if (def.mutates) process.stderr.write(`canvas: document changed by ${def.name} ${JSON.stringify(args)}\n`);
    },
    onToolLog: (e) => process.stderr.write(`canvas: ${e.tool} ${e.error ? `error: ${e.error}` : 'ok'} (${e.durationMs.toFixed(1)} ms)\n`),
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // Both MCP eras over stdio: 2026-07-28 clients and 2025-era ones alike.
  await createCanvasMcpServer({ readOnly: process.env.CANVAS_READ_ONLY === '1' }).serveStdio();
}
