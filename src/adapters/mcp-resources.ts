/** Registers our resources and resource templates on the SDK server, so it answers `resources/list`, `resources/read` and templates. */

import {
  isInputRequiredResult,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  ResourceTemplate,
  type McpServer,
  type ReadResourceResult,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { clientAccess, MissingClientCapabilityError } from '../core/client-input.js';
import { isResourceTemplate, type ResourceBody, type ResourceDef } from '../core/resource.js';
import { DEFAULT_MAX_CONTENT_BYTES } from '../runtime/content-caps.js';
import { requestIdentity } from './mcp-ask-modern.js';
import { isModernRequest, withClientInput } from './mcp-era.js';
import type { ServedToolbox } from './mcp-toolbox.js';

/** One `contents` item of a `resources/read` result for `body`: text, or bytes as base64 `blob`. */
function contentsOf(uri: string, body: ResourceBody, mimeType: string | undefined, cap: number): ReadResourceResult['contents'][number] {
  const item =
    typeof body === 'string'
      ? { text: body }
      : body instanceof Uint8Array
        ? { bytes: body }
        : (body as { text?: string; bytes?: Uint8Array });
  const type = (body as { mimeType?: string }).mimeType ?? mimeType;
  const size = item.text !== undefined ? Buffer.byteLength(item.text) : (item.bytes?.byteLength ?? NaN);
  if (!(size <= cap))
    throw new ProtocolError(
      ProtocolErrorCode.InternalError,
      Number.isNaN(size)
        ? `Resource ${uri}: read() must return a string, a Uint8Array, { text } or { bytes }`
        : `Resource ${uri} is ${size} bytes, over the ${cap}-byte cap (maxContentBytes)`,
    );
  const mime = type === undefined ? {} : { mimeType: type };
  return item.text !== undefined
    ? { uri, ...mime, text: item.text }
    : { uri, ...mime, blob: Buffer.from(item.bytes!.buffer, item.bytes!.byteOffset, item.bytes!.byteLength).toString('base64') };
}

/**
 * Registers `resources` (fixed resources and templates, `defineResource`) on `mcp`, so the
 * SDK's `McpServer` answers `resources/list`, `resources/templates/list` and
 * `resources/read` (MCP spec 2025-11-25, server/resources). A read runs the definition's
 * `read` (it may ask its client, as a tool does: on 2026-07-28 an `input_required` result);
 * a template whose `read` returns `undefined`, and a URI no definition serves, answer the
 * SDK's resource-not-found error (-32602 with `data.uri`, as SEP-2164 standardizes); a
 * `read` that throws answers -32603 with its message; a body over `maxContentBytes` (default
 * 5 000 000) answers -32603 naming both sizes. `resources/subscribe` and `unsubscribe`
 * (2025 clients) are accepted for any URI this server serves.
 */
export function serveResources(mcp: McpServer, toolbox: ServedToolbox, canPush: boolean): void {
  const server = mcp.server;
  const cap = toolbox.options.maxContentBytes ?? DEFAULT_MAX_CONTENT_BYTES;
  const read = async (def: ResourceDef, uri: string, variables: Record<string, string> | undefined, ctx: ServerContext) => {
    const outcome = await withClientInput(server, ctx, toolbox, requestIdentity('resources/read', uri, {}), {}, canPush, async (io) => {
      const rc = { signal: io.signal, uri, ...clientAccess(io.ask) };
      try {
        return {
          body: await (variables
            ? (def as Extract<ResourceDef, { uriTemplate: string }>).read(variables, rc)
            : (def as Extract<ResourceDef, { uri: string }>).read(rc)),
        };
      } catch (err) {
        return { error: err };
      }
    });
    if (isInputRequiredResult(outcome)) return outcome as never;
    const { body, error } = outcome as { body?: ResourceBody; error?: unknown };
    if (error !== undefined) {
      const message = `Resource ${uri}: ${error instanceof Error ? error.message : String(error)}`;
      if (error instanceof MissingClientCapabilityError && isModernRequest(ctx))
        throw new MissingRequiredClientCapabilityError({ requiredCapabilities: { [error.capability]: {} } }, message);
      if (error instanceof ProtocolError) throw error;
      throw new ProtocolError(ProtocolErrorCode.InternalError, message);
    }
    if (body === undefined) throw new ResourceNotFoundError(uri);
    return { contents: [contentsOf(uri, body, def.mimeType, cap)] };
  };
  for (const def of toolbox.options.resources ?? []) {
    const meta = {
      ...(def.title ? { title: def.title } : {}),
      ...(def.description ? { description: def.description } : {}),
      ...(def.mimeType ? { mimeType: def.mimeType } : {}),
      ...(def.size !== undefined ? { size: def.size } : {}),
    };
    if (!isResourceTemplate(def)) {
      mcp.registerResource(def.name, new URL(def.uri).toString(), meta, (uri, ctx) => read(def, uri.href, undefined, ctx));
      continue;
    }
    const list = def.list ? async () => ({ resources: def.list!().map((r) => ({ ...r })) }) : undefined;
    mcp.registerResource(def.name, new ResourceTemplate(def.uriTemplate, { list }), meta, (uri, variables, ctx) =>
      read(
        def,
        uri.href,
        Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)])),
        ctx,
      ),
    );
  }
  const subscribed = new Set<string>();
  server.setRequestHandler('resources/subscribe', (request) => {
    subscribed.add(request.params.uri);
    return {};
  });
  server.setRequestHandler('resources/unsubscribe', (request) => {
    subscribed.delete(request.params.uri);
    return {};
  });
}
