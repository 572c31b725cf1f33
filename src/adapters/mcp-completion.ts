/** Serves MCP `completion/complete` for prompt arguments and resource template variables from our own definitions. */

import { ProtocolError, ProtocolErrorCode, type Server } from '@modelcontextprotocol/server';
import { completeValues, type CompletionSource } from '../core/completion.js';
import { currentPrompts, type PromptsInput } from '../core/prompt.js';
import { isResourceTemplate, type ResourceDef } from '../core/resource.js';

/**
 * Serves `completion/complete` (MCP spec 2025-11-25, server/utilities/completion) from our own
 * definitions: for `ref/prompt`, the named prompt argument's `enum`/`complete`; for
 * `ref/resource`, the template variable's (`variables[name]` of the `defineResource` whose
 * `uriTemplate` is the ref's `uri`). An argument or variable without either completes to no
 * values; an unknown prompt or template is -32602; a throwing `complete` is -32603 with its message.
 */
export function serveCompletion(server: Server, prompts: PromptsInput | undefined, resources: readonly ResourceDef[] | undefined): void {
  server.setRequestHandler('completion/complete', async (request) => {
    const { ref, argument, context } = request.params;
    let source: CompletionSource | undefined;
    if (ref.type === 'ref/prompt') {
      const def = prompts ? currentPrompts(prompts).find((p) => p.name === ref.name) : undefined;
      if (!def) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown prompt "${ref.name}"`);
      source = def.arguments?.find((a) => a.name === argument.name);
    } else if (ref.type === 'ref/resource') {
      const defs = resources ?? [];
      const template = defs.find((d) => isResourceTemplate(d) && d.uriTemplate === ref.uri);
      if (!template && !defs.some((d) => !isResourceTemplate(d) && d.uri === ref.uri))
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown resource template "${ref.uri}"`);
      source = template && isResourceTemplate(template) ? template.variables?.[argument.name] : undefined;
    } else
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown completion reference type "${(ref as { type: string }).type}"`);
    try {
      return { completion: await completeValues(source, argument.value, { arguments: context?.arguments ?? {} }) };
    } catch (err) {
      throw new ProtocolError(
        ProtocolErrorCode.InternalError,
        `Completion of "${argument.name}" failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  });
}
