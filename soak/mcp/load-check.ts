/** Soak row 3's check: no failed call, all calls made, memory after the run within its bounds. */

/** The server's memory at one moment, from the gc probe: after a full garbage collection. */
export interface Memory {
  /** Resident set size, bytes. */
  rss: number;
  /** Live JavaScript heap (V8 heapUsed), bytes. */
  heapUsed: number;
  /** Memory of C++ objects bound to JavaScript ones, Buffers and ArrayBuffers included (V8 external), bytes. */
  external: number;
}

/**
 * How far RSS may stay above its figure before the run: 2x. On Node 24 the server keeps native
 * memory it touched under load (measured with seed 17: RSS 118 MB before, 182 MB after 30 s of
 * rest and a full GC, while V8's heap shrank from 62 to 31 MB committed and external memory
 * stayed at 5.4 MB), the same on the code of weeks before: pages of the process, not objects
 * it holds. Retention itself is judged on the live heap and external memory, at 1.5x.
 */
export const RSS_LIMIT = 2;
/** How far the live heap and external memory may grow: 1.5x. */
export const RETAINED_LIMIT = 1.5;

/** What the load row measured. */
export interface LoadOutcome {
  calls: number;
  errors: string[];
  /** Latencies of every call, in ms. */
  latencies: number[];
  /** After the warm-up and a full GC. */
  before: Memory;
  /** RSS (bytes) as the last call returned, before any settling: printed, not checked. */
  rssAtEnd: number;
  /** After the run, an idle settle and a full GC: the figures checked against `before`. */
  after: Memory;
  peakRss: number;
}

/** The p-th percentile (0-100) of `values`, nearest rank; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const mb = (bytes: number) => Math.round(bytes / 1e6);

/**
 * Failures of a load run: any failed call, fewer calls than planned, or memory after the run
 * (settled, after a full GC) above its bound against the memory before (after the warm-up and
 * a full GC): RSS over {@link RSS_LIMIT}, and the live heap or external memory (Buffers), which
 * grow only when something is retained, over {@link RETAINED_LIMIT}.
 */
export function checkLoad(o: LoadOutcome, planned: number): string[] {
  const out = o.errors.slice(0, 20);
  if (o.errors.length > 20) out.push(`... ${o.errors.length - 20} more failed calls`);
  if (o.calls !== planned) out.push(`${o.calls} calls answered of ${planned}`);
  if (!(o.after.rss <= RSS_LIMIT * o.before.rss))
    out.push(`RSS after the run ${mb(o.after.rss)} MB is over ${RSS_LIMIT}x the ${mb(o.before.rss)} MB before`);
  if (!(o.after.heapUsed <= RETAINED_LIMIT * o.before.heapUsed))
    out.push(
      `live heap after the run ${mb(o.after.heapUsed)} MB is over ${RETAINED_LIMIT}x the ${mb(o.before.heapUsed)} MB before: memory is retained`,
    );
  if (!(o.after.external <= RETAINED_LIMIT * o.before.external))
    out.push(
      `external memory after the run ${mb(o.after.external)} MB is over ${RETAINED_LIMIT}x the ${mb(o.before.external)} MB before: Buffers are retained`,
    );
  return out;
}
