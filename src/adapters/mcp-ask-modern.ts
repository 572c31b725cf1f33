/** Asking a 2026-07-28 MCP client for input: `input_required` results and the suspended calls that wait for the client's retry. */

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  CLIENT_CAPABILITIES_META_KEY,
  createRequestStateCodec,
  inputRequired,
  ProtocolError,
  ProtocolErrorCode,
  type InputRequiredResult,
  type RequestStateCodec,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { CAPABILITY_OF, MissingClientCapabilityError, type ClientAsker, type ClientRequest } from '../core/client-input.js';
import type { CallReportSinks } from '../runtime/call-context.js';
import { CLIENT_ANSWER_TIMEOUT_MS } from './mcp-ask-legacy.js';
import { validAnswer } from './mcp-answers.js';
import { envelopeOf } from './mcp-era.js';

/** The most calls held waiting for their client's retry at once; past it the oldest is given up. */
export const MAX_SUSPENDED_CALLS = 1_000;

/** What the signed `requestState` of a waiting call carries: which call, which round, for which request. */
interface StatePayload {
  call: string;
  round: number;
  of: string;
}

/** What a run gets: how to ask the client, the signal that aborts it, where its reports go. */
export interface RunIO {
  ask: ClientAsker;
  signal: AbortSignal;
  sinks: CallReportSinks;
}

interface Ask {
  key: string;
  request: ClientRequest;
  resolve: (answer: unknown) => void;
  reject: (err: Error) => void;
}

const SHORT: Record<ClientRequest['method'], string> = {
  'elicitation/create': 'elicit',
  'sampling/createMessage': 'sample',
  'roots/list': 'roots',
};

/**
 * One call that asked its 2026-07-28 client for input: it keeps running in this process while
 * the client answers, and resumes when the client retries with `inputResponses`.
 */
class SuspendedCall<R> {
  readonly id = randomUUID();
  round = 0;
  readonly controller = new AbortController();
  readonly waiting: Ask[] = [];
  readonly sent = new Map<string, Ask>();
  finished!: Promise<R>;
  timer: NodeJS.Timeout | undefined;
  #count = 0;
  #sinks: CallReportSinks | undefined;
  #capabilities: Record<string, unknown> = {};
  #wake: (() => void) | undefined;
  #flushing = false;
  /** Answers the first request carried before anything was asked, by key (a client may answer up front). */
  #early: Record<string, unknown> = {};

  constructor(readonly of: string) {}

  readonly forward: CallReportSinks = {
    onProgress: (p) => this.#sinks?.onProgress?.(p),
    onLog: (l) => this.#sinks?.onLog?.(l),
  };

  readonly ask = ((request: ClientRequest, key?: string) =>
    new Promise<unknown>((resolve, reject) => {
      const capability = CAPABILITY_OF[request.method];
      if (this.#capabilities[capability] === undefined) return reject(new MissingClientCapabilityError(capability, request.method));
      key ??= `${SHORT[request.method]}-${++this.#count}`;
      if (this.sent.has(key) || this.waiting.some((a) => a.key === key))
        return reject(new Error(`the key "${key}" already names a request waiting for the client's answer; give each request its own key`));
      if (Object.hasOwn(this.#early, key)) {
        const early = this.#early[key];
        delete this.#early[key];
        if (validAnswer(request, early)) return resolve(early);
      }
      this.waiting.push({ key, request, resolve, reject });
      this.flushSoon();
    })) as ClientAsker;

  /** After the current turn of the event loop: wake the handler when requests wait for the client. */
  flushSoon(): void {
    if (this.#flushing) return;
    this.#flushing = true;
    setImmediate(() => {
      this.#flushing = false;
      if (this.waiting.length > 0 || this.sent.size > 0) this.#wake?.();
    });
  }

  /** Binds the call to the request of this round: its client's capabilities, its signal (while running), its reports. */
  bind(ctx: ServerContext, sinks: CallReportSinks): () => void {
    this.#capabilities = (envelopeOf(ctx)?.[CLIENT_CAPABILITIES_META_KEY] ?? {}) as Record<string, unknown>;
    this.#sinks = sinks;
    const abort = () => this.controller.abort(ctx.mcpReq.signal.reason);
    ctx.mcpReq.signal.addEventListener('abort', abort, { once: true });
    return () => {
      ctx.mcpReq.signal.removeEventListener('abort', abort);
      this.#sinks = undefined;
    };
  }

  /** Resolves with 'done' when the run finished, 'round' when requests wait for the client. */
  next(): Promise<'done' | 'round'> {
    const round = new Promise<'round'>((resolve) => (this.#wake = () => resolve('round')));
    if (this.waiting.length > 0 || this.sent.size > 0) this.flushSoon();
    const done = this.finished.then(
      () => 'done' as const,
      () => 'done' as const,
    );
    return Promise.race([done, round]).finally(() => (this.#wake = undefined));
  }

  /** Keeps the answers a first request carried for requests not made yet (matched by key when the call asks). */
  prefill(responses: Record<string, unknown>): void {
    this.#early = { ...responses };
  }

  /** Hands this round's answers to the requests waiting for them; a missing or malformed answer is asked again. */
  answer(responses: Record<string, unknown>): void {
    for (const [key, ask] of this.sent) {
      if (!Object.hasOwn(responses, key) || !validAnswer(ask.request, responses[key])) continue;
      this.sent.delete(key);
      ask.resolve(responses[key]);
    }
  }

  /** Moves the new requests into the round about to be sent; returns the round's `inputRequests`. */
  nextRound(): Record<string, { method: string; params?: Record<string, unknown> }> {
    for (const a of this.waiting.splice(0)) this.sent.set(a.key, a);
    this.round += 1;
    return Object.fromEntries(
      [...this.sent].map(([key, { request }]) => [
        key,
        request.method === 'roots/list' ? inputRequired.listRoots() : { method: request.method, params: request.params },
      ]),
    );
  }

  /** Ends the wait: every open request rejects with `err`, the run's signal aborts. */
  giveUp(err: Error): void {
    for (const a of [...this.waiting.splice(0), ...this.sent.values()]) a.reject(err);
    this.sent.clear();
    this.controller.abort(err);
  }
}

/**
 * The calls waiting for their 2026-07-28 client to answer an `input_required` result (MCP
 * 2026-07-28, SEP-2322 multi-round-trip requests), for one served toolbox. A tool or prompt
 * awaits `ctx.elicit(...)` as on a 2025 client; here the request goes back to the client as
 * `inputRequests` with a signed `requestState` naming the call, the call stays in memory, and
 * the client's retry (same method and params, plus `inputResponses` and the echoed
 * `requestState`) hands it the answers and waits for its next round or its result. Requests
 * made in the same turn of the event loop travel in one round.
 *
 * A call waits at most {@link CLIENT_ANSWER_TIMEOUT_MS} for a retry, then its requests reject
 * and it is dropped; at most {@link MAX_SUSPENDED_CALLS} wait at once. The state is HMAC-signed
 * with a key of this process (SDK `createRequestStateCodec`): a tampered state is refused with
 * -32602 by the SDK before any handler runs, and so is a state another process signed.
 */
export class SuspendedCalls {
  readonly #calls = new Map<string, SuspendedCall<unknown>>();
  readonly codec: RequestStateCodec<StatePayload>;

  constructor(key: Uint8Array = randomBytes(32)) {
    this.codec = createRequestStateCodec<StatePayload>({ key, ttlSeconds: CLIENT_ANSWER_TIMEOUT_MS / 1000 });
  }

  /** How many calls wait now. */
  get size(): number {
    return this.#calls.size;
  }

  /**
   * Serves one round of a request that may ask its client: a first request starts `start`,
   * a retry with a `requestState` resumes the call it names. Resolves with the final result,
   * or with an `input_required` result when the call waits for answers.
   *
   * @param of what the request is: method, name and a digest of its arguments (a retry must match).
   * @throws {ProtocolError} -32602 for a `requestState` naming no waiting call, another
   *   request, or an earlier round.
   */
  async run<R>(ctx: ServerContext, of: string, sinks: CallReportSinks, start: (io: RunIO) => Promise<R>): Promise<R | InputRequiredResult> {
    const state = ctx.mcpReq.requestState<StatePayload>();
    let call: SuspendedCall<R>;
    if (state === undefined) {
      call = new SuspendedCall<R>(of);
      call.prefill(ctx.mcpReq.inputResponses ?? {});
      const unbind = call.bind(ctx, sinks);
      call.finished = start({ ask: call.ask, signal: call.controller.signal, sinks: call.forward });
      return this.#serve(call, unbind);
    }
    const held = this.#calls.get(state.call) as SuspendedCall<R> | undefined;
    if (!held)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        'requestState names no call waiting on this server: it finished, waited more than 10 minutes, or ran in another server process. Send the request again without requestState',
      );
    if (held.of !== of || state.of !== of)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        'requestState belongs to another request: retry with the same method, name and arguments',
      );
    if (state.round !== held.round)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `requestState is from round ${state.round}; the call is at round ${held.round}`,
      );
    clearTimeout(held.timer);
    this.#calls.delete(held.id);
    const unbind = held.bind(ctx, sinks);
    held.answer(ctx.mcpReq.inputResponses ?? {});
    return this.#serve(held, unbind);
  }

  async #serve<R>(call: SuspendedCall<R>, unbind: () => void): Promise<R | InputRequiredResult> {
    let outcome: 'done' | 'round';
    try {
      outcome = await call.next();
    } finally {
      unbind();
    }
    if (outcome === 'done') return call.finished;
    const inputRequests = call.nextRound();
    const requestState = await this.codec.mint({ call: call.id, round: call.round, of: call.of });
    this.#hold(call);
    return inputRequired({ inputRequests: inputRequests as never, requestState });
  }

  #hold(call: SuspendedCall<unknown>): void {
    if (this.#calls.size >= MAX_SUSPENDED_CALLS) {
      const oldest = this.#calls.values().next().value!;
      this.#drop(oldest, `more than ${MAX_SUSPENDED_CALLS} calls were waiting for their clients; the oldest was given up`);
    }
    this.#calls.set(call.id, call);
    call.timer = setTimeout(() => this.#drop(call, 'the client did not answer within 10 minutes'), CLIENT_ANSWER_TIMEOUT_MS);
    call.timer.unref();
  }

  #drop(call: SuspendedCall<unknown>, why: string): void {
    clearTimeout(call.timer);
    this.#calls.delete(call.id);
    call.giveUp(new Error(why));
  }

  /** Gives up every waiting call (the server is closing). */
  close(): void {
    for (const call of [...this.#calls.values()]) this.#drop(call, 'the server closed');
  }
}

/** What a request is, for matching a retry to its call: method, name and a digest of the arguments. */
export function requestIdentity(method: string, name: string, args: unknown): string {
  return `${method} ${name} ${createHash('sha256')
    .update(JSON.stringify(args ?? {}))
    .digest('base64url')
    .slice(0, 22)}`;
}
