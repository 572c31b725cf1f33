/** The one rule for tool names: what clients and providers accept, the snake_case convention, and the command-line form. */

/** Longest tool name MCP clients and model providers accept, in characters (OpenAI's documented limit: 64). */
export const MAX_TOOL_NAME_LENGTH = 64;

/** Tool names accepted by MCP clients and model providers: letters, digits, `_` and `-`, 1 to {@link MAX_TOOL_NAME_LENGTH}. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** The house convention for tool names, `^[a-z][a-z0-9]*(_[a-z0-9]+)*$` (validate's snake-case-name check warns otherwise). */
export const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/** The kebab-case form of a tool or param name, as a command line spells it: `font_size` and `fontSize` become `font-size`. */
export function kebabName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replaceAll('_', '-')
    .toLowerCase();
}
