import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { defineTool, type AnyToolDef } from '../core/tool.js';
import { paramsFromJsonSchema } from './json-schema-params.js';
import { mcpToolName } from './mcp-tool-name.js';
import type { McpSkillFile } from './skill-file-schema.js';
import { fillEnvPlaceholders } from './skill-env.js';
import { createSkill, type MutableSkill } from './skill.js';
import type { ToolCallContext } from '../core/call-context.js';

/**
 * The environment variable that carries the chain of MCP skills a server was started for,
 * comma-separated, outermost first (`a,b`). {@link createMcpSkill} sets it for the stdio
 * server it starts and refuses a skill already in it, so an `agent-tools serve` behind an
 * MCP skill that loads the same store cannot start itself again and again (new-user trial
 * s5, finding 2).
 */
export const SKILL_CHAIN_ENV = 'AGENT_TOOLS_SKILL_CHAIN';

/** An MCP skill: a {@link MutableSkill} with its connection. */
export interface McpSkill extends MutableSkill {
  /** Server tools that could not be imported (a nested input schema, not in the server's list), with why. */
  readonly skipped: readonly { tool: string; reason: string }[];
  /** Closes the connection (and ends a stdio server). */
  close(): Promise<void>;
}

type ContentPart = { type: string; text?: string };

function resultValue(result: { content?: unknown; structuredContent?: unknown; isError?: unknown }): unknown {
  const parts = Array.isArray(result.content) ? (result.content as ContentPart[]) : [];
  const text = parts
    .filter((p) => p.type === 'text')
    .map((p) => p.text ?? '')
    .join('\n');
  if (result.isError === true) return { error: text || 'the MCP tool reported an error' };
  if (result.structuredContent !== undefined) return result.structuredContent;
  if (parts.length === 1 && parts[0]!.type === 'text') {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return parts.length > 0 ? parts : null;
}

/**
 * Connects to the MCP server of an `mcp` skill file (stdio `{ command, args?, env? }`, or
 * Streamable HTTP `{ url }`) with the MCP SDK client, lists its tools and exposes each as a
 * ToolDef named `<skill>__<tool>` (see `mcpToolName`: shortened with a hash over 64
 * characters). `tools` in the file limits the import to those server tool names.
 *
 * Tool input schemas are converted to flat params (the one converter and validator then
 * apply); a tool with a nested schema is skipped and listed in `skipped`. A call forwards
 * the validated arguments with `tools/call`; an `isError` result becomes an error result.
 * A server that died is reported as an error result of that call, and the next call starts
 * (or reconnects to) it again.
 *
 * A stdio server gets the SDK's default environment (PATH, HOME, …) plus `env`, where
 * `${env:NAME}` is read from this process's environment (so secrets stay out of the skill
 * file; an unset one fails the creation, naming it); its stderr is discarded. Requires the optional peer `@modelcontextprotocol/sdk`.
 *
 * The skill names in {@link SKILL_CHAIN_ENV} plus this one are passed to a stdio server in
 * that variable; a skill already in the chain is refused (`skill "x" would start itself: x -> x`).
 * Errors of the server (a start, list or call that fails or times out after `timeoutMs`,
 * default the SDK's 60 000 ms) name the skill and its command or URL.
 *
 * @throws when the skill is already in the chain, the server cannot be started or listed, or an allowlisted tool is missing.
 */
export async function createMcpSkill(
  file: McpSkillFile,
  options: { enabled?: boolean; clientName?: string; timeoutMs?: number } = {},
): Promise<McpSkill> {
  const chain = (process.env[SKILL_CHAIN_ENV] ?? '').split(',').filter((n) => n !== '');
  if ('command' in file.server && chain.includes(file.name)) {
    throw new Error(
      `skill "${file.name}" would start itself: ${[...chain.slice(chain.indexOf(file.name)), file.name].join(' -> ')}; it is left out (give its agent-tools serve --no-skills)`,
    );
  }
  const server = 'url' in file.server ? file.server.url : [file.server.command, ...(file.server.args ?? [])].join(' ');
  const named = (err: unknown) => `MCP skill "${file.name}" (server: ${server}): ${(err as Error).message}`;
  const requestOptions = options.timeoutMs === undefined ? undefined : { timeout: options.timeoutMs };
  const serverEnv: Record<string, string> = {};
  for (const [key, value] of Object.entries('command' in file.server ? (file.server.env ?? {}) : {})) {
    const got = fillEnvPlaceholders(value, process.env, file.env ?? []);
    if ('missing' in got)
      throw new Error(`MCP skill "${file.name}": server.env.${key} needs the environment variable ${got.missing}, which is not set`);
    serverEnv[key] = got.value;
  }
  const [{ Client }, transports] = await Promise.all([import('@modelcontextprotocol/sdk/client/index.js'), loadTransports()]);
  let client: Client | undefined;
  let connecting: Promise<Client> | undefined;
  const connect = (): Promise<Client> => {
    connecting ??= (async () => {
      const c = new Client({ name: options.clientName ?? 'agent-tools', version: '0.1.0' });
      const transport: Transport =
        'url' in file.server
          ? new transports.http(new URL(file.server.url))
          : new transports.stdio({
              command: file.server.command,
              args: file.server.args ?? [],
              env: { ...transports.defaultEnv(), ...serverEnv, [SKILL_CHAIN_ENV]: [...chain, file.name].join(',') },
              stderr: 'ignore',
            });
      c.onclose = () => {
        if (client === c) client = undefined;
        connecting = undefined;
      };
      try {
        await c.connect(transport, requestOptions);
      } catch (err) {
        connecting = undefined;
        throw err;
      }
      client = c;
      return c;
    })();
    return connecting;
  };
  let listed: Awaited<ReturnType<Client['listTools']>>['tools'];
  let first: Client;
  try {
    first = await connect();
    ({ tools: listed } = await first.listTools(undefined, requestOptions));
  } catch (err) {
    await client?.close();
    throw new Error(named(err));
  }
  const allow = file.tools ? new Set(file.tools) : undefined;
  const missing = file.tools?.filter((t) => !listed.some((l) => l.name === t)) ?? [];
  if (missing.length > 0) {
    await first.close();
    throw new Error(
      `MCP skill "${file.name}": the server has no tool ${missing.map((m) => `"${m}"`).join(', ')}; it offers: ${listed.map((l) => l.name).join(', ')}`,
    );
  }
  const skipped: { tool: string; reason: string }[] = [];
  const tools: AnyToolDef[] = [];
  for (const t of listed) {
    if (allow && !allow.has(t.name)) continue;
    const converted = paramsFromJsonSchema(t.inputSchema, '$.inputSchema');
    if ('problems' in converted) {
      skipped.push({ tool: t.name, reason: converted.problems.map((p) => `${p.path}: ${p.message}`).join('; ') });
      continue;
    }
    const readOnly = t.annotations?.readOnlyHint === true;
    tools.push(
      defineTool({
        name: mcpToolName(file.name, t.name),
        ...(t.title ? { title: t.title } : {}),
        description: t.description?.trim() || `${t.name} (from the MCP server of skill ${file.name})`,
        params: converted.params,
        mutates: !readOnly,
        destructive: t.annotations?.destructiveHint === true,
        ...(typeof t.annotations?.idempotentHint === 'boolean' ? { idempotent: t.annotations.idempotentHint } : {}),
        // The MCP default: a server's tool reaches the outside world unless it says otherwise.
        openWorld: t.annotations?.openWorldHint !== false,
        async execute(_api: unknown, args: Record<string, unknown>, ctx: ToolCallContext) {
          let c: Client;
          try {
            c = client ?? (await connect());
          } catch (err) {
            return { error: `MCP server of skill "${file.name}" could not be started: ${named(err)}` };
          }
          try {
            // The server's progress becomes this call's progress (a report it gets wrong is dropped).
            const onprogress = (p: { progress: number; total?: number; message?: string }) => {
              try {
                ctx.reportProgress(p);
              } catch {
                // not a finite number: nothing to show
              }
            };
            return resultValue(
              (await c.callTool({ name: t.name, arguments: args }, undefined, { ...requestOptions, signal: ctx.signal, onprogress })) as {
                content?: unknown;
                structuredContent?: unknown;
                isError?: unknown;
              },
            );
          } catch (err) {
            // The SDK reports a closed connection as code -32000 (ConnectionClosed).
            if (client !== c || c.transport === undefined || (err as { code?: unknown }).code === -32000) {
              if (client === c) client = undefined;
              connecting = undefined;
              return {
                error: `MCP server of skill "${file.name}" stopped during the call (${(err as Error).message}); it is restarted on the next call`,
              };
            }
            return { error: `MCP tools/call ${t.name} failed: ${named(err)}` };
          }
        },
      }),
    );
  }
  const skill = createSkill({ name: file.name, description: file.description, kind: 'mcp', tools, enabled: options.enabled ?? true });
  return Object.assign(skill, {
    skipped,
    async close() {
      const c = client;
      client = undefined;
      connecting = undefined;
      await c?.close();
    },
  });
}

async function loadTransports() {
  const [stdio, http] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/stdio.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ]);
  return { stdio: stdio.StdioClientTransport, defaultEnv: stdio.getDefaultEnvironment, http: http.StreamableHTTPClientTransport };
}
