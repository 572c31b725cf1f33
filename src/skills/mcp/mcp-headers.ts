/** Checks an MCP skill file's HTTP headers: valid names, none the MCP client sets itself. */

import { jsonPath } from '../../core/json-path.js';
import type { InputProblem } from '../../core/zod-issues.js';
import { isPlainObject } from '../../util/is-plain-object.js';

/** An HTTP field name: a `token` of RFC 9110 §5.1 (letters, digits and ``!#$%&'*+-.^_`|~``). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Request headers the MCP client sets itself over Streamable HTTP (the transport's content
 * negotiation and session, the 2026-07-28 revision's standard headers, and what fetch owns); a
 * skill file that set one would break the protocol, so it is refused. Lower case.
 */
export const MCP_CLIENT_HEADERS: readonly string[] = [
  'accept',
  'content-type',
  'content-length',
  'host',
  'connection',
  'last-event-id',
  'mcp-session-id',
  'mcp-protocol-version',
  'mcp-method',
  'mcp-name',
];

/**
 * The problems of an MCP skill file's `server.headers` (JSON paths `$.server.headers["Name"]`):
 * a name that is not an HTTP field name, one the MCP client sets itself, one given twice in
 * another case. The values may hold `${env:NAME}` (the declared-secrets rule checks those).
 */
export function mcpHeaderProblems(raw: unknown): InputProblem[] {
  const server = typeof raw === 'object' && raw !== null ? (raw as { server?: unknown }).server : undefined;
  const headers = typeof server === 'object' && server !== null ? (server as { headers?: unknown }).headers : undefined;
  if (!isPlainObject(headers)) return [];
  const problems: InputProblem[] = [];
  const seen = new Set<string>();
  for (const name of Object.keys(headers)) {
    const path = jsonPath(['server', 'headers', name]);
    const lower = name.toLowerCase();
    if (!HEADER_NAME.test(name))
      problems.push({ path, message: `"${name}" is not an HTTP header name (letters, digits and -, no spaces)` });
    else if (MCP_CLIENT_HEADERS.includes(lower)) problems.push({ path, message: `${name} is set by the MCP client itself; leave it out` });
    else if (seen.has(lower)) problems.push({ path, message: `${name} is given twice (header names ignore case)` });
    seen.add(lower);
  }
  return problems;
}
