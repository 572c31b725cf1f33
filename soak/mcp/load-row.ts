import { duration, megabytes, type RowResult, type SoakContext } from '../report.js';
import { checkLoad, percentile, type LoadOutcome } from './load-check.js';
import { rssOf, sdkClient, startServe, stop } from './serve.js';

/** Row 3: concurrent official SDK clients calling a tool over stateless HTTP (quick: 20 x 50; full: 50 x 200). */
export async function soakLoad(ctx: SoakContext): Promise<RowResult> {
  const [clients, perClient] = ctx.quick ? [20, 50] : [50, 200];
  const { child, url } = await startServe(ctx.root, true);
  const pid = child.pid!;
  const o: LoadOutcome = { calls: 0, errors: [], latencies: [], rssBefore: 0, rssAfter: 0, peakRss: 0 };
  try {
    // Warm up, then take the "before" figure.
    const warm = await sdkClient(url!, 'warm-up');
    for (let i = 0; i < 20; i++) await warm.callTool({ name: 'echo', arguments: { text: 'warm' } });
    await warm.close();
    o.rssBefore = rssOf(pid).rss;
    const all = await Promise.all(Array.from({ length: clients }, (_, c) => sdkClient(url!, `load-${c}`)));
    await Promise.all(
      all.map(async (client, c) => {
        for (let i = 0; i < perClient; i++) {
          const text = `client ${c} call ${i}`;
          const t = performance.now();
          try {
            const r = await client.callTool({ name: 'echo', arguments: { text } });
            o.latencies.push(performance.now() - t);
            if (r.isError || (r.structuredContent as { text?: string } | undefined)?.text !== text) o.errors.push(`client ${c} call ${i}: ${JSON.stringify(r).slice(0, 200)}`);
            else o.calls++;
          } catch (e) {
            o.errors.push(`client ${c} call ${i}: ${(e as Error).message}`);
          }
        }
      }),
    );
    await Promise.all(all.map((c) => c.close()));
    await new Promise((r) => setTimeout(r, 1000));
    const after = rssOf(pid);
    o.rssAfter = after.rss;
    o.peakRss = after.peak;
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
    figures: `p50 ${duration(percentile(o.latencies, 50))}, p99 ${duration(percentile(o.latencies, 99))}; server RSS ${megabytes(o.rssBefore)} before, peak ${megabytes(o.peakRss)}, ${megabytes(o.rssAfter)} after`,
  };
}
