/** Counts tokens in OpenAI's o200k_base encoding, as tiktoken does, for the tier cost. */

import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/**
 * The o200k_base pre-tokenizer (the GPT-4o encoding), as OpenAI's tiktoken defines it, written
 * without inline flags for JavaScript (the contraction suffix spelled out in both cases).
 */
const CONTRACTION = String.raw`(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?`;
const SPLIT = new RegExp(
  String.raw`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+${CONTRACTION}` +
    String.raw`|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*${CONTRACTION}` +
    String.raw`|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
  'gu',
);

let ranks: Map<string, number> | undefined;

/**
 * The o200k_base ranks: token bytes (as a latin1 string, one char per byte) to rank. Read once
 * from data/o200k-base.bin.gz (scripts/tokenizer-data.mjs writes it from OpenAI's
 * o200k_base.tiktoken): for each rank from 0 up, one length byte and the token's bytes.
 */
function loadRanks(): Map<string, number> {
  const data = gunzipSync(readFileSync(new URL('../../data/o200k-base.bin.gz', import.meta.url)));
  const map = new Map<string, number>();
  let rank = 0;
  for (let i = 0; i < data.length;) {
    const n = data[i]!;
    map.set(data.toString('latin1', i + 1, i + 1 + n), rank++);
    i += 1 + n;
  }
  return map;
}

/**
 * Tokens of one pre-tokenized piece (`bytes`: its UTF-8 bytes as latin1) by byte-pair merges, lowest rank first, leftmost on a tie
 * (tiktoken's rule).
 */
function mergeCount(bytes: string, table: Map<string, number>): number {
  const n = bytes.length;
  if (table.has(bytes)) return 1;
  // Parts form a linked list over byte offsets; a min-heap of (rank, offset) picks the next merge.
  const next = new Int32Array(n + 1);
  const prev = new Int32Array(n + 1);
  const rankAt = new Float64Array(n);
  for (let i = 0; i <= n; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
  }
  const pairRank = (i: number): number => {
    const j = next[i]!;
    if (j >= n) return Infinity;
    return table.get(bytes.slice(i, next[j])) ?? Infinity;
  };
  const heap: number[] = [];
  const SHIFT = 2 ** 20; // offsets stay below it: a piece is at most 65 536 UTF-16 units, 196 608 bytes
  const push = (key: number) => {
    heap.push(key);
    for (let c = heap.length - 1; c > 0;) {
      const p = (c - 1) >> 1;
      if (heap[p]! <= key) break;
      heap[c] = heap[p]!;
      heap[p] = key;
      c = p;
    }
  };
  const pop = (): number => {
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      for (let p = 0; ;) {
        const l = 2 * p + 1;
        const r = l + 1;
        let m = p;
        if (l < heap.length && heap[l]! < heap[m]!) m = l;
        if (r < heap.length && heap[r]! < heap[m]!) m = r;
        if (m === p) break;
        [heap[p], heap[m]] = [heap[m]!, heap[p]!];
        p = m;
      }
    }
    return top;
  };
  const offer = (i: number) => {
    rankAt[i] = pairRank(i);
    if (rankAt[i] !== Infinity) push(rankAt[i] * SHIFT + i);
  };
  for (let i = 0; i < n - 1; i++) offer(i);
  let parts = n;
  while (heap.length > 0) {
    const key = pop();
    const i = key % SHIFT;
    const rank = (key - i) / SHIFT;
    // Stale: the part was merged away or its pair changed since this entry was pushed.
    if (rankAt[i] !== rank || prev[i]! < -1) continue;
    const j = next[i]!;
    next[i] = next[j]!;
    prev[next[j]!] = i;
    prev[j] = -2;
    rankAt[j] = Infinity;
    parts--;
    offer(i);
    if (prev[i]! >= 0) offer(prev[i]!);
  }
  return parts;
}

/**
 * Counts the tokens of `text` in OpenAI's o200k_base encoding (GPT-4o and later), exactly as
 * tiktoken and gpt-tokenizer count it; special-token text such as `<|endoftext|>` counts as
 * plain text. Loads the ranks (about 1 MB) on first use.
 */
export function countO200kTokens(text: string): number {
  ranks ??= loadRanks();
  let count = 0;
  for (const [piece] of text.matchAll(SPLIT)) {
    let n = seen.get(piece);
    if (n === undefined) {
      n = mergeCount(Buffer.from(piece, 'utf8').toString('latin1'), ranks);
      if (seen.size >= SEEN_MAX) seen.clear();
      seen.set(piece, n);
    }
    count += n;
  }
  return count;
}

/** Counts of pieces already merged (words repeat across a toolbox's descriptions); cleared when full, so memory stays bounded. */
const seen = new Map<string, number>();
const SEEN_MAX = 20_000;
