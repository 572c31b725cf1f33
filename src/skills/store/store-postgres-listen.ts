/** Listens for changes to a PostgreSQL store on its NOTIFY channel, reconnecting with backoff. */

import pg from 'pg';
import type { StoreStatus } from './store.js';

/** The `NOTIFY` channel every change to a PostgreSQL store is announced on. */
export const CHANNEL = 'agent_tools_skills';

/** The first wait before reconnecting a lost `LISTEN` connection, in ms; it doubles after each failed try. */
export const RECONNECT_MIN_MS = 250;
/** The longest wait between reconnection tries, in ms. */
export const RECONNECT_MAX_MS = 8_000;

/**
 * Listens on {@link CHANNEL} over a connection of its own and calls `onChange` for every
 * notification. A lost connection is reported through `onStatus` and retried with backoff
 * (250 ms doubling to 8 s). Once listening (at first and after each reconnect) `onChange`
 * is called once, since changes committed before that sent notifications nobody heard.
 * Timers and the socket keep no process alive. Returns `stop`.
 */
export function listenForChanges(config: pg.ClientConfig, onChange: () => void, onStatus?: (s: StoreStatus) => void): () => void {
  let stopped = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MIN_MS;
  let lost = false;

  const retry = (err: unknown) => {
    if (stopped) return;
    lost = true;
    const wait = delay;
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    onStatus?.({ state: 'lost', message: (err as Error)?.message ?? String(err), retryInMs: wait });
    timer = setTimeout(() => void connect(), wait);
    timer.unref();
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    const c = new pg.Client(config);
    let failed = false;
    const onLost = (err: unknown) => {
      if (failed || stopped) return;
      failed = true;
      if (client === c) client = undefined;
      c.end().catch(() => undefined);
      retry(err);
    };
    c.on('error', onLost);
    c.on('end', () => onLost(new Error('the server closed the connection')));
    c.on('notification', (n) => {
      if (n.channel === CHANNEL && !stopped) onChange();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      onLost(err);
      return;
    }
    if (stopped || failed) {
      await c.end().catch(() => undefined);
      return;
    }
    // The socket must not keep a process alive that has nothing else to do.
    (c as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
    client = c;
    delay = RECONNECT_MIN_MS;
    if (lost) {
      lost = false;
      onStatus?.({ state: 'restored' });
    }
    // Changes committed before LISTEN took effect sent notifications nobody heard.
    onChange();
  }

  void connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    client?.end().catch(() => undefined);
    client = undefined;
  };
}
