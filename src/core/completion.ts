/** Completion for prompt arguments and resource template variables: a fixed enum or a `complete` function, at most 100 values. */

/**
 * Suggests values for a prompt argument or a resource template variable while the user types
 * (MCP `completion/complete`): `value` is what was typed so far; `context.arguments` holds the
 * other arguments already filled in. Returns the suggestions, best first.
 */
export type Completer = (value: string, context: { arguments: Record<string, string> }) => readonly string[] | Promise<readonly string[]>;

/** Where suggestions come from: a fixed `enum` and/or a `complete` function. */
export interface CompletionSource {
  enum?: readonly string[];
  complete?: Completer;
}

/** The most values one `completion/complete` answer holds (MCP spec 2025-11-25, server/utilities/completion). */
export const MAX_COMPLETION_VALUES = 100;

/**
 * Checks the completion fields of a definition.
 * @throws {TypeError} naming `where` for an `enum` that is not an array of strings, or a `complete` that is not a function.
 */
export function checkCompletion(source: CompletionSource, where: string): void {
  if (source.enum !== undefined && (!Array.isArray(source.enum) || source.enum.some((v) => typeof v !== 'string')))
    throw new TypeError(`${where}.enum must be an array of strings`);
  if (source.complete !== undefined && typeof source.complete !== 'function') throw new TypeError(`${where}.complete must be a function`);
}

/**
 * The MCP completion of `value` from `source`: `complete(value, context)` when given, else
 * the `enum` values that start with `value` (case-insensitive), in their order. At most
 * {@link MAX_COMPLETION_VALUES} values; `total` and `hasMore` say when more matched.
 * @throws whatever `complete` throws; a `TypeError` when it returns something other than strings.
 */
export async function completeValues(
  source: CompletionSource | undefined,
  value: string,
  context: { arguments: Record<string, string> } = { arguments: {} },
): Promise<{ values: string[]; total?: number; hasMore?: boolean }> {
  let all: readonly string[] = [];
  if (source?.complete) {
    all = await source.complete(value, context);
    if (!Array.isArray(all) || all.some((v) => typeof v !== 'string')) throw new TypeError('complete() must return an array of strings');
  } else if (source?.enum) {
    const typed = value.toLowerCase();
    all = source.enum.filter((v) => v.toLowerCase().startsWith(typed));
  }
  if (all.length <= MAX_COMPLETION_VALUES) return { values: [...all] };
  return { values: all.slice(0, MAX_COMPLETION_VALUES), total: all.length, hasMore: true };
}
