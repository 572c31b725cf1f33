/** What the load row measured. */
export interface LoadOutcome {
  calls: number;
  errors: string[];
  /** Latencies of every call, in ms. */
  latencies: number[];
  rssBefore: number;
  rssAfter: number;
  peakRss: number;
}

/** The p-th percentile (0-100) of `values`, nearest rank; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Failures of a load run: any failed call, fewer calls than planned, or RSS after the run above 1.5x the RSS before. */
export function checkLoad(o: LoadOutcome, planned: number): string[] {
  const out = o.errors.slice(0, 20);
  if (o.errors.length > 20) out.push(`... ${o.errors.length - 20} more failed calls`);
  if (o.calls !== planned) out.push(`${o.calls} calls answered of ${planned}`);
  if (!(o.rssAfter <= 1.5 * o.rssBefore)) out.push(`RSS after the run ${Math.round(o.rssAfter / 1e6)} MB is over 1.5x the ${Math.round(o.rssBefore / 1e6)} MB before`);
  return out;
}
