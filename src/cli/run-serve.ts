/** Runs `agent-tools serve`: loads a tools module and serves it as an MCP server over stdio or HTTP. */

import type { TierChoice } from '../core/tier.js';
import { createMcpServer, type AgentToolsMcpServer } from '../adapters/mcp.js';
import { CALL_TOOL_NAME } from '../adapters/mcp-tool-search.js';
import { SEARCH_TOOLS_NAME } from '../core/search-tools-listing.js';
import { DuplicateToolError } from '../core/errors.js';
import { routeConsoleToStderr, routeStdoutToStderr } from './console-to-stderr.js';
import { ConfigError, UsageError } from '../shared/errors.js';
import { loadToolsModule, unreadArraysWarning, type LoadedTools } from './load-tools-module.js';
import { commandPolicy, unmatchedApprovals, unmatchedConfigRules } from './approval-config.js';
import { commandApprovalPolicy } from './reviewed-policy.js';
import type { LoadedApprovalPolicy } from '../validate/approval-policy-file.js';
import { currentTools } from '../runtime/tool-source.js';
import type { ApprovalPolicy } from '../core/approval.js';
import { truncationNote } from '../runtime/json-safe.js';
import type { ToolLogEntry } from '../runtime/tool-log.js';
import { scriptSandboxMode } from './script-sandbox-mode.js';
import { serverIdentity, type ServerIdentity } from './serve-identity.js';
import { existsSync } from 'node:fs';
import { DEFAULT_STORE_PATH, isPostgresLocation, maskStoreLocation } from '../skills/store/store.js';

/** Options of {@link runServe}, as the `serve` command parses them. */
export interface ServeOptions {
  module: string;
  tier: TierChoice;
  /** A TCP port on 127.0.0.1 for Streamable HTTP (0 picks a free one); stdio when absent. */
  http?: string;
  /** false with --no-skills: leave out the skill store's enabled skills; true with --skills: serve them and say when there are none. */
  skills?: boolean;
  /** The skill store (default .agent-tools/skills.db). */
  store?: string;
  /** --allow-foreign-tables: a SQLite store file may hold another application's tables. */
  allowForeignTables?: boolean;
  /** --unsandboxed: where bubblewrap cannot run, script skills run without a sandbox. */
  unsandboxed?: boolean;
  /** --tool-search: list the core tier, search_tools and call_tool (see `McpServerOptions.toolSearch`). */
  toolSearch?: boolean;
  /** --token-file: the file holding the bearer token of `--http`. */
  tokenFile?: string;
  /** false with --no-auth: `--http` asks callers for no token. */
  auth?: boolean;
  /** --issuer: accept the JWT access tokens of this OAuth authorization server (else the `serve.issuer` configuration key). */
  issuer?: string;
  /** --resource: this server's public URL, the tokens' audience (else `serve.resource`, else the local URL). */
  resource?: string;
  /** `--approve`: tool names or globs that run without asking, added to the configuration's approval.allow. */
  approve?: string[];
  /** The command as the user ran it (`serve tools.ts --http 3333`), named by the approval hint; default `serve <module>`. */
  command?: string;
  /** `--name`: the server's name in the initialize result (default: the tools module's package name). */
  name?: string;
  /** `--server-version`: the server's version in the initialize result (default: the tools module's package version). */
  version?: string;
}

/** The server's log on stderr: a capped result is noted there with both sizes. */
function noteTruncation(entry: ToolLogEntry): void {
  if (entry.truncated) process.stderr.write(`agent-tools: ${truncationNote(entry.tool, entry.truncated)}\n`);
}

function build(
  loaded: LoadedTools,
  tier: ServeOptions['tier'],
  identity: ServerIdentity,
  toolSearch: boolean,
  approval?: ApprovalPolicy,
  command?: string,
): AgentToolsMcpServer {
  try {
    return createMcpServer(loaded.tools, {
      name: identity.name,
      version: identity.version,
      tier,
      ...(toolSearch ? { toolSearch } : {}),
      ...(approval ? { approval } : {}),
      ...(command ? { serveCommand: command } : {}),
      onToolLog: noteTruncation,
      ...(loaded.getApi ? { getApi: loaded.getApi } : {}),
      ...(loaded.prompts ? { prompts: loaded.prompts } : {}),
      ...(loaded.resources ? { resources: loaded.resources } : {}),
      ...(loaded.skills ? { skills: loaded.skills } : {}),
    });
  } catch (err) {
    if (err instanceof DuplicateToolError) throw new ConfigError(err.message);
    if (toolSearch && err instanceof TypeError) throw new ConfigError(`--tool-search: ${err.message}`);
    throw err;
  }
}

/**
 * Loads a tools module and serves it as an MCP server, MCP 2026-07-28 and 2025-era clients
 * alike: over stdio (stdout carries only protocol messages; console output and logs go to
 * stderr), or with `http` over Streamable HTTP at `http://127.0.0.1:<port>/mcp`. Resolves
 * once the server is listening; the process then lives until stdin closes (stdio) or it is
 * stopped (HTTP). A call that needs approval asks the client's user (elicitation); the policy
 * is the configuration's `approval` with `--approve` added to its allow list. The initialize
 * result names the server `--name`/`--server-version`, else the tools module's package (see {@link serverIdentity}).
 *
 * @throws {UsageError} for a bad port; {@link ConfigError} for a module that cannot be loaded
 *   or a malformed `approval` in the configuration.
 */
export async function runServe(options: ServeOptions, version: string): Promise<number> {
  let port: number | undefined;
  for (const [flag, value] of [
    ['--name', options.name],
    ['--server-version', options.version],
  ] as const)
    if (value !== undefined && value.trim() === '') throw new UsageError(`${flag}: expected a non-empty value`, 'serve');
  if (options.http !== undefined) {
    port = Number(options.http);
    if (!/^\d+$/.test(options.http) || port > 65535)
      throw new UsageError(`--http: expected a port number from 0 to 65535, received "${options.http}"`, 'serve');
  } else {
    const stray = (
      [
        ['--no-auth', options.auth === false],
        ['--token-file', options.tokenFile !== undefined],
        ['--issuer', options.issuer !== undefined],
        ['--resource', options.resource !== undefined],
      ] as const
    ).find(([, given]) => given);
    if (stray) throw new UsageError(`${stray[0]} applies only with --http`, 'serve');
  }
  // npx and npm run stop the shell they start, not this process: stop when the parent is gone
  const signals = await import('./stop-on-signals.js');
  signals.stopWhenParentExits();
  // fd 1 is kept for the protocol: run in a child whose fd 1 is stderr (see relaunchWithProtocolFd)
  if (port === undefined) {
    const { relaunchWithProtocolFd, shouldRelaunch } = await import('./protocol-fd.js');
    if (shouldRelaunch()) return relaunchWithProtocolFd();
  }
  // Ctrl-C or SIGTERM: script skills' process groups killed and temp folders removed before exiting
  signals.stopScriptsOnSignals();
  const { serveAuth } = await import('./serve-auth.js');
  const auth = port === undefined ? undefined : await serveAuth(options, process.cwd());
  const configured = commandApprovalPolicy(process.cwd(), options.module);
  const approval = commandPolicy(configured, options.approve);
  routeConsoleToStderr();
  // over stdio, stdout is the JSON-RPC stream: a tool's own process.stdout.write goes to stderr
  const stdout = port === undefined ? routeStdoutToStderr() : undefined;
  const module = await loadToolsModule(options.module);
  // tool search is over the module's tiers: with no store file (and no --skills) there are no skills to leave out
  const storeless =
    options.skills === undefined && !isPostgresLocation(options.store ?? '') && !existsSync(options.store ?? DEFAULT_STORE_PATH);
  if (options.toolSearch && options.skills !== false && !storeless)
    throw new UsageError(
      `--tool-search serves a registry's core tier and finds its extended tier, not a store's skills: add --no-skills (the store is ${maskStoreLocation(options.store ?? DEFAULT_STORE_PATH)})`,
      'serve',
    );
  const loaded =
    options.skills === false || (options.toolSearch && storeless)
      ? module
      : await (
          await import('./serve-skills.js')
        ).withStoreSkills(
          module,
          options.tier,
          options.store,
          { sandbox: scriptSandboxMode(options.unsandboxed) },
          options.skills === true,
          { allowForeignTables: options.allowForeignTables === true },
        );
  // an MCP skill's server process keeps this one alive: stop the skills when serving fails to start, and when stdin ends
  const stopSkills = once((loaded as { stop?: () => Promise<void> }).stop);
  try {
    checkApprovals(options.module, module, loaded, options.approve, configured);
    const identity = serverIdentity(options.module, version, options);
    const served = build(
      loaded,
      options.tier,
      identity,
      options.toolSearch === true,
      approval,
      options.command ?? `serve ${options.module}`,
    );
    const count = served.visibleTools().length;
    // with --tool-search, tools/list also holds the two tools the server adds: say so, so the count matches the list
    const added = options.toolSearch === true ? ` + ${SEARCH_TOOLS_NAME}, ${CALL_TOOL_NAME}` : '';
    const what = `${count} tool${count === 1 ? '' : 's'}${added} from ${options.module} (${loaded.from}, tier ${options.tier})`;
    if (port === undefined) {
      await served.serveStdio({ stdin: process.stdin, ...(stdout ? { stdout: stdout.stream } : {}) });
      for (const event of ['end', 'close']) process.stdin.once(event, () => void stopSkills());
      if (process.stdin.readableEnded || process.stdin.destroyed) void stopSkills();
      process.stderr.write(`agent-tools: serving ${what} over stdio\n`);
      if (count === 0) process.stderr.write(emptyTierHint(options.tier));
      return 0;
    }
    const { listenMcpHttp } = await import('./serve-http.js');
    const url = await listenMcpHttp(served, port, auth!.admit);
    process.stderr.write(`agent-tools: serving ${what} at ${url}\n`);
    process.stderr.write(authNote(auth!, url));
    if (count === 0) process.stderr.write(emptyTierHint(options.tier));
    return 0;
  } catch (err) {
    await stopSkills();
    throw err;
  }
}

/** Calls `f` at most once, however often it is called; its failure is dropped (the process is shutting down). */
function once(f: (() => Promise<void>) | undefined): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= (f?.() ?? Promise.resolve()).catch(() => undefined));
}

/**
 * Each `--approve` that matches no tool of the module (any tier) is a usage error naming it, with a
 * did-you-mean from the tool names; with the store's skills served it is a warning only, since a
 * skill enabled while the server runs may bring the tool. A rule of the configuration that matches no tool is a warning.
 *
 * @throws {UsageError} for the first such name when no skills are served.
 */
function checkApprovals(
  module: string,
  own: LoadedTools,
  served: LoadedTools,
  approve: readonly string[] = [],
  configured: LoadedApprovalPolicy = {},
): void {
  // the module's tools of every tier, and the skills' tools (served with the module's tier only)
  const names = [...new Set([...currentTools(own.tools, 'all'), ...currentTools(served.tools, 'all')].map((d) => d.name))];
  const withSkills = served.tools !== own.tools;
  for (const { rule, near } of unmatchedApprovals(approve, names)) {
    const mean = near.length > 0 ? ` (did you mean ${near.map((n) => JSON.stringify(n)).join(', ')}?)` : '';
    const what = `--approve ${JSON.stringify(rule)} matches no tool of ${module}${withSkills ? ' or of the enabled skills' : ''}${mean}`;
    if (!withSkills) throw new UsageError(what, 'serve');
    process.stderr.write(`agent-tools: warning: ${what}; it applies to a skill's tool of that name once one is enabled\n`);
  }
  for (const line of unmatchedConfigRules(configured, names, module, withSkills)) process.stderr.write(`agent-tools: warning: ${line}\n`);
  process.stderr.write(unreadArraysWarning(own, module));
}

/**
 * What callers of `--http` must send, on stderr: a generated token in full (only this launch knows it), a configured one by where it is.
 */
function authNote(auth: import('./serve-auth.js').ServeAuth, url: string): string {
  const port = new URL(url).port;
  switch (auth.from) {
    case 'generated':
      return `agent-tools: callers must send the header "Authorization: Bearer ${auth.token}" (a new token each launch; set AGENT_TOOLS_SERVE_TOKEN or --token-file to keep one)\n`;
    case 'env':
      return 'agent-tools: callers must send "Authorization: Bearer <token>" with the token of AGENT_TOOLS_SERVE_TOKEN\n';
    case 'token-file':
      return 'agent-tools: callers must send "Authorization: Bearer <token>" with the token of --token-file\n';
    case 'issuer':
      return `agent-tools: callers must send "Authorization: Bearer <token>" with an access token of ${auth.issuer} for ${auth.resource ?? url}\n`;
    case 'no-auth':
      return `agent-tools: warning: --no-auth: any local user or process that reaches 127.0.0.1:${port} can call every tool served\n`;
  }
}

/** Said when nothing is served: a fresh scaffold puts tools in the extended tier, and serve shows core by default. */
function emptyTierHint(tier: ServeOptions['tier']): string {
  return tier === 'all'
    ? 'agent-tools: warning: the module has no tools to serve\n'
    : `agent-tools: warning: the ${tier} tier is empty; tools in other tiers are not served (use --tier all, or move tools into the ${tier} tier)\n`;
}
