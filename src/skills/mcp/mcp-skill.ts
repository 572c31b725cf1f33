/** `createMcpSkill`: connects to an MCP skill's server and imports its tools as our tools. */

import type { ToolCallContext } from '../../core/call-context.js';
import { defineTool, setToolLocation, type AnyToolDef } from '../../core/tool.js';
import { paramsFromJsonSchema } from '../files/json-schema-params.js';
import { descriptionSizeProblem } from '../../core/size-limits.js';
import { loadMcpClient, McpConnection, SKILL_CHAIN_ENV, type McpSession } from './mcp-connection.js';
import { mcpResultValue } from './mcp-tool-result.js';
import { mcpToolName } from './mcp-tool-name.js';
import { detectDrift, pinnedDefinition, pinTools, toolFingerprint, type ToolDrift, type ToolPins } from './mcp-tool-pins.js';
import type { McpSkillFile } from '../files/skill-file-schema.js';
import { fillEnvPlaceholders } from '../files/skill-env.js';
import { createSkill, type MutableSkill } from '../model/skill.js';
import { cliCommand } from '../../shared/cli-command.js';

export { SKILL_CHAIN_ENV } from './mcp-connection.js';

/** An MCP skill: a {@link MutableSkill} with its connection. */
export interface McpSkill extends MutableSkill {
  /**
   * Server tools that are not offered, with why: a nested input schema, or (with `pins`) a tool
   * changed or added on the server since the skill's tools were accepted.
   */
  readonly skipped: readonly { tool: string; reason: string }[];
  /** The server's tools this skill imports, as listed now: what `skill refresh` records to accept them. */
  readonly listedPins: ToolPins;
  /** The pins its tools were checked against: the `pins` given, or `listedPins` when they were `null` (all accepted now). */
  readonly acceptedPins: ToolPins | undefined;
  /** How the listed tools differ from the `pins` given (undefined when none were given). */
  readonly drift: ToolDrift | undefined;
  /** `modern` (2026-07-28) or `legacy` (a 2025 revision): the era its current connection negotiated. */
  readonly protocolEra: 'modern' | 'legacy' | undefined;
  /** The protocol revision its current connection negotiated (`2026-07-28`, `2025-11-25`, …). */
  readonly protocolVersion: string | undefined;
  /** Closes the connection (and ends a stdio server). */
  close(): Promise<void>;
}

/** Options of {@link createMcpSkill}. */
export interface McpSkillOptions {
  /** Default true. */
  enabled?: boolean;
  /** The client name the server sees (default `agent-tools`). */
  clientName?: string;
  /** Every request's timeout in ms (connect, `tools/list`, `tools/call`); default the SDK's 60 000. */
  timeoutMs?: number;
  /**
   * The tools as accepted before (from the skill store). Given, a tool whose definition changed
   * since (title, description, input schema, annotations) or that is new is not offered, and
   * `drift` says how; `null` means none were accepted yet (the first connection accepts what it
   * lists). Left out, no tool is checked.
   */
  pins?: ToolPins | null;
}

/**
 * `values` with each `${env:NAME}` filled from this process's environment, reading only the names
 * the file declares in its top-level `env` (the declared-secrets rule of `skill-env.ts`).
 * @throws naming the first variable that is unset (or undeclared) and where it is read.
 */
function fillEnv(file: McpSkillFile, where: string, values: Record<string, string> | undefined): Record<string, string> {
  const filled: Record<string, string> = {};
  for (const [key, value] of Object.entries(values ?? {})) {
    const got = fillEnvPlaceholders(value, process.env, file.env ?? []);
    if ('missing' in got)
      throw new Error(`MCP skill "${file.name}": ${where}.${key} needs the environment variable ${got.missing}, which is not set`);
    filled[key] = got.value;
  }
  return filled;
}

/** An HTTP 401 or 403 from the server, said with what to do about it; any other error as it is. */
function authHint(err: unknown, hasHeaders: boolean): Error {
  const status = (err as { status?: unknown; data?: { status?: unknown } }).status ?? (err as { data?: { status?: unknown } }).data?.status;
  if (status !== 401 && status !== 403) return err as Error;
  const what = status === 401 ? '401 Unauthorized: it needs credentials' : '403 Forbidden: the credentials sent are not enough';
  const fix = hasHeaders
    ? 'check the values of server.headers and the environment variables they read'
    : 'send them in server.headers, e.g. "Authorization": "Bearer ${env:NAME}" with "env": ["NAME"] at the top of the skill file';
  return new Error(`the server answered ${what}; ${fix}`);
}

/**
 * Connects to the MCP server of an `mcp` skill file (stdio `{ command, args?, env? }`, or
 * Streamable HTTP `{ url, headers? }`) with the official MCP client (SDK v2,
 * `@modelcontextprotocol/client`), lists its tools (every page: the client follows `nextCursor`
 * up to 64 pages) and exposes each as a ToolDef named `<skill>__<tool>` (see `mcpToolName`:
 * shortened with a hash over 64 characters). `tools` in the file limits the import to those
 * server tool names.
 *
 * Both protocol eras: a 2026-07-28 server is reached in that revision, a 2025-era server with
 * the `initialize` handshake (see `McpConnection` for how the era is found).
 *
 * Tool input schemas are converted to flat params (the one converter and validator then
 * apply; `integer` stays integer); a tool with a nested schema is skipped and listed in
 * `skipped`. A call forwards the validated arguments with `tools/call`; an `isError` result
 * becomes an error result. A server that died is reported as an error result of that call,
 * and the next call starts (or reconnects to) it again; when it then lists a called tool with
 * another definition than the accepted one, that call is refused.
 *
 * A stdio server gets the SDK's default environment (PATH, HOME, …) plus `env`; an HTTP server
 * gets `headers` on every request (a bearer token, say). In both, `${env:NAME}` is read from this
 * process's environment, for the names the file declares in `env` (so secrets stay out of the
 * skill file; an unset one fails the creation, naming it). A stdio server's stderr is discarded. The skill names
 * in {@link SKILL_CHAIN_ENV} plus this one are passed to a stdio server in that variable; a
 * skill already in the chain is refused (`skill "x" would start itself: x -> x`). Errors of the
 * server (a start, list or call that fails or times out after `timeoutMs`) name the skill and
 * its command or URL.
 *
 * @throws when the skill is already in the chain, the MCP client is not installed, the server
 *   cannot be started or listed, or an allowlisted tool is missing.
 */
export async function createMcpSkill(file: McpSkillFile, options: McpSkillOptions = {}): Promise<McpSkill> {
  const chain = (process.env[SKILL_CHAIN_ENV] ?? '').split(',').filter((n) => n !== '');
  if ('command' in file.server && chain.includes(file.name)) {
    throw new Error(
      `skill "${file.name}" would start itself: ${[...chain.slice(chain.indexOf(file.name)), file.name].join(' -> ')}; it is left out (give its ${cliCommand('serve')} --no-skills)`,
    );
  }
  const server = 'url' in file.server ? file.server.url : [file.server.command, ...(file.server.args ?? [])].join(' ');
  const named = (err: unknown) => `MCP skill "${file.name}" (server: ${server}): ${(err as Error).message}`;
  const serverEnv = fillEnv(file, 'server.env', 'command' in file.server ? file.server.env : undefined);
  const headers = fillEnv(file, 'server.headers', 'url' in file.server ? file.server.headers : undefined);
  const modules = await loadMcpClient();
  const { SdkErrorCode } = modules[0];
  const conn = new McpConnection(file, modules, {
    clientName: options.clientName ?? 'agent-tools',
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    chain,
    serverEnv,
    headers,
  });
  let first: McpSession;
  try {
    first = await conn.connect();
  } catch (err) {
    throw new Error(named(authHint(err, 'url' in file.server && file.server.headers !== undefined)), { cause: err });
  }
  const listed = first.tools;
  const missing = file.tools?.filter((t) => !listed.some((l) => l.name === t)) ?? [];
  if (missing.length > 0) {
    await conn.close();
    throw new Error(
      `MCP skill "${file.name}": the server has no tool ${missing.map((m) => `"${m}"`).join(', ')}; it offers: ${listed.map((l) => l.name).join(', ')}`,
    );
  }
  const allow = file.tools ? new Set(file.tools) : undefined;
  const skipped: { tool: string; reason: string }[] = [];
  const params = new Map<string, ReturnType<typeof paramsFromJsonSchema>>();
  for (const t of listed) {
    if (allow && !allow.has(t.name)) continue;
    const converted = paramsFromJsonSchema(t.inputSchema, '$.inputSchema');
    if ('problems' in converted) {
      skipped.push({ tool: t.name, reason: converted.problems.map((p) => `${p.path}: ${p.message}`).join('; ') });
      continue;
    }
    // a server's 10 MB description would be relayed to every client of serve: that tool is left out
    const tooBig = [
      ['$.description', descriptionSizeProblem(t.description)],
      ...Object.entries(converted.params).map(([k, d]) => [
        `$.inputSchema.properties.${k}.description`,
        descriptionSizeProblem(d.description),
      ]),
    ].filter((x): x is [string, string] => x[1] !== undefined);
    if (tooBig.length > 0) {
      skipped.push({ tool: t.name, reason: tooBig.map(([at, problem]) => `${at} ${problem}`).join('; ') });
      continue;
    }
    params.set(t.name, converted);
  }
  const listedPins = pinTools(
    new Map(listed.filter((t) => params.has(t.name)).map((t) => [t.name, pinnedDefinition(t)])),
    new Date().toISOString(),
  );
  const acceptedPins = options.pins === null ? listedPins : options.pins;
  const drift = options.pins
    ? detectDrift(new Map(Object.entries(listedPins.tools).map(([n, p]) => [n, p.definition])), options.pins)
    : undefined;
  const refresh = `refused until '${cliCommand(`skill refresh ${file.name}`)}' accepts it`;
  for (const tool of drift?.added ?? [])
    skipped.push({ tool, reason: `new on the server since the skill's tools were accepted; ${refresh}` });
  for (const c of drift?.changed ?? [])
    skipped.push({ tool: c.tool, reason: `changed on the server since it was accepted (${c.fields.join(', ')}); ${refresh}` });
  // A reconnect lists the tools again: a called tool whose definition moved from the accepted one is refused.
  const seen = new WeakMap<McpSession, Map<string, string>>();
  const fingerprintNow = (s: McpSession, name: string): string | undefined => {
    let m = seen.get(s);
    if (!m) seen.set(s, (m = new Map(s.tools.map((t) => [t.name, toolFingerprint(pinnedDefinition(t))]))));
    return m.get(name);
  };
  const tools: AnyToolDef[] = [];
  for (const t of listed) {
    const converted = params.get(t.name);
    if (!converted || 'problems' in converted || skipped.some((x) => x.tool === t.name)) continue;
    const accepted = acceptedPins?.tools[t.name]?.fingerprint ?? listedPins.tools[t.name]!.fingerprint;
    const readOnly = t.annotations?.readOnlyHint === true;
    tools.push(
      setToolLocation(
        defineTool({
          name: mcpToolName(file.name, t.name),
          ...(t.title ? { title: t.title } : {}),
          description: t.description?.trim() || `${t.name} (from the MCP server of skill ${file.name})`,
          params: converted.params,
          mutates: !readOnly,
          // the MCP spec's defaults: a tool that is not read-only is destructive unless it says destructiveHint: false;
          // a hint left out stays out, so the tool is destructive by default (isDestructive) and approval says so, not "marked"
          ...(readOnly
            ? { destructive: false }
            : typeof t.annotations?.destructiveHint === 'boolean'
              ? { destructive: t.annotations.destructiveHint }
              : {}),
          ...(typeof t.annotations?.idempotentHint === 'boolean' ? { idempotent: t.annotations.idempotentHint } : {}),
          // The MCP default: a server's tool reaches the outside world unless it says otherwise.
          openWorld: t.annotations?.openWorldHint !== false,
          async execute(_api: unknown, args: Record<string, unknown>, ctx: ToolCallContext) {
            let s: McpSession;
            try {
              s = conn.live ?? (await conn.connect());
            } catch (err) {
              return { error: `MCP server of skill "${file.name}" could not be started: ${named(err)}` };
            }
            const now = fingerprintNow(s, t.name);
            if (now === undefined) return { error: `MCP skill "${file.name}": the server no longer offers the tool "${t.name}"` };
            if (now !== accepted)
              return { error: `MCP tool "${t.name}" of skill "${file.name}" changed on the server since it was accepted; ${refresh}` };
            // The server's progress becomes this call's progress (a report it gets wrong is dropped).
            const onprogress = (p: { progress: number; total?: number; message?: string }) => {
              try {
                ctx.reportProgress(p);
              } catch {
                // not a finite number: nothing to show
              }
            };
            try {
              const timeout = options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs };
              return mcpResultValue(
                await s.client.callTool({ name: t.name, arguments: args }, { ...timeout, signal: ctx.signal, onprogress }),
              );
            } catch (err) {
              if (conn.live !== s || (err as { code?: unknown }).code === SdkErrorCode.ConnectionClosed) {
                conn.drop(s);
                return {
                  error: `MCP server of skill "${file.name}" stopped during the call (${(err as Error).message}); it is restarted on the next call`,
                };
              }
              return { error: `MCP tools/call ${t.name} failed: ${named(err)}` };
            }
          },
        }),
        `skill "${file.name}"`,
      ),
    );
  }
  const skill = createSkill({ name: file.name, description: file.description, kind: 'mcp', tools, enabled: options.enabled ?? true });
  const extra = {
    skipped,
    listedPins,
    acceptedPins,
    drift,
    close: () => conn.close(),
    get protocolEra() {
      return conn.era;
    },
    get protocolVersion() {
      return conn.protocolVersion;
    },
  };
  return Object.defineProperties(skill, Object.getOwnPropertyDescriptors(extra)) as McpSkill;
}
