/** The page's calls to the console API, with the per-launch token. */

import type { ErrorResponse } from './api-types.js';

/** A refused API call: the server's error answer and the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorResponse,
  ) {
    super(body.error);
  }
}

const KEY = 'agent-tools-console-token';

/**
 * The per-launch token: from the URL the console printed (`?token=…`, then removed from the
 * address bar and kept for this tab), or from this tab's session storage.
 */
export function takeToken(): string | null {
  const url = new URL(location.href);
  const given = url.searchParams.get('token');
  if (given) {
    sessionStorage.setItem(KEY, given);
    url.searchParams.delete('token');
    history.replaceState(null, '', url.pathname + url.search + url.hash);
    return given;
  }
  return sessionStorage.getItem(KEY);
}

let token = '';
export const setToken = (t: string) => (token = t);

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const data = (await res.json().catch(() => ({ error: `${res.status} ${res.statusText}` }))) as T | ErrorResponse;
  if (!res.ok) throw new ApiError(res.status, data as ErrorResponse);
  return data as T;
}

/** GET an API path with the token. @throws {ApiError} */
export const get = <T>(path: string) => call<T>('GET', path);
/** POST a JSON body to an API path with the token. @throws {ApiError} */
export const post = <T>(path: string, body: unknown) => call<T>('POST', path, body);
