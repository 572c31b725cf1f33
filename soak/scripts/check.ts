/** Soak row 5's check: each hostile script stopped within its timeout plus 2 s, capped, nothing left, memory bounded. */

/** What one hostile script run did, as the soak measured it. */
export interface HostileOutcome {
  name: string;
  timeoutMs: number;
  killGraceMs: number;
  /** Wall time of runScript, in ms. */
  ms: number;
  /** Bytes of stdout kept in the result, and the cap. */
  keptBytes: number;
  capBytes: number;
  /** Live processes still carrying the run's id after runScript returned (from the process table). */
  leftPids: number[];
  /** Growth of the caller's peak RSS over its RSS before the run (after a full collection), in bytes. */
  rssGrowth: number;
  /**
   * Growth of the caller's live memory (V8 heap used plus array buffers) after the run and a full collection: what the run kept, in bytes.
   */
  liveRetained: number;
  /** Did runScript throw (it promises never to)? */
  threw?: string;
  /** The result's `ok`: a hostile script may only succeed with its output marked as truncated. */
  ok: boolean;
  truncated: boolean;
}

/**
 * The caller's RSS may peak this much above its size before a run: 96 MB. What a run keeps is
 * at most twice the output cap (1 MB each for stdout and the stderr tail); the rest of the peak
 * is pipe reads already dropped, which V8 collects once about 64 MB of such external memory is
 * garbage (measured: the first 100 MB flood of a process peaked 41-61 MB above, later ones 0-28).
 */
export const CALLER_RSS_LIMIT = 96e6;
/**
 * Live memory the caller may still hold after a run and a full collection: 16 MB (the kept output is at most 2 MB). RSS is not read here:
 * freed pages stay with the process.
 */
export const CALLER_RETAINED_LIMIT = 16e6;

/** How long past its timeout a hostile script may take to end: 2 000 ms (each must end within its timeout + 2 s). */
export const END_ALLOWANCE_MS = 2_000;

/**
 * The failures of one hostile run: runScript threw or reported success with untruncated output,
 * it ended later than its timeout plus {@link END_ALLOWANCE_MS} (whatever the kill grace), it
 * kept more stdout than its cap (plus the truncation marker), a process of the run outlived it,
 * or the caller's memory grew past {@link CALLER_RSS_LIMIT} (or kept more than {@link CALLER_RETAINED_LIMIT}).
 */
export function checkHostile(o: HostileOutcome): string[] {
  const out: string[] = [];
  if (o.threw) return [`runScript threw: ${o.threw}`];
  if (o.ok && !o.truncated) out.push('the hostile script was reported as a success with its whole output');
  const limit = o.timeoutMs + END_ALLOWANCE_MS;
  if (o.ms > limit) out.push(`ended after ${o.ms} ms (limit ${limit} ms)`);
  if (o.keptBytes > o.capBytes + 200) out.push(`kept ${o.keptBytes} bytes of stdout (cap ${o.capBytes})`);
  if (o.leftPids.length > 0) out.push(`${o.leftPids.length} process(es) left running: ${o.leftPids.slice(0, 5).join(', ')}`);
  if (o.rssGrowth > CALLER_RSS_LIMIT) out.push(`the caller's RSS grew by ${Math.round(o.rssGrowth / 1e6)} MB`);
  if (o.liveRetained > CALLER_RETAINED_LIMIT)
    out.push(`the caller kept ${Math.round(o.liveRetained / 1e6)} MB live after the run and a full collection`);
  return out;
}
