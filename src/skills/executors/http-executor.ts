/** The HTTP executor of tool skills: the URL template filled, the request made with a timeout, the response capped. */

import { ByteCollector, utf8Head } from './cap-bytes.js';
import { SKILL_MAX_CAP_BYTES, type HttpExecutorSpec } from '../files/skill-file-schema.js';
import { fillUrlTemplate } from './url-fill.js';
import { encodeComponent } from '../../util/percent-encode.js';
import { parseUrlTemplate } from './url-template.js';
import { fillEnvPlaceholders } from '../files/skill-env.js';

/** Default HTTP timeout: 10 000 ms. */
export const HTTP_DEFAULT_TIMEOUT_MS = 10_000;
/** Default response cap: 1 000 000 bytes of body are read, the rest dropped. */
export const HTTP_DEFAULT_MAX_RESPONSE_BYTES = 1_000_000;
const EXCERPT_BYTES = 300;

/** The outcome of one HTTP executor call. `value` is parsed JSON, or the body as text. */
export type HttpCallResult =
  { ok: true; status: number; value: unknown; truncated: boolean } | { ok: false; error: string; status?: number };

/** Options for {@link runHttpExecutor}. */
export interface HttpCallOptions {
  /** Where `${env:NAME}` in header values is read; default `process.env`. */
  env?: Record<string, string | undefined>;
  /** The variables the skill file declares (`env`); any other `${env:NAME}` counts as unset. Default: any name. */
  declaredEnv?: readonly string[];
  /** Aborts the request (for example the AI SDK's abort signal). */
  signal?: AbortSignal;
}

const show = (v: unknown) => (Array.isArray(v) ? v.map(String) : [String(v)]);

/** The request an HTTP executor makes for `args`, or why it makes none. */
export function buildHttpRequest(
  spec: HttpExecutorSpec,
  args: Record<string, unknown>,
  env: Record<string, string | undefined>,
  declared?: readonly string[],
): { url: string; init: RequestInit } | { error: string } {
  const t = parseUrlTemplate(spec.url);
  if (typeof t === 'string') return { error: `executor.url: ${t}` };
  const filled = fillUrlTemplate(t, args);
  if ('error' in filled) return filled;
  const used = new Set(t.placeholders.map((p) => p.name));
  const rest = Object.entries(args).filter(([k, v]) => !used.has(k) && v !== undefined);
  let url = filled.url;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(spec.headers ?? {})) {
    const got = fillEnvPlaceholders(value, env, declared);
    if ('missing' in got) return { error: `header "${name}" needs the environment variable ${got.missing}, which is not set` };
    headers[name] = got.value;
  }
  let body: string | undefined;
  if (spec.method === 'GET' || spec.method === 'DELETE') {
    const pairs = rest.flatMap(([k, v]) => show(v).map((item) => `${encodeComponent(k)}=${encodeComponent(item)}`));
    if (pairs.length > 0) url += (url.includes('?') ? (url.endsWith('?') || url.endsWith('&') ? '' : '&') : '?') + pairs.join('&');
  } else {
    body = JSON.stringify({ ...(spec.body ?? {}), ...Object.fromEntries(rest) });
    headers['content-type'] ??= 'application/json';
  }
  // Defence in depth: whatever the values were, the request goes to the template's origin.
  if (new URL(url).origin !== t.origin) return { error: `refused: the filled URL left ${t.origin}` };
  return { url, init: { method: spec.method, headers, redirect: 'manual', ...(body !== undefined ? { body } : {}) } };
}

/**
 * Runs an HTTP executor of a tool skill for already validated `args` (see `parseArgs`).
 *
 * - URL placeholders (RFC 6570 forms, see `parseUrlTemplate`) are filled with percent-encoded
 *   values (RFC 3986 unreserved characters kept, everything else `%XX` of UTF-8, so `/`,
 *   `?`, `#`, `&`, `%` and spaces cannot change the path or start a query); a path value of
 *   `.` or `..` is refused; a query pair whose placeholder has no value is left out.
 * - Params not in the URL go into the query string (GET, DELETE; `string[]` as repeated
 *   keys) or a JSON body merged over the executor's `body` (POST, PUT, PATCH).
 * - `${env:NAME}` in header values is read from the environment at call time (with
 *   `declaredEnv`, only the names it lists; a skill file lists them in `env`); a missing
 *   variable is an error result naming it (never its value).
 * - Redirects are not followed (a 3xx is an error result), so the host cannot change.
 * - `timeoutMs` (default 10 000) aborts the request; at most `maxResponseBytes` (at most 64 MiB, default
 *   1 000 000) of the body are read.
 * - A non-2xx status is an error result `HTTP <status> <text> from <METHOD> <url>: <first
 *   300 bytes of the body>`. A JSON response (by content type) is parsed; any other body,
 *   or a JSON body cut by the cap, is returned as text.
 *
 * Never throws.
 */
export async function runHttpExecutor(
  spec: HttpExecutorSpec,
  args: Record<string, unknown>,
  options: HttpCallOptions = {},
): Promise<HttpCallResult> {
  const req = buildHttpRequest(spec, args, options.env ?? process.env, options.declaredEnv);
  if ('error' in req) return { ok: false, error: req.error };
  const timeoutMs = spec.timeoutMs ?? HTTP_DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const where = `${spec.method} ${req.url}`;
  try {
    const res = await fetch(req.url, { ...req.init, signal });
    const body = new ByteCollector(Math.min(spec.maxResponseBytes ?? HTTP_DEFAULT_MAX_RESPONSE_BYTES, SKILL_MAX_CAP_BYTES));
    if (res.body) {
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        body.push(Buffer.from(value));
        if (body.truncated) {
          await reader.cancel();
          break;
        }
      }
    }
    if (res.status < 200 || res.status > 299) {
      const location = res.headers.get('location');
      const excerpt = utf8Head(body.bytes(), EXCERPT_BYTES);
      return {
        ok: false,
        status: res.status,
        error: `HTTP ${res.status} ${res.statusText} from ${where}${location ? ` (redirect to ${location} not followed)` : ''}${excerpt ? `: ${excerpt}` : ''}`,
      };
    }
    const isJson = /\bjson\b/i.test(res.headers.get('content-type') ?? '');
    if (isJson && !body.truncated) {
      try {
        return { ok: true, status: res.status, value: JSON.parse(body.bytes().toString('utf8')), truncated: false };
      } catch {
        // a server that says JSON and sends something else: hand back the text
      }
    }
    if (!body.truncated) return { ok: true, status: res.status, value: body.text(), truncated: false };
    const head = utf8Head(body.bytes(), body.max);
    const size = res.headers.get('content-length') ? `${res.headers.get('content-length')} bytes` : `more than ${body.max} bytes`;
    return {
      ok: true,
      status: res.status,
      value: `${head}\n[truncated: response was ${size}, kept ${Buffer.byteLength(head)}]`,
      truncated: true,
    };
  } catch (err) {
    if (timeout.aborted) return { ok: false, error: `timed out after ${timeoutMs} ms (${where})` };
    if (options.signal?.aborted) return { ok: false, error: `aborted (${where})` };
    const cause = (err as { cause?: { message?: string } }).cause?.message;
    return { ok: false, error: `request failed (${where}): ${cause ?? (err as Error).message}` };
  }
}
