/** One MCP skill's connection to its server (stdio or HTTP) over the official client, made again after the server dies. */

import type { Client, PriorDiscovery, Tool } from '@modelcontextprotocol/client';
import type { McpSkillFile } from '../files/skill-file-schema.js';

/**
 * The environment variable that carries the chain of MCP skills a server was started for,
 * comma-separated, outermost first (`a,b`). The stdio server of a skill gets the chain plus that
 * skill, and a skill already in the chain is refused, so an `agent-tools serve` behind an MCP
 * skill that loads the same store cannot start itself again and again.
 */
export const SKILL_CHAIN_ENV = 'AGENT_TOOLS_SKILL_CHAIN';

/**
 * How long the `server/discover` probe of a stdio server may take, in ms (or the request
 * timeout when shorter). The SDK reads a silent stdio server as a 2025-era one and falls back to
 * `initialize`; its default wait is the whole request timeout (60 s), which a 2025 server that
 * ignores unknown requests would cost on every start.
 */
export const STDIO_PROBE_TIMEOUT_MS = 10_000;

type ClientModules = [typeof import('@modelcontextprotocol/client'), typeof import('@modelcontextprotocol/client/stdio')];

/**
 * Loads the official MCP client (SDK v2) on first use, so importing the skills layer does not.
 * @throws when it is missing (an install that left it out), saying what to do.
 */
export async function loadMcpClient(): Promise<ClientModules> {
  try {
    return await Promise.all([import('@modelcontextprotocol/client'), import('@modelcontextprotocol/client/stdio')]);
  } catch (err) {
    const e = err as { code?: string; message?: string };
    if (e.code === 'ERR_MODULE_NOT_FOUND' && e.message?.includes('@modelcontextprotocol/client'))
      throw new Error(
        'MCP skills need the MCP client @modelcontextprotocol/client, a dependency of agent-tools missing from this install; reinstall agent-tools',
        { cause: err },
      );
    throw err;
  }
}

/** What a connection needs besides the skill file. */
export interface McpConnectionOptions {
  /** Sent as the client's name in `initialize` and in each 2026-07-28 request's `_meta`. */
  clientName: string;
  /** Every request's timeout in ms (connect, list, call); the SDK's default (60 000) when not given. */
  timeoutMs?: number;
  /** The skill chain this process runs in ({@link SKILL_CHAIN_ENV}, already split). */
  chain: readonly string[];
  /** The stdio server's own variables, `${env:NAME}` already filled. */
  serverEnv: Readonly<Record<string, string>>;
  /** The HTTP server's request headers, `${env:NAME}` already filled. */
  headers: Readonly<Record<string, string>>;
}

/** A connected client and the tools its server lists now (every page of `tools/list`). */
export interface McpSession {
  client: Client;
  tools: Tool[];
}

/**
 * One MCP skill's link to its server, made again after the server dies. Each connect finds the
 * protocol era as the 2026-07-28 specification tells a client that must reach both kinds of
 * server: a `server/discover` probe, a 2026-07-28 session where the server offers it, else the
 * 2025 `initialize` handshake. On stdio the probe runs on the server process itself (a subclass
 * of the SDK's transport: its default starts a second, short-lived process for the probe, which
 * would start every stdio server twice); a 2025 server that exits on the unknown request is
 * started once more with the plain handshake. The verdict is kept, so a reconnect does not probe
 * again (a wrong one is forgotten when that connect fails).
 */
export class McpConnection {
  #session: Promise<McpSession> | undefined;
  #live: McpSession | undefined;
  #prior: PriorDiscovery | undefined;

  constructor(
    private readonly file: McpSkillFile,
    private readonly modules: ClientModules,
    private readonly options: McpConnectionOptions,
  ) {}

  /** The session when connected, else undefined (the next {@link connect} starts one). */
  get live(): McpSession | undefined {
    return this.#live;
  }

  /** `modern` (2026-07-28 and later) or `legacy` (2025 revisions), once connected. */
  get era(): 'modern' | 'legacy' | undefined {
    return this.#live?.client.getProtocolEra();
  }

  /** The negotiated protocol revision, once connected (`2026-07-28`, `2025-11-25`, …). */
  get protocolVersion(): string | undefined {
    return this.#live?.client.getNegotiatedProtocolVersion();
  }

  /** Connects (or returns the connection being made) and lists the tools. */
  connect(): Promise<McpSession> {
    this.#session ??= this.#open().catch((err: unknown) => {
      this.#session = undefined;
      this.#prior = undefined;
      throw err;
    });
    return this.#session;
  }

  /** Forgets a session whose server stopped, so the next call connects again. */
  drop(session: McpSession): void {
    if (this.#live !== session) return;
    this.#live = undefined;
    this.#session = undefined;
  }

  /** Closes the connection (and ends a stdio server). */
  async close(): Promise<void> {
    const s = this.#live;
    this.#live = undefined;
    this.#session = undefined;
    await s?.client.close();
  }

  async #open(): Promise<McpSession> {
    const { SdkErrorCode } = this.modules[0];
    try {
      return await this.#attempt('auto');
    } catch (err) {
      const stdio = 'command' in this.file.server;
      if (!stdio || this.#prior || (err as { code?: unknown }).code !== SdkErrorCode.EraNegotiationFailed) throw err;
      // A 2025 server that closed the pipe on `server/discover`: start it again for `initialize` alone.
      return this.#attempt('legacy');
    }
  }

  async #attempt(mode: 'auto' | 'legacy'): Promise<McpSession> {
    const [{ Client, StreamableHTTPClientTransport }, { StdioClientTransport, getDefaultEnvironment }] = this.modules;
    const { file, options } = this;
    const probe = { timeoutMs: Math.min(options.timeoutMs ?? STDIO_PROBE_TIMEOUT_MS, STDIO_PROBE_TIMEOUT_MS) };
    const client = new Client(
      { name: options.clientName, version: '0.1.0' },
      { versionNegotiation: { mode, ...('command' in file.server ? { probe } : {}) } },
    );
    /** The SDK probes on the connection itself for any subclass of its stdio transport; the server's pid is kept once started. */
    class InPlaceStdioTransport extends StdioClientTransport {
      started: number | null = null;
      override async start(): Promise<void> {
        await super.start();
        this.started = this.pid;
      }
    }
    const transport =
      'command' in file.server
        ? new InPlaceStdioTransport({
            command: file.server.command,
            args: file.server.args ?? [],
            env: { ...getDefaultEnvironment(), ...options.serverEnv, [SKILL_CHAIN_ENV]: [...options.chain, file.name].join(',') },
            stderr: 'pipe',
          })
        : new StreamableHTTPClientTransport(new URL(file.server.url), { requestInit: { headers: { ...options.headers } } });
    // the server's last words on stderr (at most 2 000 code units), kept to say why it closed the connection; the rest is dropped
    let said = '';
    if (transport instanceof InPlaceStdioTransport)
      transport.stderr?.on('data', (chunk: Buffer) => (said = (said + chunk.toString('utf8')).slice(-2000)));
    const request = options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs };
    try {
      await client.connect(transport, { ...request, ...(this.#prior ? { prior: this.#prior } : {}) });
      const { tools } = await client.listTools(undefined, request);
      const discover = client.getDiscoverResult();
      this.#prior = discover ? { kind: 'modern', discover } : { kind: 'legacy' };
      const session = { client, tools };
      client.onclose = () => this.drop(session);
      this.#live = session;
      return session;
    } catch (err) {
      await client.close().catch(() => undefined);
      // close() ends a stdio server in the background (stdin, then signals after a wait): a command that exits next would
      // leave a server that ignores its stdin running, so one that failed to connect is ended now
      if (transport instanceof InPlaceStdioTransport && transport.started !== null) endProcess(transport.started);
      const last = said.trim().split('\n').slice(-3).join(' / ').trim();
      if (last !== '' && err instanceof Error) err.message += ` (the server's stderr: ${last})`;
      throw err;
    }
  }
}

/** SIGKILLs the process `pid` when it is still there; one already gone is no error. */
function endProcess(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone already
  }
}
