/** Soak row 7's check: a caller that must be served gets its echo, any other a 401 with the bearer challenge. */

/** One answer of `serve --http` to a `tools/call` of `echo`. */
export interface AuthAnswer {
  status: number;
  challenge: string | null;
  body: string;
}

/**
 * Row 7: a caller that must be served gets HTTP 200 with its echoed `text`; any other gets 401
 * with a `WWW-Authenticate: Bearer error="invalid_token"` challenge (RFC 6750 §3) and no trace
 * of the tool's answer. Returns what is wrong, or undefined.
 */
export function checkAuthAnswer(served: boolean, text: string, r: AuthAnswer): string | undefined {
  if (served) return r.status === 200 && r.body.includes(text) ? undefined : `not served: HTTP ${r.status} ${r.body.slice(0, 160)}`;
  if (r.body.includes(text)) return `refused caller got the tool's answer: HTTP ${r.status}`;
  if (r.status !== 401) return `expected 401, got HTTP ${r.status} ${r.body.slice(0, 160)}`;
  if (!/^Bearer error="invalid_token"/.test(r.challenge ?? ''))
    return `401 without a Bearer invalid_token challenge: ${r.challenge ?? '(none)'}`;
  return undefined;
}
