import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpServer, type AgentToolsMcpServer, type LogLevelState } from '../adapters/mcp.js';
import { DuplicateToolError } from '../core/errors.js';
import { routeConsoleToStderr, routeStdoutToStderr } from './console-to-stderr.js';
import { ConfigError, UsageError } from '../shared/errors.js';
import { loadToolsModule, type LoadedTools } from './load-tools-module.js';
import { truncationNote } from '../runtime/json-safe.js';
import { keepIdleConnections } from '../util/keep-alive.js';
import type { ToolLogEntry } from '../runtime/tool-log.js';

/** Options of {@link runServe}, as the `serve` command parses them. */
export interface ServeOptions {
  module: string;
  tier: 'core' | 'extended' | 'all';
  /** A TCP port on 127.0.0.1 for Streamable HTTP (0 picks a free one); stdio when absent. */
  http?: string;
  /** false with --no-skills: leave out the skill store's enabled skills. */
  skills?: boolean;
  /** The skill store (default .agent-tools/skills.db). */
  store?: string;
}

const SERVER_NAME = 'agent-tools';

/** The server's log on stderr: a capped result is noted there with both sizes (C-09). */
function noteTruncation(entry: ToolLogEntry): void {
  if (entry.truncated) process.stderr.write(`agent-tools: ${truncationNote(entry.tool, entry.truncated)}\n`);
}

// One level for the process: over stateless HTTP each request gets its own server, and a
// client's logging/setLevel must still hold for its later calls.
const logLevel: LogLevelState = { level: undefined };

function build(loaded: LoadedTools, tier: ServeOptions['tier'], version: string): AgentToolsMcpServer {
  try {
    return createMcpServer(loaded.tools, {
      name: SERVER_NAME,
      version,
      tier,
      logLevel,
      onToolLog: noteTruncation,
      ...(loaded.getApi ? { getApi: loaded.getApi } : {}),
      ...(loaded.prompts ? { prompts: loaded.prompts } : {}),
    });
  } catch (err) {
    if (err instanceof DuplicateToolError) throw new ConfigError(err.message);
    throw err;
  }
}

/**
 * Loads a tools module and serves it as an MCP server: over stdio (stdout carries only
 * protocol messages; console output and logs go to stderr), or with `http` over
 * stateless Streamable HTTP at `http://127.0.0.1:<port>/mcp`. Resolves once the server is
 * listening; the process then lives until stdin closes (stdio) or it is stopped (HTTP).
 *
 * @throws {UsageError} for a bad port; {@link ConfigError} for a module that cannot be loaded.
 */
export async function runServe(options: ServeOptions, version: string): Promise<number> {
  let port: number | undefined;
  if (options.http !== undefined) {
    port = Number(options.http);
    if (!/^\d+$/.test(options.http) || port > 65535)
      throw new UsageError(`--http: expected a port number from 0 to 65535, received "${options.http}"`, 'serve');
  }
  routeConsoleToStderr();
  // over stdio, stdout is the JSON-RPC stream: a tool's own process.stdout.write goes to stderr
  const stdout = port === undefined ? routeStdoutToStderr() : undefined;
  const module = await loadToolsModule(options.module);
  const loaded =
    options.skills === false ? module : await (await import('./serve-skills.js')).withStoreSkills(module, options.tier, options.store);
  const first = build(loaded, options.tier, version);
  const count = first.visibleTools().length;
  if (port === undefined) {
    const { ScreenedStdioTransport } = await import('../adapters/stdio-transport.js');
    await first.connect(new ScreenedStdioTransport(process.stdin, stdout?.stream));
    process.stderr.write(
      `agent-tools: serving ${count} tool${count === 1 ? '' : 's'} from ${options.module} (${loaded.from}, tier ${options.tier}) over stdio\n`,
    );
    if (count === 0) process.stderr.write(emptyTierHint(options.tier));
    return 0;
  }
  await first.close();
  const { StreamableHTTPServerTransport } = await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
  const { screenHttpPost } = await import('../adapters/http-screen.js');
  let actual = 0;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith('/mcp')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the MCP endpoint is /mcp\n');
      return;
    }
    // Only local hosts: a web page that rebinds its DNS name to 127.0.0.1 must not reach the tools.
    // A browser page of any other origin gets 403 (the MCP transport spec: servers MUST validate
    // Origin); a request without Origin (a non-browser client) is let through by the SDK.
    const own = [`127.0.0.1:${actual}`, `localhost:${actual}`];
    const transportOptions = {
      sessionIdGenerator: undefined,
      enableDnsRebindingProtection: true,
      allowedHosts: own,
      allowedOrigins: own.map((h) => `http://${h}`),
    };
    // Malformed bodies get the same JSON-RPC errors as over stdio, before a server is built.
    const screened = req.method === 'POST' ? await screenHttpPost(req, res, transportOptions) : { message: undefined };
    if (!screened) return;
    // Stateless mode: one server and transport per request, as the SDK documents.
    const server = build(loaded, options.tier, version);
    const transport = new StreamableHTTPServerTransport(transportOptions);
    res.on('close', () => void server.close());
    await server.connect(transport);
    await transport.handleRequest(req, res, screened.message);
  };
  const http = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      process.stderr.write(`agent-tools: HTTP request failed: ${err instanceof Error ? err.message : String(err)}\n`);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  // Idle keep-alive sockets stay open longer than clients keep them (soak row 3, seed 1717: one
  // call in 10 000 failed with "fetch failed"; a reused socket the server was closing fits it).
  keepIdleConnections(http);
  await new Promise<void>((resolve, reject) => {
    http.once('error', (err) => reject(new UsageError(`--http: cannot listen on 127.0.0.1:${port}: ${err.message}`, 'serve')));
    http.listen(port, '127.0.0.1', resolve);
  });
  actual = (http.address() as AddressInfo).port;
  process.stderr.write(
    `agent-tools: serving ${count} tool${count === 1 ? '' : 's'} from ${options.module} (${loaded.from}, tier ${options.tier}) at http://127.0.0.1:${actual}/mcp\n`,
  );
  if (count === 0) process.stderr.write(emptyTierHint(options.tier));
  return 0;
}

/** Said when nothing is served: a fresh scaffold puts tools in the extended tier, and serve shows core by default. */
function emptyTierHint(tier: ServeOptions['tier']): string {
  return tier === 'all'
    ? 'agent-tools: warning: the module has no tools to serve\n'
    : `agent-tools: warning: the ${tier} tier is empty; tools in other tiers are not served (use --tier all, or move tools into the ${tier} tier)\n`;
}
