/** The keys of recent distinct calls, bounded, for marking a repeated call as a duplicate. */

/** How many distinct calls a {@link RecentCalls} remembers by default. */
export const RECENT_CALLS_MAX_KEYS = 1000;

/** How much call-key text a {@link RecentCalls} keeps by default, in UTF-16 code units (about 2 MB). */
export const RECENT_CALLS_MAX_CHARS = 1_000_000;

/**
 * Where `runTool` looks up and records call keys (see `callKey`) to mark a repeated call
 * `isDuplicate`. A plain `Set<string>` fits, but grows with every distinct call; the adapters
 * pass a {@link RecentCalls}.
 */
export interface CallKeys {
  has(key: string): boolean;
  add(key: string): unknown;
}

/**
 * The keys of the most recent distinct calls, bounded so a server or agent session that runs
 * for days does not keep one key per call forever: at most `maxKeys` keys and `maxChars`
 * UTF-16 code units of key text; beyond either, the least recently seen keys are dropped.
 * Seeing a key again makes it the most recent. A key longer than `maxChars` is not kept (a
 * repeat of such a call is not marked as a duplicate).
 *
 * @throws {RangeError} from the constructor when a limit is not a positive integer.
 */
export class RecentCalls implements CallKeys {
  readonly #keys = new Set<string>();
  #chars = 0;
  /** The most recent key (the last in `#keys`). */
  #last: string | undefined;

  constructor(
    readonly maxKeys = RECENT_CALLS_MAX_KEYS,
    readonly maxChars = RECENT_CALLS_MAX_CHARS,
  ) {
    for (const [name, value] of [
      ['maxKeys', maxKeys],
      ['maxChars', maxChars],
    ] as const) {
      if (!Number.isInteger(value) || value < 1)
        throw new RangeError(`RecentCalls: ${name} must be a positive integer, received ${String(value)}`);
    }
  }

  /** How many keys are kept now (at most `maxKeys`). */
  get size(): number {
    return this.#keys.size;
  }

  /** The UTF-16 code units of key text kept now (at most `maxChars`). */
  get chars(): number {
    return this.#chars;
  }

  has(key: string): boolean {
    return this.#keys.has(key);
  }

  add(key: string): this {
    if (key === this.#last) return this; // already the most recent
    if (this.#keys.delete(key)) {
      this.#keys.add(key); // seen again: now the most recent
      this.#last = key;
      return this;
    }
    if (key.length > this.maxChars) return this;
    this.#keys.add(key);
    this.#last = key;
    this.#chars += key.length;
    for (const oldest of this.#keys) {
      if (this.#keys.size <= this.maxKeys && this.#chars <= this.maxChars) break;
      this.#keys.delete(oldest);
      this.#chars -= oldest.length;
    }
    return this;
  }
}
