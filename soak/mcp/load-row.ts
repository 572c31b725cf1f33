/** Soak row 3: concurrent official SDK clients calling a tool over HTTP, memory compared before and after. */

import type { ChildProcess } from 'node:child_process';
import { duration, megabytes, type RowResult, type SoakContext } from '../report.js';
import { checkLoad, percentile, RSS_LIMIT, type LoadOutcome, type Memory } from './load-check.js';
import { rssOf, sdkClient, startServe, stop } from './serve.js';

/**
 * How long the server may rest after the run before "after" is taken: up to 30 s, measured
 * every 2.5 s, and taken as soon as it is within bounds. V8 gives heap pages back only once it
 * sees the process idle (its memory reducer): after a quick run that took from under 8 s to
 * over 10 s on this machine, with the live heap flat.
 */
const SETTLE_MAX_MS = 30_000;
const SETTLE_STEP_MS = 2_500;

/** A failed call's message with its cause (undici's fetch says only "fetch failed"; the cause names the socket error). */
function describeError(e: unknown): string {
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  return cause ? `${(e as Error).message} (cause: ${[cause.code, cause.message].filter(Boolean).join(' ')})` : (e as Error).message;
}

/** Asks the gc probe preloaded into serve for a full GC and the memory after it. */
async function gcMemory(child: ChildProcess, stderr: () => string): Promise<Memory> {
  const at = stderr().length;
  child.kill('SIGUSR2');
  for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((r) => setTimeout(r, 25))) {
    const line = /\[gc-probe\] (\{.*\})\n/.exec(stderr().slice(at))?.[1];
    if (line) return JSON.parse(line) as Memory;
  }
  throw new Error('the gc probe in serve did not answer within 10 s');
}

/**
 * Row 3: concurrent official SDK clients calling a tool over stateless HTTP (quick: 20 x 50;
 * full: 50 x 200). Memory is compared after a full GC both times, "after" once the server has
 * rested (see {@link SETTLE_MAX_MS}); the RSS as the last call returned is printed beside it.
 */
export async function soakLoad(ctx: SoakContext): Promise<RowResult> {
  const [clients, perClient] = ctx.quick ? [20, 50] : [50, 200];
  const { child, url, stderr } = await startServe(ctx.root, true, [
    '--expose-gc',
    '--import',
    new URL('./gc-probe.mjs', import.meta.url).href,
  ]);
  const none = { rss: 0, heapUsed: 0, external: 0 };
  let settledMs: number;
  const o: LoadOutcome = { calls: 0, errors: [], latencies: [], before: none, rssAtEnd: 0, after: none, peakRss: 0 };
  try {
    const warm = await sdkClient(url!, 'warm-up');
    for (let i = 0; i < 20; i++) await warm.callTool({ name: 'echo', arguments: { text: 'warm' } });
    await warm.close();
    o.before = await gcMemory(child, stderr);
    const all = await Promise.all(Array.from({ length: clients }, (_, c) => sdkClient(url!, `load-${c}`)));
    await Promise.all(
      all.map(async (client, c) => {
        for (let i = 0; i < perClient; i++) {
          const text = `client ${c} call ${i}`;
          const t = performance.now();
          try {
            const r = await client.callTool({ name: 'echo', arguments: { text } });
            o.latencies.push(performance.now() - t);
            if (r.isError || (r.structuredContent as { text?: string } | undefined)?.text !== text)
              o.errors.push(`client ${c} call ${i}: ${JSON.stringify(r).slice(0, 200)}`);
            else o.calls++;
          } catch (e) {
            o.errors.push(`client ${c} call ${i}: ${describeError(e)}`);
          }
        }
      }),
    );
    o.rssAtEnd = rssOf(child.pid!).rss;
    await Promise.all(all.map((c) => c.close()));
    const rested = Date.now();
    do {
      await new Promise((r) => setTimeout(r, SETTLE_STEP_MS));
      o.after = await gcMemory(child, stderr);
    } while (o.after.rss > RSS_LIMIT * o.before.rss && Date.now() - rested < SETTLE_MAX_MS);
    settledMs = Date.now() - rested;
    o.peakRss = rssOf(child.pid!).peak;
    if (child.exitCode !== null) o.errors.push(`serve exited with ${child.exitCode}`);
  } finally {
    await stop(child);
  }
  const planned = clients * perClient;
  return {
    row: '3 load',
    ran: `${clients} concurrent SDK clients x ${perClient} tools/call, serve --http (stateless) on 127.0.0.1${ctx.quick ? ' (quick: full is 50 x 200)' : ''}`,
    count: planned,
    failures: checkLoad(o, planned),
    lost: `${planned - o.calls} calls without a right answer`,
    figures: `p50 ${duration(percentile(o.latencies, 50))}, p99 ${duration(percentile(o.latencies, 99))}; server RSS ${megabytes(o.before.rss)} before, peak ${megabytes(o.peakRss)}, ${megabytes(o.rssAtEnd)} at the end, ${megabytes(o.after.rss)} after ${duration(settledMs)} idle + GC; live heap ${megabytes(o.before.heapUsed)} before, ${megabytes(o.after.heapUsed)} after`,
  };
}
