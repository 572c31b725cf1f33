// What an MCP tool result becomes as our tool's value.

type ContentPart = { type: string; text?: string };

/**
 * What an MCP tool result becomes as our tool's value: `{ error }` (the text of its content) for
 * `isError: true`; else its `structuredContent` when given; else its one text part, parsed as
 * JSON when it is JSON; else its content parts (null when it has none).
 */
export function mcpResultValue(result: { content?: unknown; structuredContent?: unknown; isError?: unknown }): unknown {
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
