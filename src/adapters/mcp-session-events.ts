/** The events of a 2025 session's GET stream, kept so a client that reconnects gets what was sent meanwhile. */

import type { EventStore, JSONRPCMessage } from '@modelcontextprotocol/server';

/** The SDK's id of a session's GET stream (`WebStandardStreamableHTTPServerTransport`). */
const GET_STREAM = '_GET_stream';
/** The most GET stream events one session keeps for a client to resume from. */
const KEPT_EVENTS = 256;

/**
 * The events of one 2025 session's GET stream, kept so a client whose stream ended (closed when
 * idle, or cut by the network) gets what was sent meanwhile when it reconnects with
 * `Last-Event-ID` (MCP spec 2025-11-25, basic/transports, "Resumability and Redelivery"). Only
 * the GET stream's events are kept (at most 256, the oldest dropped), and what a client has
 * resumed past is dropped; the events of POST streams get no id and are not kept.
 */
export class GetStreamEvents implements EventStore {
  #seq = 0;
  #events: { seq: number; message: JSONRPCMessage }[] = [];

  /** The id a client resumes from to get every event sent after now. */
  mark(): string {
    return `${GET_STREAM}:${this.#seq}`;
  }

  async storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    if (streamId !== GET_STREAM) return '';
    this.#seq += 1;
    this.#events.push({ seq: this.#seq, message });
    if (this.#events.length > KEPT_EVENTS) this.#events.shift();
    return this.mark();
  }

  async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    return eventId.startsWith(`${GET_STREAM}:`) ? GET_STREAM : undefined;
  }

  async replayEventsAfter(lastEventId: string, { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> }) {
    const after = Number(lastEventId.slice(GET_STREAM.length + 1));
    this.#events = this.#events.filter((e) => e.seq > after);
    for (const e of this.#events) await send(`${GET_STREAM}:${e.seq}`, e.message);
    return GET_STREAM;
  }
}
