/** Soak row 7: callers with no, wrong and good tokens mixed at random under concurrent load on `serve --http`. */

import { startIssuer, type TestIssuer } from '../../test/cli/oauth-issuer.js';
import { duration, type RowResult, type SoakContext } from '../report.js';
import { caseSeed, createRng } from '../rng.js';
import { percentile } from '../mcp/load-check.js';
import { SOAK_TOKEN, startServe, stop } from '../mcp/serve.js';
import { checkAuthAnswer } from './check.js';

/** One kind of caller: the Authorization header it sends (undefined: none) and whether it must be served. */
interface Caller {
  kind: string;
  header: (url: string) => Promise<string | undefined>;
  served: boolean;
}

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'soak-auth', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** One raw 2026-07-28 `tools/call` of `echo` with `text`: the status, the challenge and the body. */
async function callEcho(url: string, authorization: string | undefined, text: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'echo',
      ...(authorization === undefined ? {} : { authorization }),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text }, _meta: ENVELOPE } }),
  });
  return { status: res.status, challenge: res.headers.get('www-authenticate'), body: await res.text() };
}

/** The callers of `serve --http` with a static token, and of `serve --http --issuer`. */
function callers(as: TestIssuer): { server: 'token' | 'issuer'; callers: Caller[] }[] {
  const fixed = async (v: string | undefined) => v;
  return [
    {
      server: 'token',
      callers: [
        { kind: 'no token', header: () => fixed(undefined), served: false },
        { kind: 'wrong token', header: () => fixed('Bearer wrong-token-0123456789abcdef'), served: false },
        { kind: 'Basic', header: () => fixed(`Basic ${SOAK_TOKEN}`), served: false },
        { kind: 'good token', header: () => fixed(`Bearer ${SOAK_TOKEN}`), served: true },
      ],
    },
    {
      server: 'issuer',
      callers: [
        { kind: 'no token', header: () => fixed(undefined), served: false },
        { kind: 'static token', header: () => fixed(`Bearer ${SOAK_TOKEN}`), served: false },
        { kind: 'wrong audience', header: async () => `Bearer ${await as.mint({ aud: 'https://other.example/mcp' })}`, served: false },
        { kind: 'expired', header: async (url) => `Bearer ${await as.mint({ aud: url, expiresIn: -120 })}`, served: false },
        {
          kind: 'other issuer',
          header: async (url) => `Bearer ${await as.mint({ aud: url, iss: 'https://evil.example' })}`,
          served: false,
        },
        { kind: 'other key', header: async (url) => `Bearer ${await as.mint({ aud: url, foreignKey: true })}`, served: false },
        { kind: 'good JWT', header: async (url) => `Bearer ${await as.mint({ aud: url })}`, served: true },
      ],
    },
  ];
}

/**
 * Row 7: callers with no token, wrong tokens and good tokens mixed at random (seeded) under
 * concurrent load (16 at a time; quick: 400 requests per server, full: 3 000), against `serve
 * --http` with a static token and against `serve --http --issuer` with an authorization server
 * started here (its own keys). Every refused caller must get 401 with a Bearer challenge and no
 * tool result (the echoed text never appears); every good one must get the tool's answer.
 */
export async function soakAuth(ctx: SoakContext): Promise<RowResult> {
  const perServer = ctx.quick ? 400 : 3000;
  const concurrency = 16;
  const failures: string[] = [];
  const refusedMs: number[] = [];
  const servedMs: number[] = [];
  let count = 0;
  let wrong = 0;
  const as = await startIssuer();
  try {
    for (const [s, setup] of callers(as).entries()) {
      // the serve flags written here, where approval-rules reads what this harness passes serve
      const flags = setup.server === 'issuer' ? ['--issuer', as.issuer] : [];
      const { child, url, stderr } = await startServe(ctx.root, true, [], flags);
      try {
        const rng = createRng(caseSeed(ctx.seed, s));
        const plan = Array.from({ length: perServer }, () => rng.pick(setup.callers));
        let next = 0;
        await Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (next < plan.length) {
              const i = next++;
              const caller = plan[i]!;
              const text = `soak-auth ${setup.server} ${i}`;
              const header = await caller.header(url!);
              const t = performance.now();
              count++;
              try {
                const r = await callEcho(url!, header, text);
                (caller.served ? servedMs : refusedMs).push(performance.now() - t);
                const problem = checkAuthAnswer(caller.served, text, r);
                if (problem) {
                  wrong++;
                  failures.push(`${setup.server} request ${i} (${caller.kind}): ${problem}`);
                }
              } catch (e) {
                wrong++;
                failures.push(`${setup.server} request ${i} (${caller.kind}): ${(e as Error).message}`);
              }
            }
          }),
        );
        if (child.exitCode !== null) failures.push(`${setup.server}: serve exited with ${child.exitCode}: ${stderr().slice(-300)}`);
      } finally {
        await stop(child);
      }
    }
  } finally {
    await as.close();
  }
  return {
    row: '7 auth',
    ran: `${concurrency} concurrent callers, no/wrong/good tokens at random, serve --http with a token and with --issuer (JWTs: wrong aud, expired, other issuer, other key)${ctx.quick ? ` (quick: ${perServer} per server; full 3000)` : ''}`,
    count,
    failures,
    lost: `${wrong} requests answered wrongly`,
    figures: `${refusedMs.length} refused: p50 ${duration(percentile(refusedMs, 50))}, p99 ${duration(percentile(refusedMs, 99))}; ${servedMs.length} served: p50 ${duration(percentile(servedMs, 50))}, p99 ${duration(percentile(servedMs, 99))}`,
  };
}
