/** `export --import`: runs a module with Node's loader and reads the tools it registers (opt-in: this runs code). */

import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { aiSdkInputSchema } from '../analysis/library-schemas.js';
import type { ExportTool } from './formats/types.js';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null;

function isMcpServer(v: unknown): v is { connect(t: unknown): Promise<void>; close(): Promise<void> } {
  return isObj(v) && isObj(v._registeredTools) && typeof v.connect === 'function';
}

function isAiTool(v: unknown): v is { description?: string; title?: string; inputSchema: unknown } {
  return isObj(v) && 'inputSchema' in v && (typeof v.execute === 'function' || v.type === 'dynamic' || v.type === 'function');
}

/** An MCP server's tools/list, from a real SDK client over an in-memory transport, as export writes it. */
async function listServer(server: { connect(t: unknown): Promise<void>; close(): Promise<void> }): Promise<ExportTool[]> {
  // The official client (SDK v2): an SDK v1 or v2 McpServer speaks the 2025 protocol over this
  // in-memory pair (the Transport contract is the same in both majors).
  const { Client, InMemoryTransport } = await import('@modelcontextprotocol/client');
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'agent-tools-export', version: '1.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    const { tools } = await client.listTools();
    return tools.map((t) => {
      const { $schema: _dialect, ...inputSchema } = t.inputSchema as Json;
      const output = t.outputSchema;
      const { $schema: _outputDialect, ...outputSchema } = output ?? {};
      return {
        name: t.name,
        ...(t.title !== undefined ? { title: t.title } : {}),
        description: t.description ?? '',
        params: {},
        inputSchema,
        ...(output ? { outputSchema } : {}),
        ...(t.annotations ? { annotations: t.annotations } : {}),
      };
    });
  } finally {
    await client.close();
    await server.close();
  }
}

/** The project's own `ai` as the module at `fileUrl` imports it, or `undefined` when it has none. */
async function projectAi(fileUrl: string): Promise<{ asSchema?: (s: unknown) => { jsonSchema: unknown } } | undefined> {
  try {
    return (await import(pathToFileURL(createRequire(fileUrl).resolve('ai')).href)) as {
      asSchema?: (s: unknown) => { jsonSchema: unknown };
    };
  } catch {
    return undefined;
  }
}

async function aiSchema(input: unknown, ai: Awaited<ReturnType<typeof projectAi>>): Promise<Json> {
  // what the project's own ai sends: its asSchema converts zod 3 and 4 and jsonSchema(...) as its version does
  if (typeof ai?.asSchema === 'function') {
    const { $schema: _dialect, ...rest } = (await ai.asSchema(input).jsonSchema) as Json;
    return rest;
  }
  if (isObj(input) && '_zod' in input) return aiSdkInputSchema(input as never);
  if (isObj(input) && isObj(input.jsonSchema)) {
    const { $schema: _dialect, ...rest } = input.jsonSchema;
    return rest;
  }
  throw new Error('an AI SDK tool whose inputSchema is neither a zod 4 schema nor jsonSchema(...), and no ai package to convert it');
}

/**
 * `export --import`: loads `file` with Node's loader, TypeScript compiled on the way (`importModule`: this RUNS the module: opt-in
 * only) and reads the tools it exports at run time, for tools the static reading cannot know:
 * - each exported MCP SDK `McpServer` is listed by a real SDK client over an in-memory
 *   transport (the server's own `tools/list`; then closed), `execution`, `_meta` and the
 *   `$schema` of its input and output schemas left out as in the static export;
 * - each exported object whose values are AI SDK tools is a tool set: key = name, and the
 *   schema the project's own `ai` sends (its `asSchema`, as resolved from `file`: zod 3 or 4 or
 *   `jsonSchema(...)`, converted as that major does), for its `outputSchema` too when it has one;
 *   without an `ai` package there, the ai 6 conversion of a zod 4 schema, or a `jsonSchema(...)`'s own.
 *
 * @returns the tools in export order (servers' listing order, then tool set key order).
 * @throws when the module fails to load, or a tool's schema is of another kind.
 */
export async function importTools(file: string, cwd: string): Promise<ExportTool[]> {
  const { importModule } = await import('../analysis/module-loader.js');
  const url = pathToFileURL(resolve(cwd, file)).href;
  const mod = (await importModule(resolve(cwd, file))) as Json;
  const out: ExportTool[] = [];
  let ai: Awaited<ReturnType<typeof projectAi>> | null = null;
  for (const value of Object.values(mod)) {
    if (isMcpServer(value)) out.push(...(await listServer(value)));
    else if (isObj(value) && Object.keys(value).length > 0 && Object.values(value).every(isAiTool)) {
      ai ??= await projectAi(url);
      type AiTool = { description?: string; title?: string; inputSchema: unknown; outputSchema?: unknown };
      for (const [name, t] of Object.entries(value as Record<string, AiTool>)) {
        out.push({
          name,
          ...(t.title !== undefined ? { title: t.title } : {}),
          description: t.description ?? '',
          params: {},
          inputSchema: await aiSchema(t.inputSchema, ai),
          ...(t.outputSchema !== undefined ? { outputSchema: await aiSchema(t.outputSchema, ai) } : {}),
        });
      }
    }
  }
  return out;
}
