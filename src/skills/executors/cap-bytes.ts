/** Bounded byte collectors for a child's output (head, tail, both) that never split a UTF-8 character. */

/**
 * The longest prefix of `buf` of at most `max` bytes that ends on a UTF-8 character
 * boundary, decoded: a multi-byte character is never split, so no U+FFFD appears.
 */
export function utf8Head(buf: Buffer, max: number): string {
  let end = Math.min(max, buf.length);
  // Step back over continuation bytes (10xxxxxx) to the lead byte of the last character,
  // and drop that character when the bytes it announces do not all fit.
  let lead = end - 1;
  while (lead > 0 && end - lead < 4 && (buf[lead]! & 0xc0) === 0x80) lead--;
  if (lead >= 0) {
    const b = buf[lead]!;
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    if (lead + need > end) end = lead;
  }
  return buf.subarray(0, end).toString('utf8');
}

/**
 * Same as {@link utf8Head} for the end of `buf`: the longest suffix of at most `max` bytes
 * that starts on a character boundary (also when `buf` itself is a cut that starts inside one).
 */
export function utf8Tail(buf: Buffer, max: number): string {
  let start = Math.max(0, buf.length - max);
  while (start < buf.length && (buf[start]! & 0xc0) === 0x80) start++;
  return buf.subarray(start).toString('utf8');
}

/**
 * Collects a stream's bytes up to `max`, counting the rest without keeping it, so memory
 * stays bounded however much is written.
 */
export class ByteCollector {
  readonly #chunks: Buffer[] = [];
  #kept = 0;
  /** Every byte seen, kept or not. */
  total = 0;
  constructor(readonly max: number) {}

  /** Takes one chunk: keeps what fits under `max`, counts all of it. */
  push(chunk: Buffer): void {
    this.total += chunk.length;
    const room = this.max - this.#kept;
    if (room <= 0) return;
    const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
    this.#chunks.push(part);
    this.#kept += part.length;
  }

  /** Whether bytes were dropped. */
  get truncated(): boolean {
    return this.total > this.#kept;
  }

  /** The kept bytes (may end inside a character; {@link text} does not). */
  bytes(): Buffer {
    return Buffer.concat(this.#chunks);
  }

  /**
   * The kept text (cut on a character boundary), followed, when bytes were dropped, by
   * `\n[truncated: <total> bytes, kept <kept>]`.
   */
  text(): string {
    const head = utf8Head(this.bytes(), this.max);
    return this.truncated ? `${head}\n[truncated: ${this.total} bytes, kept ${Buffer.byteLength(head)}]` : head;
  }
}

/**
 * Keeps the last `max` bytes of a stream, counting everything. Chunks are kept as they come
 * and the oldest dropped once the rest holds `max` bytes, so a flood costs no copying (joining
 * on every chunk made 100 MB of output allocate ~1 GB and raised the caller's peak memory).
 */
export class TailCollector {
  readonly #chunks: Buffer[] = [];
  #kept = 0;
  /** Every byte seen. */
  total = 0;
  constructor(readonly max: number) {}

  /** Takes one chunk, keeping only the last `max` bytes seen. */
  push(chunk: Buffer): void {
    this.total += chunk.length;
    this.#chunks.push(chunk);
    this.#kept += chunk.length;
    while (this.#chunks.length > 1 && this.#kept - this.#chunks[0]!.length >= this.max) this.#kept -= this.#chunks.shift()!.length;
  }

  /** Whether bytes were dropped. */
  get truncated(): boolean {
    return this.total > Math.min(this.#kept, this.max);
  }

  /** The kept bytes (may start inside a character; {@link text} does not). */
  bytes(): Buffer {
    const all = this.#chunks.length === 1 ? this.#chunks[0]! : Buffer.concat(this.#chunks);
    return all.length > this.max ? all.subarray(all.length - this.max) : all;
  }

  /** The kept tail (starting on a character boundary), after `[… N bytes dropped]\n` when cut. */
  text(): string {
    const tail = utf8Tail(this.bytes(), this.max);
    return this.truncated ? `[… ${this.total - Buffer.byteLength(tail)} bytes dropped]\n${tail}` : tail;
  }
}

/**
 * Keeps the first and the last bytes of a stream, `max` in all (the head `ceil(max / 2)`, the
 * tail the rest), counting everything, so memory stays bounded; while the total fits in
 * `max` nothing is dropped.
 */
export class HeadTailCollector {
  readonly #head: ByteCollector;
  readonly #tail: TailCollector;
  constructor(readonly max: number) {
    this.#head = new ByteCollector(Math.ceil(max / 2));
    this.#tail = new TailCollector(Math.floor(max / 2));
  }

  /** Every byte seen, kept or not. */
  get total(): number {
    return this.#head.total + this.#tail.total;
  }

  /** Takes one chunk: the head fills first, the rest passes through the tail. */
  push(chunk: Buffer): void {
    const room = this.#head.max - this.#head.total;
    if (room > 0) this.#head.push(chunk.length <= room ? chunk : chunk.subarray(0, room));
    if (chunk.length > room) this.#tail.push(room > 0 ? chunk.subarray(room) : chunk);
  }

  /** Whether bytes were dropped (the total is over `max`). */
  get truncated(): boolean {
    return this.#tail.truncated;
  }

  /**
   * The kept text: all of it as `head` (tail `''`) when nothing was dropped; else the head
   * and the tail, each cut on a character boundary (no U+FFFD).
   */
  parts(): { head: string; tail: string } {
    if (!this.truncated) return { head: Buffer.concat([this.#head.bytes(), this.#tail.bytes()]).toString('utf8'), tail: '' };
    return { head: utf8Head(this.#head.bytes(), this.#head.max), tail: utf8Tail(this.#tail.bytes(), this.#tail.max) };
  }
}
