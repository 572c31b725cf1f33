/** The lists served in one page (tools, prompts, resources): a request carrying a cursor the server never issued is refused. */

/**
 * The list methods this server answers in one page: every `tools/list`, `prompts/list`,
 * `resources/list` and `resources/templates/list` result holds the whole list and no
 * `nextCursor`, so the server never issues a cursor for them. (The skills extension's
 * `skills/list` and `resources/directory/read` page with the SDK's own cursors and are not
 * listed here.)
 */
export const ONE_PAGE_LISTS: ReadonlySet<string> = new Set(['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list']);

/**
 * Why a request to one of {@link ONE_PAGE_LISTS} carries a cursor the server cannot accept, or
 * undefined when it carries none (`params.cursor` absent or undefined). Any cursor there is
 * one this server never issued (a string, an empty string, a number, null alike): the MCP
 * spec (2025-11-25 and 2026-07-28, utilities/pagination) says an invalid cursor SHOULD be
 * answered with -32602 Invalid params, rather than with the first page as if none were sent
 * (a client would loop, or take the whole list for the page it asked for).
 */
export function invalidCursor(method: string, params: unknown): string | undefined {
  if (!ONE_PAGE_LISTS.has(method)) return undefined;
  const cursor = (params as { cursor?: unknown } | null | undefined)?.cursor;
  if (cursor === undefined) return undefined;
  const shown = JSON.stringify(cursor) ?? String(cursor);
  return `Invalid params: cursor ${shown.length > 80 ? `${shown.slice(0, 77)}...` : shown} was not issued by this server; ${method} answers in one page (no nextCursor), so list again without a cursor`;
}
