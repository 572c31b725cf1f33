/** Serves MCP `prompts/list` and `prompts/get` from our prompt definitions, followed live. */

import {
  isInputRequiredResult,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  type GetPromptResult,
  type InputRequiredResult,
  type Prompt,
  type Server,
} from '@modelcontextprotocol/server';
import { clientAccess, MissingClientCapabilityError } from '../core/client-input.js';
import { currentPrompts, getPromptMessages, type PromptDef, type PromptsInput, type PromptSource } from '../core/prompt.js';
import { closeMatches } from '../core/suggest.js';
import { requestIdentity, SuspendedCalls } from './mcp-ask-modern.js';
import { isModernRequest, withClientInput } from './mcp-era.js';
import { listChangedNotifier } from './list-changed.js';
import { invalidCursor } from './list-cursor.js';
import type { ServedToolbox } from './mcp-toolbox.js';

/** The MCP `prompts/list` entry of a prompt: name, title, description and arguments as given. */
export function toMcpPrompt(def: PromptDef): Prompt {
  return {
    name: def.name,
    ...(def.title ? { title: def.title } : {}),
    ...(def.description ? { description: def.description } : {}),
    ...(def.arguments && def.arguments.length > 0
      ? {
          arguments: def.arguments.map((a) => ({
            name: a.name,
            ...(a.description ? { description: a.description } : {}),
            ...(a.required ? { required: true } : {}),
          })),
        }
      : {}),
  };
}

/**
 * Answers `prompts/list` and `prompts/get` for `prompts` on `server` (no following: see
 * {@link servePrompts}); `prompts/list` is one page, and a `cursor` is -32602 (`invalidCursor`). `toolbox` gives 2026-07-28 clients' input
 * rounds; `canPush` says
 * whether a 2025 client can answer server-to-client requests on this instance.
 */
export function handlePrompts(server: Server, prompts: PromptsInput, toolbox: Pick<ServedToolbox, 'suspended'>, canPush = true): void {
  server.setRequestHandler('prompts/list', (request) => {
    const cursor = invalidCursor('prompts/list', request.params);
    if (cursor !== undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, cursor);
    return { prompts: currentPrompts(prompts).map(toMcpPrompt) };
  });
  server.setRequestHandler('prompts/get', async (request, ctx): Promise<GetPromptResult | InputRequiredResult> => {
    const { name } = request.params;
    const defs = currentPrompts(prompts);
    const def = defs.find((d) => d.name === name);
    if (!def) {
      const near = closeMatches(
        name,
        defs.map((d) => d.name),
      );
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown prompt "${name}".${near.length > 0 ? ` Did you mean: ${near.join(', ')}?` : ''}`,
      );
    }
    const args = request.params.arguments ?? {};
    const outcome = await withClientInput(
      server,
      ctx,
      toolbox as ServedToolbox,
      requestIdentity('prompts/get', name, args),
      {},
      canPush,
      async (io) => {
        try {
          return { messages: await getPromptMessages(def, args, { signal: io.signal, ...clientAccess(io.ask) }) };
        } catch (err) {
          return { error: err };
        }
      },
    );
    if (isInputRequiredResult(outcome)) return outcome;
    const { error } = outcome as { error?: unknown };
    if (error !== undefined) {
      if (error instanceof RangeError) throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message);
      const message = `Prompt "${name}" failed: ${error instanceof Error ? error.message : String(error)}`;
      if (error instanceof MissingClientCapabilityError && isModernRequest(ctx))
        throw new MissingRequiredClientCapabilityError({ requiredCapabilities: { [error.capability]: {} } }, message);
      throw new ProtocolError(ProtocolErrorCode.InternalError, message);
    }
    const { messages } = outcome as { messages: GetPromptResult['messages'] };
    return { ...(def.description ? { description: def.description } : {}), messages };
  });
}

/**
 * Serves `prompts` on an SDK v2 `Server` that declared the `prompts` capability:
 * `prompts/list` (every prompt visible now, {@link toMcpPrompt}); `prompts/get` (the
 * messages of `getPromptMessages`; an unknown name or a missing required argument is an
 * InvalidParams error (-32602) saying which, with close matches for a name; an undeclared
 * argument is ignored, as the SDK's `McpServer` ignores it; a throwing `get` is an
 * InternalError with its message). A `get` may ask its client (`ctx.elicit`, ...): on
 * 2026-07-28 that is an `input_required` result. For a `PromptSource`,
 * `notifications/prompts/list_changed` is sent when the listing actually changes.
 * Returns the function that stops following the source.
 */
export function servePrompts(
  server: Server,
  prompts: PromptsInput,
  toolbox: Pick<ServedToolbox, 'suspended'> = { suspended: new SuspendedCalls() },
): () => void {
  handlePrompts(server, prompts, toolbox);
  if (Array.isArray(prompts)) return () => undefined;
  return (prompts as PromptSource).onChange(
    listChangedNotifier(
      () => currentPrompts(prompts).map(toMcpPrompt),
      () => server.sendPromptListChanged(),
      () => server.transport !== undefined,
    ),
  );
}
