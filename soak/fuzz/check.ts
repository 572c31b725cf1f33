/** Soak row 1's check: no internal error, no case over its CPU limit, every finding with a usable position. */

/** A position a finding or diagnostic points at. */
export interface Place {
  file: string;
  line: number;
  column: number;
}

/** What one engine call (validate or exportTools) did on a fuzzed folder, reduced for checking. */
export interface EngineOutcome {
  /** Set when the call threw: `internal` unless it was one of the toolkit's typed errors. */
  error?: { internal: boolean; message: string };
  /** Every finding (validate) or diagnostic (export), with its place. */
  places: Place[];
  /** The places of syntax-error findings or diagnostics. */
  syntax: Place[];
  /** Files reported as nested too deeply to parse (their own syntax errors cannot be placed). */
  tooDeep?: string[];
}

/** One fuzzed case as the worker saw it. */
export interface FuzzOutcome {
  index: number;
  /** The tool file it started from, relative to the repository. */
  source: string;
  kinds: string[];
  /** Wall time of validate plus export, in ms. */
  ms: number;
  /** CPU time (user + system) of the worker during validate plus export, in ms. */
  cpuMs: number;
  /** The first syntax error TypeScript's parser reports in the mutated file, if any. */
  expectedSyntax?: Place;
  validate: EngineOutcome;
  export: EngineOutcome;
}

/**
 * Limit of one case (validate plus export), in ms of CPU time: each case must finish
 * under 10 s. CPU time, not wall time, so other work on a shared machine does not count against
 * the case; a hang that burns no CPU is caught by the worker's watchdog (row.ts).
 */
export const CASE_LIMIT_MS = 10_000;

function badPlace(p: Place): boolean {
  return (
    typeof p.file !== 'string' || p.file === '' || !Number.isInteger(p.line) || p.line < 1 || !Number.isInteger(p.column) || p.column < 1
  );
}

const at = (p: Place) => `${p.file}:${p.line}:${p.column}`;

/**
 * The failures of one fuzzed case (empty when it passed): an internal error from either
 * engine, more than {@link CASE_LIMIT_MS}, a finding without a usable file:line:col, or a
 * syntax error of the mutated file that validate or export does not report at the place
 * TypeScript's parser gives (or, for a file too deeply nested to parse, as nested too deeply).
 */
export function checkFuzzCase(o: FuzzOutcome): string[] {
  const out: string[] = [];
  if (o.cpuMs > CASE_LIMIT_MS) out.push(`took ${o.cpuMs} ms of CPU time (limit ${CASE_LIMIT_MS} ms; wall ${o.ms} ms)`);
  for (const [name, r] of [
    ['validate', o.validate],
    ['export', o.export],
  ] as const) {
    if (r.error?.internal) {
      out.push(`${name} threw an internal error: ${r.error.message}`);
      continue;
    }
    const bad = r.places.find(badPlace);
    if (bad) out.push(`${name} reported a problem without a usable place: ${JSON.stringify(bad)}`);
    const want = o.expectedSyntax;
    // A file the toolkit does not parse (nested too deeply) must be reported as such instead.
    const placed =
      want &&
      (r.tooDeep?.includes(want.file) || r.syntax.some((p) => p.file === want.file && p.line === want.line && p.column === want.column));
    if (want && !r.error && !placed) {
      out.push(`${name} did not report the syntax error at ${at(want)} (reported: ${r.syntax.map(at).join(', ') || 'none'})`);
    }
  }
  return out;
}
