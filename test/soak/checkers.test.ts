// The soak's checkers fail on broken input: a soak that cannot fail is a defect. Each row's
// checker gets a deliberately broken outcome and must name what is wrong.
import { describe, expect, it } from 'vitest';
import { checkFuzzCase, type FuzzOutcome } from '../../soak/fuzz/check.js';
import { checkMalformed } from '../../soak/mcp/check.js';
import { checkLoad, percentile } from '../../soak/mcp/load-check.js';
import { mutateFile, MUTATIONS } from '../../soak/fuzz/mutate.js';
import { createRng } from '../../soak/rng.js';
import { checkHostile, type HostileOutcome } from '../../soak/scripts/check.js';
import { checkAfterKill } from '../../soak/store/check.js';
import type { LogLine } from '../../soak/store/model.js';
import { checkConnect, checkReads, checkSnoop, checkWrites } from '../../soak/sandbox/check.js';
import { checkAuthAnswer } from '../../soak/auth/check.js';

describe('row 1 checker (fuzzed tool files)', () => {
  const clean = { places: [{ file: 'a.ts', line: 2, column: 5 }], syntax: [{ file: 'a.ts', line: 2, column: 5 }] };
  const good: FuzzOutcome = {
    index: 0,
    source: 's.ts',
    kinds: ['truncate'],
    ms: 20,
    cpuMs: 20,
    expectedSyntax: { file: 'a.ts', line: 2, column: 5 },
    validate: clean,
    export: clean,
  };

  it('passes a case reported right', () => expect(checkFuzzCase(good)).toEqual([]));

  it('fails an internal error, a slow case, a syntax error not reported at its place and a finding without a place', () => {
    expect(checkFuzzCase({ ...good, validate: { error: { internal: true, message: 'RangeError: x' }, places: [], syntax: [] } })).toEqual([
      'validate threw an internal error: RangeError: x',
    ]);
    expect(checkFuzzCase({ ...good, cpuMs: 10_001 })[0]).toMatch(/took 10001 ms of CPU time/);
    expect(checkFuzzCase({ ...good, export: { places: [], syntax: [{ file: 'a.ts', line: 3, column: 1 }] } })).toEqual([
      'export did not report the syntax error at a.ts:2:5 (reported: a.ts:3:1)',
    ]);
    expect(checkFuzzCase({ ...good, validate: { ...clean, places: [{ file: 'a.ts', line: 0, column: 1 }] } })[0]).toMatch(
      /without a usable place/,
    );
  });

  it('accepts a file reported as nested too deeply in place of its syntax error, and only for that file', () => {
    const deep = { places: [{ file: 'a.ts', line: 9, column: 515 }], syntax: [{ file: 'a.ts', line: 9, column: 515 }], tooDeep: ['a.ts'] };
    expect(checkFuzzCase({ ...good, validate: deep, export: deep })).toEqual([]);
    expect(checkFuzzCase({ ...good, validate: { ...deep, tooDeep: ['b.ts'] } })).toEqual([
      'validate did not report the syntax error at a.ts:2:5 (reported: a.ts:9:515)',
    ]);
  });

  it('seed 2026, cases 367 and 1263: the mutations take a 10 MB run of one character class and a noise shorter than its byte-order mark', () => {
    const huge = Buffer.from(`export const big = '${'x'.repeat(10_000_000)}';\n${' '.repeat(1_000_000)}\n`);
    for (const index of [0, 1]) expect(mutateFile(huge, index, createRng(index)).bytes.length).toBeGreaterThan(10_000_000);
    const tiny = Buffer.from('a');
    for (let seed = 0; seed < 2_000; seed++) expect(() => mutateFile(tiny, 8, createRng(seed))).not.toThrow();
  });

  it('mutations are reproducible from the seed and every kind runs in any 9 consecutive cases', () => {
    const src = Buffer.from("export const t = defineTool({ name: 'a', description: 'Say hello to the user.' });\n");
    const a = mutateFile(src, 4, createRng(42));
    expect(mutateFile(src, 4, createRng(42)).bytes.equals(a.bytes)).toBe(true);
    expect(new Set(Array.from({ length: MUTATIONS.length }, (_, i) => mutateFile(src, i + 3, createRng(i)).kinds[0]))).toEqual(
      new Set(MUTATIONS),
    );
  });
});

describe('row 2 checker (malformed MCP traffic)', () => {
  it('passes the right error and fails a wrong code, a wrong id, no answer and an answered notification', () => {
    const want = { codes: [-32600], id: 'c2' };
    expect(checkMalformed('x', want, [{ id: 'c2', error: { code: -32600, message: 'Invalid Request' } }])).toEqual([]);
    expect(checkMalformed('x', want, [{ id: 'c2', error: { code: -32603, message: 'boom' } }])[0]).toMatch(/expected error -32600, got/);
    expect(checkMalformed('x', want, [{ id: null, error: { code: -32600, message: 'm' } }])[0]).toMatch(/has id null, expected "c2"/);
    expect(checkMalformed('x', want, [])).toEqual(['x: no answer']);
    expect(checkMalformed('x', 'none', [{ id: null, error: { code: -32601 } }])[0]).toMatch(/notification was answered/);
    expect(checkMalformed('x', { result: 'c12' }, [{ id: 'c12', error: { code: -32601 } }])[0]).toMatch(/expected a result/);
  });
});

describe('row 3 checker (load)', () => {
  const good = {
    calls: 4,
    errors: [],
    latencies: [1, 2, 3, 40],
    before: { rss: 100e6, heapUsed: 20e6, external: 5e6 },
    rssAtEnd: 200e6,
    after: { rss: 190e6, heapUsed: 21e6, external: 5e6 },
    peakRss: 210e6,
  };

  it('passes a clean run; fails failed calls, missing calls, RSS that stays over 2x after the settle, a live heap or external memory that grew', () => {
    expect(checkLoad(good, 4)).toEqual([]);
    expect(
      checkLoad({ ...good, calls: 3, errors: ['client 0 call 1: fetch failed'], after: { rss: 201e6, heapUsed: 31e6, external: 8e6 } }, 4),
    ).toEqual([
      'client 0 call 1: fetch failed',
      '3 calls answered of 4',
      'RSS after the run 201 MB is over 2x the 100 MB before',
      'live heap after the run 31 MB is over 1.5x the 20 MB before: memory is retained',
      'external memory after the run 8 MB is over 1.5x the 5 MB before: Buffers are retained',
    ]);
    expect([percentile(good.latencies, 50), percentile(good.latencies, 99)]).toEqual([2, 40]);
  });
});

describe('row 4 checker (kills during writes)', () => {
  const log: LogLine[] = [
    { opened: true },
    { begin: 0, op: 'install', names: ['a', 'b'], version: 1, force: false },
    { ack: 0 },
    { begin: 1, op: 'disable', name: 'a' },
  ];
  const after = { integrity: 'ok', problems: [] };

  it('accepts the acknowledged state, with or without the write in flight', () => {
    expect(
      checkAfterKill({}, log, { ...after, actual: { a: { enabled: true, version: 1 }, b: { enabled: true, version: 1 } } }).failures,
    ).toEqual([]);
    expect(
      checkAfterKill({}, log, { ...after, actual: { a: { enabled: false, version: 1 }, b: { enabled: true, version: 1 } } }).failures,
    ).toEqual([]);
  });

  it('fails a lost acknowledged write, a half install, a corrupt file and a store that does not open', () => {
    expect(checkAfterKill({}, log, { ...after, actual: {} }).failures[0]).toMatch(/after the 1 acknowledged write/);
    expect(checkAfterKill({}, log, { ...after, actual: { a: { enabled: true, version: 1 } } }).failures).toHaveLength(1);
    expect(
      checkAfterKill({}, log, {
        integrity: 'row 3 missing from index',
        problems: ['b: bad JSON'],
        actual: { a: { enabled: true, version: 1 }, b: { enabled: true, version: 1 } },
      }).failures,
    ).toEqual(['integrity_check: row 3 missing from index', 'unusable row: b: bad JSON']);
    expect(checkAfterKill({}, log, { openError: 'SQLITE_CORRUPT', ...after, actual: {} }).failures).toEqual([
      'the store did not open: SQLITE_CORRUPT',
    ]);
  });
});

describe('row 5 checker (hostile scripts)', () => {
  const good: HostileOutcome = {
    name: 'loop',
    timeoutMs: 2000,
    killGraceMs: 1000,
    ms: 4000,
    keptBytes: 0,
    capBytes: 1_000_000,
    leftPids: [],
    rssGrowth: 1e6,
    liveRetained: 0,
    ok: false,
    truncated: false,
  };

  it('passes a script stopped in time, capped and cleaned up', () => expect(checkHostile(good)).toEqual([]));

  it('fails a late end, a process left, output past the cap, memory growth and a success', () => {
    expect(
      checkHostile({ ...good, ms: 4001, leftPids: [12], keptBytes: 2_000_000, rssGrowth: 200e6, liveRetained: 20e6, ok: true }),
    ).toEqual([
      'the hostile script was reported as a success with its whole output',
      'ended after 4001 ms (limit 4000 ms)',
      'kept 2000000 bytes of stdout (cap 1000000)',
      '1 process(es) left running: 12',
      "the caller's RSS grew by 200 MB",
      'the caller kept 20 MB live after the run and a full collection',
    ]);
  });
});

describe('row 6 checker (sandbox)', () => {
  it('passes every attempt refused, and names each that got through', () => {
    expect(checkReads({ '/home/u': 'ENOENT', '/p': 'EACCES' }, ['/home/u', '/p'])).toEqual([]);
    expect(checkReads({ '/home/u': 'ok' }, ['/home/u', '/p'])).toEqual(['read /home/u', 'no report for /p']);
  });

  it('fails a write that succeeded or left a file on the host, and a file that vanished', () => {
    const paths = ['/p/planted', '/p/store', '/tmp/marker'];
    const host = new Set(['/p/store']);
    const onHost = (p: string) => host.has(p);
    expect(
      checkWrites({ '/p/planted': 'ENOENT', '/p/store': 'ENOENT', '/tmp/marker': 'ok' }, paths, '/tmp/marker', onHost, ['/p/store']),
    ).toEqual([]);
    host.add('/tmp/marker');
    host.delete('/p/store');
    expect(
      checkWrites({ '/p/planted': 'ok', '/p/store': 'EROFS', '/tmp/marker': 'ok' }, paths, '/tmp/marker', onHost, ['/p/store']),
    ).toEqual(['wrote /p/planted', '/p/store is gone on the host', '/tmp/marker appeared on the host']);
  });

  it('fails a leaked secret, a signal that reached the caller, and a network reached or a control that proves nothing', () => {
    expect(checkSnoop({ leaked: [], kill: 'ESRCH' })).toEqual([]);
    expect(checkSnoop({ leaked: ['1/environ'], kill: 'ok' })).toEqual([
      'found the secret in /proc: ["1/environ"]',
      'could signal the caller (ok)',
    ]);
    expect(checkConnect({ error: 'ECONNREFUSED' }, { got: 'hi' }, 'hi')).toEqual([]);
    expect(checkConnect({ got: 'hi' }, { error: 'ECONNREFUSED' }, 'hi')).toEqual([
      'reached the host\'s service without network: true ({"got":"hi"})',
      'with network: true the service was not reached ({"error":"ECONNREFUSED"}): the attack proves nothing',
    ]);
  });
});

describe('row 7 checker (auth)', () => {
  const challenge = 'Bearer error="invalid_token", error_description="Missing Authorization header"';
  it('passes a good caller served and a bad one refused with a challenge', () => {
    expect(checkAuthAnswer(true, 'abc', { status: 200, challenge: null, body: '{"text":"abc"}' })).toBeUndefined();
    expect(checkAuthAnswer(false, 'abc', { status: 401, challenge, body: '{"error":"invalid_token"}' })).toBeUndefined();
  });
  it('fails a refused caller served, a 401 without a challenge, another status, and a good caller refused', () => {
    expect(checkAuthAnswer(false, 'abc', { status: 200, challenge: null, body: 'abc' })).toBe(
      "refused caller got the tool's answer: HTTP 200",
    );
    expect(checkAuthAnswer(false, 'abc', { status: 401, challenge: null, body: '' })).toBe(
      '401 without a Bearer invalid_token challenge: (none)',
    );
    expect(checkAuthAnswer(false, 'abc', { status: 500, challenge, body: 'boom' })).toBe('expected 401, got HTTP 500 boom');
    expect(checkAuthAnswer(true, 'abc', { status: 401, challenge, body: 'no' })).toBe('not served: HTTP 401 no');
  });
});
