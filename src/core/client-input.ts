/** The shapes of asking the client: elicitation forms and results, sampling requests and answers, roots. */

/**
 * One field of an elicitation form: MCP restricts `requestedSchema` to a flat object of
 * primitive fields (MCP spec 2025-11-25, client/elicitation, "Requested Schema"): a string
 * (optionally with `format` email, uri, date or date-time, an `enum`, or `oneOf` titled
 * choices), a number or integer (`minimum`, `maximum`), a boolean, or an array of enum
 * strings (multi-select). `default` pre-fills the form.
 */
export interface ElicitField {
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array';
  title?: string;
  description?: string;
  default?: string | number | boolean | string[];
  [keyword: string]: unknown;
}

/** The form an elicitation asks the user to fill in: `{ type: 'object', properties, required? }`. */
export interface ElicitSchema {
  type: 'object';
  properties: Readonly<Record<string, ElicitField>>;
  required?: readonly string[];
}

/**
 * What the user did with an elicitation: `accept` (with the submitted `content`), `decline`
 * (said no) or `cancel` (dismissed it). `content` is user input: check it before acting.
 */
export interface ElicitResult {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, string | number | boolean | string[]>;
}

/** One message of a sampling request (MCP `SamplingMessage`): text, image or audio content. */
export interface SampleMessage {
  role: 'user' | 'assistant';
  content: { type: 'text'; text: string } | { type: 'image' | 'audio'; data: string; mimeType: string };
}

/**
 * A sampling request (MCP `sampling/createMessage` params): the `messages` for the client's
 * model and `maxTokens`, the most tokens it may generate; `systemPrompt`, `temperature`,
 * `stopSequences` and `modelPreferences` are hints the client may ignore.
 */
export interface SampleRequest {
  messages: SampleMessage[];
  maxTokens: number;
  systemPrompt?: string;
  temperature?: number;
  stopSequences?: string[];
  modelPreferences?: Record<string, unknown>;
  [field: string]: unknown;
}

/** The client model's answer to a sampling request: which `model` answered, and its message. */
export interface SampleResult {
  role: 'user' | 'assistant';
  content: SampleMessage['content'] | SampleMessage['content'][];
  model: string;
  stopReason?: string;
  [field: string]: unknown;
}

/** One root the client exposes (MCP `roots/list`): a `file://` URI and an optional name. */
export interface ClientRoot {
  uri: string;
  name?: string;
}

/**
 * One request to the client that called a tool, as MCP names it: an elicitation (a form the
 * user fills in), a sampling request (a completion from the client's model), or the client's
 * roots. Sampling and roots are deprecated as of MCP 2026-07-28 (SEP-2577) but still served.
 */
export type ClientRequest =
  | { method: 'elicitation/create'; params: { message: string; requestedSchema: ElicitSchema } }
  | { method: 'sampling/createMessage'; params: SampleRequest }
  | { method: 'roots/list'; params: Record<string, never> };

/** The answer to a {@link ClientRequest}, by its method. */
export interface ClientAnswers {
  'elicitation/create': ElicitResult;
  'sampling/createMessage': SampleResult;
  'roots/list': { roots: ClientRoot[] };
}

/**
 * What an adapter gives a call so that it can ask its client: `ask(request, key)` sends one
 * request and resolves with the answer. Requests made in the same turn of the event loop may
 * travel together (MCP 2026-07-28 sends them in one `input_required` result). `key` names
 * the request on the wire (2026: the key of `inputRequests`); when absent the adapter picks
 * one (`elicit-1`, `sample-2`, ...).
 *
 * The pipeline and a tool's context use the same asker, so the pipeline can ask before a
 * tool runs (a confirmation) exactly as a tool asks from inside `execute`.
 *
 * @throws (rejects) {@link MissingClientCapabilityError} when the client did not declare the
 *   capability the request needs; {@link ClientInputUnavailableError} when the adapter cannot
 *   reach a client at all.
 */
export type ClientAsker = <M extends ClientRequest['method']>(
  request: Extract<ClientRequest, { method: M }>,
  key?: string,
) => Promise<ClientAnswers[M]>;

/** The capability a client must declare for each request (MCP `ClientCapabilities` keys). */
export const CAPABILITY_OF: Record<ClientRequest['method'], 'elicitation' | 'sampling' | 'roots'> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};

/**
 * Thrown (as a rejection) by `ctx.elicit`, `ctx.sample` and `ctx.listRoots` when the client
 * did not declare the capability the request needs. A tool may catch it and go on without the
 * answer; uncaught, the call fails: an error result on MCP 2025 clients, the JSON-RPC error
 * -32021 (MissingRequiredClientCapability, HTTP 400) on 2026-07-28 clients, as that revision
 * requires of a server that needs an undeclared capability.
 */
export class MissingClientCapabilityError extends Error {
  override readonly name = 'MissingClientCapabilityError';
  constructor(
    readonly capability: 'elicitation' | 'sampling' | 'roots',
    readonly method: ClientRequest['method'],
  ) {
    super(
      `The client did not declare the "${capability}" capability, so this call cannot send ${method}; ` +
        `use a client that supports ${capability}, or call a tool that does not need it`,
    );
  }
}

/**
 * Thrown (as a rejection) by `ctx.elicit`, `ctx.sample` and `ctx.listRoots` when the call did
 * not come from a client that can be asked: the AI SDK adapter, the command line, a direct
 * `runTool` without an asker. `where` names the caller when the adapter said.
 */
export class ClientInputUnavailableError extends Error {
  override readonly name = 'ClientInputUnavailableError';
  constructor(
    readonly method: ClientRequest['method'],
    readonly where = 'this adapter',
  ) {
    super(
      `${method} is not available here: asking the client (elicitation, sampling, roots) needs an MCP client, ` +
        `and this call came from ${where}. Give the tool what it needs as params instead`,
    );
  }
}

/**
 * What a tool (in `ctx`) and a prompt's `get` (second argument) can ask of the MCP client that
 * called them. The same code serves every MCP revision: on 2025-era clients each request is a
 * server-to-client request; on 2026-07-28 clients it becomes an `input_required` result the
 * client answers by retrying, and the call resumes where it waited. Other adapters reject with
 * {@link ClientInputUnavailableError}; a client without the capability rejects with
 * {@link MissingClientCapabilityError}. A human may take minutes to answer: the call's
 * `signal` aborts the wait.
 */
export interface ClientAccess {
  /**
   * Asks the user to fill in a form (MCP elicitation, form mode): `message` says why,
   * `requestedSchema` is the flat form. `options.key` names the request on the wire.
   * @throws (rejects) {@link TypeError} for a message that is not a non-empty string or a
   *   schema that is not `{ type: 'object', properties }`.
   */
  elicit(message: string, requestedSchema: ElicitSchema, options?: { key?: string }): Promise<ElicitResult>;
  /** Asks the client's model for a completion (MCP sampling; deprecated as of 2026-07-28, SEP-2577). */
  sample(request: SampleRequest, options?: { key?: string }): Promise<SampleResult>;
  /** Asks the client for its roots (MCP roots; deprecated as of 2026-07-28, SEP-2577). */
  listRoots(options?: { key?: string }): Promise<ClientRoot[]>;
}

/**
 * {@link ClientAccess} over an asker: argument checks, then `ask`; without an asker every
 * method rejects with {@link ClientInputUnavailableError} naming `where`.
 */
export function clientAccess(ask: ClientAsker | undefined, where?: string): ClientAccess {
  const send = <M extends ClientRequest['method']>(request: Extract<ClientRequest, { method: M }>, key: string | undefined) =>
    ask ? ask(request, key) : Promise.reject(new ClientInputUnavailableError(request.method, where));
  return {
    async elicit(message, requestedSchema, options) {
      if (typeof message !== 'string' || message === '') throw new TypeError('ctx.elicit: message must be a non-empty string');
      const s = requestedSchema as Partial<ElicitSchema> | undefined;
      if (s?.type !== 'object' || typeof s.properties !== 'object' || s.properties === null)
        throw new TypeError("ctx.elicit: requestedSchema must be { type: 'object', properties: { ... } }");
      return send({ method: 'elicitation/create', params: { message, requestedSchema } }, options?.key);
    },
    async sample(request, options) {
      if (!Array.isArray(request?.messages) || typeof request.maxTokens !== 'number')
        throw new TypeError('ctx.sample: the request needs messages (an array) and maxTokens (a number)');
      return send({ method: 'sampling/createMessage', params: request }, options?.key);
    },
    async listRoots(options) {
      return (await send({ method: 'roots/list', params: {} }, options?.key)).roots;
    },
  };
}
