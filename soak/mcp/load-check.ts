/** The server's memory at one moment, from the gc probe: after a full garbage collection. */
export interface Memory {
  /** Resident set size, bytes. */
  rss: number;
  /** Live JavaScript heap (V8 heapUsed), bytes. */
  heapUsed: number;
}

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
 * (settled, after a full GC) above 1.5x the memory before (after the warm-up and a full GC):
 * RSS, the figure, and the live heap, which grows only when something is retained.
 */
export function checkLoad(o: LoadOutcome, planned: number): string[] {
  const out = o.errors.slice(0, 20);
  if (o.errors.length > 20) out.push(`... ${o.errors.length - 20} more failed calls`);
  if (o.calls !== planned) out.push(`${o.calls} calls answered of ${planned}`);
  if (!(o.after.rss <= 1.5 * o.before.rss))
    out.push(`RSS after the run ${mb(o.after.rss)} MB is over 1.5x the ${mb(o.before.rss)} MB before`);
  if (!(o.after.heapUsed <= 1.5 * o.before.heapUsed))
    out.push(`live heap after the run ${mb(o.after.heapUsed)} MB is over 1.5x the ${mb(o.before.heapUsed)} MB before: memory is retained`);
  return out;
}
