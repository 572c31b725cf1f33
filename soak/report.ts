/** The soak table: one line per row, as plain text and as Markdown for docs/reliability.md. */

/** What one soak row did: the printed figures and the failures behind them. */
export interface RowResult {
  /** e.g. `1 fuzzed tool files`. */
  row: string;
  /** What ran, in a few words (and what quick mode left out). */
  ran: string;
  /** How many cases, calls, kills or scripts ran. */
  count: number;
  /** One line per failure: the case (with what reproduces it) and what went wrong. */
  failures: string[];
  /** What was lost (acknowledged writes, processes left, requests without an answer); "none" when nothing. */
  lost: string;
  /** Figures worth printing: latencies, memory, durations. */
  figures: string;
  /** Set when the row could not run here (why): printed as `skipped`, and the run does not pass. */
  skipped?: string;
}

/** Soak settings shared by every row. */
export interface SoakContext {
  /** The repository root (absolute). */
  root: string;
  quick: boolean;
  seed: number;
  log: (message: string) => void;
}

const HEAD = ['row', 'ran', 'count', 'failed', 'lost', 'figures'];

/** The soak table as aligned plain text (no colors): one line per row. */
export function renderSoakTable(rows: readonly RowResult[]): string {
  const cells = rows.map((r) => [r.row, r.ran, String(r.count), r.skipped ? 'skipped' : String(r.failures.length), r.lost, r.figures]);
  const all = [HEAD, ...cells];
  const widths = HEAD.map((_, i) => Math.max(...all.map((c) => [...c[i]!].length)));
  const line = (c: string[]) =>
    c
      .map((v, i) => v.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(HEAD), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

/** The same table in Markdown, for docs/reliability.md. */
export function renderSoakMarkdown(rows: readonly RowResult[]): string {
  const esc = (v: string) => v.replaceAll('|', '\\|');
  const cells = rows.map((r) =>
    [r.row, r.ran, String(r.count), r.skipped ? 'skipped' : String(r.failures.length), r.lost, r.figures].map(esc),
  );
  return [`| ${HEAD.join(' | ')} |`, `| ${HEAD.map(() => '---').join(' | ')} |`, ...cells.map((c) => `| ${c.join(' | ')} |`)].join('\n');
}

/** Milliseconds as "12 ms" or "1.4 s". */
export function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** Bytes as "182 MB" (10^6 bytes). */
export function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1e6)} MB`;
}
