/** The stdio transport of `agent-tools serve`: newline-delimited JSON-RPC, each incoming message screened before the SDK sees it. */

import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import { screenJsonRpc } from './jsonrpc-screen.js';

/**
 * The MCP stdio transport of `agent-tools serve`: newline-delimited JSON-RPC on stdin and
 * stdout, as the SDK's `StdioServerTransport`, except that every line is screened first
 * ({@link screenJsonRpc}): a line that is not JSON, not a JSON-RPC 2.0 message, a batch, or
 * a request with params of the wrong shape is answered with its JSON-RPC error, where the
 * SDK's transport dropped it without an answer. Blank lines are skipped.
 */
export class ScreenedStdioTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  #chunks: Buffer[] = [];

  constructor(
    private readonly stdin: NodeJS.ReadableStream = process.stdin,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
  ) {}

  readonly #onData = (chunk: Buffer) => {
    let at = chunk.indexOf(0x0a);
    while (at !== -1) {
      // a line without a CR before its LF, the common case, is decoded straight from the chunk
      const end = at > 0 && chunk[at - 1] === 0x0d ? at - 1 : at;
      let line: string;
      if (this.#chunks.length === 0) line = chunk.toString('utf8', 0, end);
      else {
        this.#chunks.push(chunk.subarray(0, at));
        line = Buffer.concat(this.#chunks).toString('utf8').replace(/\r$/, '');
        this.#chunks = [];
      }
      chunk = chunk.subarray(at + 1);
      at = chunk.indexOf(0x0a);
      if (!/\S/.test(line)) continue; // blank
      const screened = screenJsonRpc(line);
      if ('reply' in screened) void this.send(screened.reply);
      else this.onmessage?.(screened.message);
    }
    if (chunk.length > 0) this.#chunks.push(chunk);
  };

  readonly #onError = (error: Error) => this.onerror?.(error);

  async start(): Promise<void> {
    this.stdin.on('data', this.#onData);
    this.stdin.on('error', this.#onError);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.#onData);
    this.stdin.off('error', this.#onError);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.#chunks = [];
    this.onclose?.();
  }
}
