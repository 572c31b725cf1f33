/** Soak row 2's check: each malformed message gets its right answer and nothing else. */

import type { MalformedCase } from './cases.js';

/** A JSON-RPC message the server sent back (a response or an error). */
export interface Reply {
  id?: unknown;
  result?: unknown;
  error?: { code?: unknown; message?: unknown };
}

/**
 * The failures of one malformed case: `replies` are the server's answers attributed to it
 * (those with its id, or with id null, sent before the next probe was answered).
 */
export function checkMalformed(name: string, expect: MalformedCase['expect'], replies: readonly Reply[]): string[] {
  if (expect === 'none')
    return replies.length === 0 ? [] : [`${name}: a notification was answered: ${JSON.stringify(replies[0]).slice(0, 200)}`];
  if (replies.length === 0) return [`${name}: no answer`];
  if (expect === 'any') return [];
  const r = replies[0]!;
  if ('result' in expect)
    return r.result !== undefined && r.id === expect.result
      ? []
      : [`${name}: expected a result for id ${expect.result}, got ${JSON.stringify(r).slice(0, 200)}`];
  const code = r.error?.code;
  if (typeof code !== 'number' || !expect.codes.includes(code))
    return [`${name}: expected error ${expect.codes.join(' or ')}, got ${JSON.stringify(r).slice(0, 200)}`];
  if (r.id !== expect.id) return [`${name}: the error has id ${JSON.stringify(r.id)}, expected ${JSON.stringify(expect.id)}`];
  if (typeof r.error?.message !== 'string' || r.error.message === '') return [`${name}: the error has no message`];
  return [];
}
