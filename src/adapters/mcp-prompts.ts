import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  McpError,
  type GetPromptResult,
  type Prompt,
} from '@modelcontextprotocol/sdk/types.js';
import { currentPrompts, getPromptMessages, type PromptDef, type PromptsInput } from '../core/prompt.js';
import { closeMatches } from '../core/suggest.js';
import { listChangedNotifier } from './list-changed.js';

/**
 * An McpError whose message is `message` as written. The SDK's constructor prefixes
 * `MCP error <code>: `, which the server then sends as the JSON-RPC message, so a client
 * showed the code twice (its own McpError prefixes it again).
 */
function clientError(code: ErrorCode, message: string): McpError {
  const err = new McpError(code, message);
  err.message = message;
  return err;
}

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
 * Serves `prompts` on an SDK `Server` that declared the `prompts` capability:
 * `prompts/list` (every prompt visible now, {@link toMcpPrompt}); `prompts/get` (the
 * messages of `getPromptMessages`; an unknown name or a missing required argument is an
 * InvalidParams error (-32602) saying which, with close matches for a name (the JSON-RPC
 * message is that sentence alone, without the SDK's `MCP error <code>: ` prefix); an undeclared
 * argument is ignored, as the SDK's `McpServer` ignores it; a throwing `get` is an InternalError with its message). For a `PromptSource`,
 * `notifications/prompts/list_changed` is sent when the listing actually changes.
 * Returns the function that stops following the source.
 */
export function servePrompts(server: Server, prompts: PromptsInput): () => void {
  const listing = () => currentPrompts(prompts).map(toMcpPrompt);
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: listing() }));
  server.setRequestHandler(GetPromptRequestSchema, async (request): Promise<GetPromptResult> => {
    const { name } = request.params;
    const defs = currentPrompts(prompts);
    const def = defs.find((d) => d.name === name);
    if (!def) {
      const near = closeMatches(
        name,
        defs.map((d) => d.name),
      );
      throw clientError(ErrorCode.InvalidParams, `Unknown prompt "${name}".${near.length > 0 ? ` Did you mean: ${near.join(', ')}?` : ''}`);
    }
    let messages;
    try {
      messages = await getPromptMessages(def, request.params.arguments ?? {});
    } catch (err) {
      if (err instanceof RangeError) throw clientError(ErrorCode.InvalidParams, err.message);
      throw clientError(ErrorCode.InternalError, `Prompt "${name}" failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    return { ...(def.description ? { description: def.description } : {}), messages: messages as GetPromptResult['messages'] };
  });
  if (Array.isArray(prompts)) return () => undefined;
  return (prompts as Exclude<PromptsInput, readonly PromptDef[]>).onChange(
    listChangedNotifier(
      listing,
      () => server.sendPromptListChanged(),
      () => server.transport !== undefined,
    ),
  );
}
