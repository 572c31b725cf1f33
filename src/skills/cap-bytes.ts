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

/** Same as {@link utf8Head} for the end of `buf`: the longest suffix of at most `max` bytes. */
export function utf8Tail(buf: Buffer, max: number): string {
  if (buf.length <= max) return buf.toString('utf8');
  let start = buf.length - max;
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

  push(chunk: Buffer): void {
    this.total += chunk.length;
    const room = this.max - this.#kept;
    if (room <= 0) return;
    const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
    this.#chunks.push(part);
    this.#kept += part.length;
  }

  get truncated(): boolean {
    return this.total > this.#kept;
  }

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

/** Keeps the last `max` bytes of a stream, counting everything. */
export class TailCollector {
  #buf = Buffer.alloc(0);
  /** Every byte seen. */
  total = 0;
  constructor(readonly max: number) {}

  push(chunk: Buffer): void {
    this.total += chunk.length;
    const joined = Buffer.concat([this.#buf, chunk]);
    this.#buf = joined.length > this.max ? joined.subarray(joined.length - this.max) : joined;
  }

  get truncated(): boolean {
    return this.total > this.#buf.length;
  }

  /** The kept tail (starting on a character boundary), after `[… N bytes dropped]\n` when cut. */
  text(): string {
    const tail = utf8Tail(this.#buf, this.max);
    return this.truncated ? `[… ${this.total - Buffer.byteLength(tail)} bytes dropped]\n${tail}` : tail;
  }
}
