/** Bounds on the long-lived `GET /mcp` event streams: how many per client and how long one may idle. */

import { jsonRpcErrorResponse } from './http-screen.js';

/** The most GET event streams one client may hold open at once (see {@link StreamLimits}). */
export const MAX_STREAMS_PER_CLIENT = 64;
/** How long a GET event stream may carry nothing but keep-alive comments before it is closed, in ms (5 minutes). */
export const STREAM_IDLE_MS = 5 * 60_000;

/**
 * Bounds on the long-lived `GET /mcp` event streams of 2025-era sessions (a held stream keeps
 * its session and a server instance alive):
 * - `maxPerClient` (default {@link MAX_STREAMS_PER_CLIENT}): open streams of one client (the
 *   key the HTTP front gives: `serve --http` uses the peer address and the bearer token's
 *   client id); one more is answered 429 with a JSON-RPC error body;
 * - `idleMs` (default {@link STREAM_IDLE_MS}): a stream that sent no event (keep-alive comments
 *   do not count) for this long is ended; an official client opens a new one after its retry
 *   delay, so a live client loses nothing and an abandoned stream goes away.
 */
export interface StreamLimits {
  maxPerClient?: number;
  idleMs?: number;
}

const decoder = new TextDecoder();
/** True for a chunk of SSE comment lines only (`: keepalive`), which does not make a stream busy. */
const onlyComments = (chunk: Uint8Array) => /^(?::[^\n]*\n+)+$/.test(decoder.decode(chunk));

/**
 * `response` with its body wrapped: `onEnd` runs once when the stream ends, the client goes
 * away, or (with `idleMs`) nothing but comments was sent for `idleMs`, which ends the stream
 * after `lastWords()` (an SSE event naming where the client resumes from, when given).
 */
export function watchBody(response: Response, onEnd: () => void, idleMs?: number, lastWords?: () => string | undefined): Response {
  if (!response.body) {
    onEnd();
    return response;
  }
  let ended = false;
  let idled = false;
  let timer: NodeJS.Timeout | undefined;
  const end = () => {
    clearTimeout(timer);
    if (ended) return;
    ended = true;
    onEnd();
  };
  const reader = response.body.getReader();
  const arm = () => {
    if (idleMs === undefined) return;
    clearTimeout(timer);
    // cancelling the source ends the pending read: the client sees the stream end cleanly
    timer = setTimeout(() => {
      idled = true;
      void reader.cancel('idle').catch(() => undefined);
    }, idleMs);
    timer.unref();
  };
  arm();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          end();
          const last = idled ? lastWords?.() : undefined;
          if (last) controller.enqueue(new TextEncoder().encode(last));
          controller.close();
        } else {
          if (!onlyComments(value)) arm();
          controller.enqueue(value);
        }
      } catch (err) {
        end();
        controller.error(err);
      }
    },
    cancel(reason) {
      end();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** Counts the open GET streams of each client and applies {@link StreamLimits}. */
export class StreamBudget {
  readonly #open = new Map<string, number>();
  readonly #max: number;
  readonly #idleMs: number;

  constructor(limits: StreamLimits = {}) {
    this.#max = limits.maxPerClient ?? MAX_STREAMS_PER_CLIENT;
    this.#idleMs = limits.idleMs ?? STREAM_IDLE_MS;
  }

  /** The 429 answer when `client` already holds the most streams, else undefined. */
  refusal(client: string): Response | undefined {
    if ((this.#open.get(client) ?? 0) < this.#max) return undefined;
    return jsonRpcErrorResponse(
      429,
      -32000,
      `Too many open GET streams: this client holds ${this.#max}, the most allowed; close one (or end its session with DELETE) first`,
    );
  }

  /**
   * `response` (a 200 event stream) counted against `client` until it ends; `onEnd` runs then
   * too. `resumeFrom()` gives the event id a client resumes from after an idle end.
   */
  hold(client: string, response: Response, onEnd: () => void, resumeFrom?: () => string | undefined): Response {
    this.#open.set(client, (this.#open.get(client) ?? 0) + 1);
    return watchBody(
      response,
      () => {
        const n = (this.#open.get(client) ?? 1) - 1;
        if (n === 0) this.#open.delete(client);
        else this.#open.set(client, n);
        onEnd();
      },
      this.#idleMs,
      () => {
        // the SDK's priming event (empty data): a 2025-11-25 client reconnects with Last-Event-ID
        const id = resumeFrom?.();
        return id === undefined ? undefined : `id: ${id}\ndata: \n\n`;
      },
    );
  }
}
