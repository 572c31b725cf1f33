/** Serves a toolbox over stdio: the opening message picks the connection's MCP era. */

import { ScreenedStdioTransport } from './stdio-transport.js';
import { createInstance } from './mcp-instance.js';
import type { ServedToolbox } from './mcp-toolbox.js';
import { assertKnownOptions } from '../core/known-options.js';

/** Options of `serveStdio`: the streams (default: this process's stdin and stdout). */
export interface McpStdioOptions {
  stdin?: NodeJS.ReadableStream;
  stdout?: NodeJS.WritableStream;
  /** `'reject'` refuses 2025-era clients (an `initialize` opening); default `'serve'`. */
  legacy?: 'serve' | 'reject';
}

/** Every option name of `serveStdio`. */
const STDIO_OPTION_NAMES = { stdin: true, stdout: true, legacy: true } as const satisfies Record<keyof McpStdioOptions, true>;

/** A running stdio server: `close()` ends the connection and closes its server instance. */
export interface McpStdioServing {
  close(): Promise<void>;
}

/**
 * Serves `toolbox` over stdio with the SDK's `serveStdio` (from `@modelcontextprotocol/server/stdio`):
 * the opening message picks the connection's era (a 2026-07-28 request with its `_meta`
 * envelope, or a 2025 `initialize`) and one instance serves the connection, following list
 * changes (on 2026 they go to `subscriptions/listen` streams). Lines are read by
 * `ScreenedStdioTransport`, which answers malformed JSON-RPC with its error.
 */
export async function serveMcpStdio(toolbox: ServedToolbox, options: McpStdioOptions = {}): Promise<McpStdioServing> {
  assertKnownOptions('serveStdio', options, STDIO_OPTION_NAMES);
  const { serveStdio } = await import('@modelcontextprotocol/server/stdio');
  const transport = new ScreenedStdioTransport(options.stdin ?? process.stdin, options.stdout ?? process.stdout);
  const handle = serveStdio(() => createInstance(toolbox, { follow: true }), { transport, legacy: options.legacy ?? 'serve' });
  return { close: () => handle.close() };
}
