/** Soak row 6's checks: reads, writes, /proc snooping and network from inside the sandbox all fail. */

/** What a hostile script reported for each path it tried: `'ok'` or the error code it got. */
export type Attempts = Record<string, unknown>;

/** Row 6, reads: every path must have failed inside the sandbox. */
export function checkReads(got: Attempts, paths: readonly string[]): string[] {
  return paths.filter((p) => got[p] === 'ok' || !(p in got)).map((p) => (p in got ? `read ${p}` : `no report for ${p}`));
}

/**
 * Row 6, writes: every path must have failed inside, except `hostTemp` (the host's temp folder
 * name, which lands in the sandbox's own /tmp); afterwards none may exist on the host but the
 * ones that existed before (`existing`, such as the store, which must be unchanged).
 */
export function checkWrites(
  got: Attempts,
  paths: readonly string[],
  hostTemp: string,
  onHost: (path: string) => boolean,
  existing: readonly string[],
): string[] {
  const out: string[] = [];
  for (const p of paths) {
    if (p !== hostTemp && got[p] === 'ok') out.push(`wrote ${p}`);
    else if (onHost(p) !== existing.includes(p)) out.push(`${p} ${existing.includes(p) ? 'is gone' : 'appeared'} on the host`);
  }
  return out;
}

/** Row 6, /proc: the secret must be found nowhere, and signalling the caller must give ESRCH. */
export function checkSnoop(got: { leaked?: unknown; kill?: unknown }): string[] {
  const out: string[] = [];
  if (!Array.isArray(got.leaked) || got.leaked.length > 0) out.push(`found the secret in /proc: ${JSON.stringify(got.leaked)}`);
  if (got.kill !== 'ESRCH') out.push(`could signal the caller (${String(got.kill)})`);
  return out;
}

/** Row 6, network: without `network: true` no byte arrives; with it (the control) the service answers `expected`. */
export function checkConnect(closed: Record<string, unknown>, open: Record<string, unknown>, expected: string): string[] {
  const out: string[] = [];
  if ('got' in closed || !('error' in closed)) out.push(`reached the host's service without network: true (${JSON.stringify(closed)})`);
  if (open.got !== expected)
    out.push(`with network: true the service was not reached (${JSON.stringify(open)}): the attack proves nothing`);
  return out;
}
