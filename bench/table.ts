/** The benchmark table: rows of a subject against its floor, aligned, with ms, MB and ratios. */

/** One printed row: a measured subject against its floor. */
export interface Row {
  bench: string;
  subject: string;
  /** The median, already formatted with its unit (e.g. "812 ms", "3.1 µs/call"). */
  value: string;
  floor: string;
  /** subject / floor, or floor / subject for rates, as "1.42x"; "" when there is no floor. */
  ratio: string;
  target: string;
  /** "yes", "no", or "" when there is no target or the row failed. */
  met: string;
  /** The subject's median peak resident set size (e.g. "182 MB"), for whole-process subjects. */
  rss?: string;
}

const HEAD: Required<Row> = {
  bench: 'benchmark',
  subject: 'subject',
  value: 'median',
  floor: 'floor (median)',
  ratio: 'ratio',
  target: 'target',
  met: 'met',
  rss: 'peak RSS',
};

/** Renders rows as a plain-text table with aligned columns (no colors, safe to paste). */
export function renderTable(rows: readonly Row[]): string {
  const keys = Object.keys(HEAD) as (keyof Row)[];
  const all = [HEAD, ...rows];
  const widths = keys.map((k) => Math.max(...all.map((r) => [...(r[k] ?? '')].length)));
  const line = (r: Row) =>
    keys
      .map((k, i) => (r[k] ?? '').padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(HEAD), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** Milliseconds with sensible precision: "0.84 ms", "12.3 ms", "1 204 ms". */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (value < 10) return `${value.toFixed(2)} ms`;
  if (value < 100) return `${value.toFixed(1)} ms`;
  return `${Math.round(value).toLocaleString('en-US').replaceAll(',', ' ')} ms`;
}

/** Bytes as megabytes (10^6 bytes): "182 MB"; "" when unknown. */
export function mb(bytes: number | undefined): string {
  return bytes === undefined || !Number.isFinite(bytes) ? '' : `${Math.round(bytes / 1e6)} MB`;
}

/** `a / b` as "1.42x" ("n/a" when either side is missing). */
export function ratio(a: number, b: number): string {
  return Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a';
}
