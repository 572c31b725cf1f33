/** The one rule for tool names: what clients and providers accept, the snake_case convention, and the command-line form. */

/** Longest tool name MCP clients and model providers accept, in characters (OpenAI's documented limit: 64). */
export const MAX_TOOL_NAME_LENGTH = 64;

/** The characters a tool name may hold, as the body of a regular expression character class: letters, digits, `_` and `-`. */
const TOOL_NAME_CHARS = 'a-zA-Z0-9_-';

/**
 * Tool names accepted by MCP clients and model providers, `^[a-zA-Z0-9_-]{1,64}$`: letters,
 * digits, `_` and `-`, 1 to {@link MAX_TOOL_NAME_LENGTH} characters. Skill names follow it too,
 * since they prefix tool names.
 */
export const TOOL_NAME_PATTERN = new RegExp(`^[${TOOL_NAME_CHARS}]{1,${MAX_TOOL_NAME_LENGTH}}$`);

/** The distinct characters of `name` (code points, in order of first use) that a tool name may not hold; empty when all are allowed. */
export function charsOutsideToolNames(name: string): string[] {
  return [...new Set(name.match(new RegExp(`[^${TOOL_NAME_CHARS}]`, 'gu')) ?? [])];
}

/** `name` with each UTF-16 code unit a tool name may not hold replaced by `_` (an emoji becomes `__`); the length is kept. */
export function replaceCharsOutsideToolNames(name: string): string {
  return name.replace(new RegExp(`[^${TOOL_NAME_CHARS}]`, 'g'), '_');
}

/** The house convention for tool names, `^[a-z][a-z0-9]*(_[a-z0-9]+)*$` (validate's snake-case-name check warns otherwise). */
export const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/** The snake_case form of a name, as validate's fix suggests it: `setFont` and `Set Font!` become `set_font` (may be empty). */
export function snakeName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/**
 * Why `name` breaks the snake_case convention, with the name to use (`"setFont2" is not
 * snake_case: try set_font2`), or `undefined` for a snake_case name. The one wording of the rule
 * for scaffold, which refuses such a name before writing (its prompt and a piped spec alike), so a
 * scaffolded tool never starts with validate's snake-case-name finding.
 */
export function snakeCaseProblem(name: string): string | undefined {
  if (SNAKE_CASE.test(name)) return undefined;
  const suggestion = snakeName(name);
  return `${JSON.stringify(name)} is not snake_case${SNAKE_CASE.test(suggestion) ? `: try ${suggestion}` : ''}`;
}

/** The kebab-case form of a tool or param name, as a command line spells it: `font_size` and `fontSize` become `font-size`. */
export function kebabName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replaceAll('_', '-')
    .toLowerCase();
}
