/** Soak row 2: malformed MCP traffic against `serve` over stdio and HTTP. */

import { createInterface } from 'node:readline';
import type { RowResult, SoakContext } from '../report.js';
import { malformedCases } from './cases.js';
import { checkMalformed, type Reply } from './check.js';
import { AUTH_HEADER, sdkClient, startServe, stop } from './serve.js';

const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 'init',
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'soak', version: '1' } },
});
const ANSWER_MS = 10_000;

function caseId(text: string): string | undefined {
  try {
    const id = (JSON.parse(text) as { id?: unknown }).id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** Over stdio: each case, then a ping probe; the case's answers are those that came before the probe's. */
async function overStdio(ctx: SoakContext, failures: string[]): Promise<number> {
  const { child } = await startServe(ctx.root, false);
  const waiting = new Map<string, (r: Reply) => void>();
  let collected: Reply[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const r = JSON.parse(line) as Reply;
    const w = waiting.get(String(r.id));
    if (w && String(r.id).startsWith('probe')) w(r);
    else collected.push(r);
  });
  const probe = (n: number) =>
    new Promise<Reply | undefined>((resolve) => {
      const id = `probe${n}`;
      const timer = setTimeout(() => resolve(undefined), ANSWER_MS);
      waiting.set(id, (r) => (clearTimeout(timer), resolve(r)));
      child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' })}\n`);
    });
  child.stdin!.write(`${INIT}\n${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  await probe(-1);
  collected = [];
  let n = 0;
  for (const c of malformedCases()) {
    child.stdin!.write(`${c.text}\n`);
    const p = await probe(n++);
    if (!p) failures.push(`stdio ${c.name}: the server stopped answering`);
    // A tool call may be answered after the probe: wait for the case's own id.
    const id = caseId(c.text);
    for (const until = Date.now() + ANSWER_MS; id !== undefined && !collected.some((r) => r.id === id) && Date.now() < until;)
      await new Promise((r) => setTimeout(r, 20));
    const mine = collected.filter((r) => r.id === null || r.id === undefined || String(r.id).startsWith('c'));
    collected = [];
    for (const f of checkMalformed(c.name, c.expect, mine)) failures.push(`stdio ${f}`);
  }
  // A client that disconnects in the middle of a call: stdin closes while `wait` runs; serve must exit by itself.
  child.stdin!.write(
    `${JSON.stringify({ jsonrpc: '2.0', id: 'w', method: 'tools/call', params: { name: 'wait', arguments: { ms: 1000 } } })}\n`,
  );
  child.stdin!.end();
  const exited = await new Promise<number | null | 'hung'>((resolve) => {
    const timer = setTimeout(() => resolve('hung'), ANSWER_MS);
    child.once('exit', (code) => (clearTimeout(timer), resolve(code)));
  });
  if (exited !== 0)
    failures.push(
      `stdio disconnect mid-call: serve ${exited === 'hung' ? `was still running ${ANSWER_MS} ms after stdin closed` : `exited with ${exited}`}`,
    );
  await stop(child);
  return n + 1;
}

async function post(url: string, body: string, signal?: AbortSignal): Promise<{ status: number; replies: Reply[] }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...AUTH_HEADER },
    body,
    signal,
  });
  const text = await res.text();
  const replies: Reply[] = [];
  for (const chunk of text.split('\n')) {
    const json = chunk.startsWith('data:') ? chunk.slice(5).trim() : chunk.trim();
    if (!json.startsWith('{') && !json.startsWith('[')) continue;
    const v = JSON.parse(json) as Reply | Reply[];
    replies.push(...(Array.isArray(v) ? v : [v]));
  }
  return { status: res.status, replies };
}

/** Over HTTP: each case as a POST, a client that disconnects mid-call, while an SDK client calls a tool throughout. */
async function overHttp(ctx: SoakContext, failures: string[]): Promise<{ count: number; goodCalls: number }> {
  const { child, url } = await startServe(ctx.root, true);
  const good = await sdkClient(url!, 'well-behaved');
  let goodCalls = 0;
  let running = true;
  const goodLoop = (async () => {
    while (running) {
      try {
        const r = await good.callTool({ name: 'echo', arguments: { text: `call ${goodCalls}` } });
        if (r.isError || JSON.stringify(r.structuredContent) !== JSON.stringify({ text: `call ${goodCalls}` }))
          failures.push(`http well-behaved client: call ${goodCalls} answered ${JSON.stringify(r).slice(0, 200)}`);
      } catch (e) {
        failures.push(`http well-behaved client: call ${goodCalls} failed: ${(e as Error).message}`);
      }
      goodCalls++;
    }
  })();
  let count = 0;
  for (const c of malformedCases()) {
    count++;
    try {
      const { status, replies } = await post(url!, c.text);
      for (const f of checkMalformed(c.name, c.http ?? c.expect, replies)) failures.push(`http ${f}`);
      if (c.httpStatus !== undefined && status !== c.httpStatus)
        failures.push(`http ${c.name}: HTTP status ${status}, expected ${c.httpStatus}`);
    } catch (e) {
      failures.push(`http ${c.name}: the request failed: ${(e as Error).message}`);
    }
  }
  // A client that disconnects in the middle of a call.
  for (let i = 0; i < 5; i++, count++) {
    const abort = new AbortController();
    const call = post(
      url!,
      JSON.stringify({ jsonrpc: '2.0', id: `d${i}`, method: 'tools/call', params: { name: 'wait', arguments: { ms: 2000 } } }),
      abort.signal,
    ).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 100 + i * 50));
    abort.abort();
    await call;
  }
  running = false;
  await goodLoop;
  if (goodCalls === 0) failures.push('http well-behaved client: made no call');
  await good.close();
  const ping = await post(url!, JSON.stringify({ jsonrpc: '2.0', id: 'last', method: 'ping' })).catch((e: Error) => ({
    status: 0,
    replies: [],
    error: e.message,
  }));
  if (ping.replies[0]?.id !== 'last')
    failures.push(`http: serve no longer answers after the malformed traffic (${JSON.stringify(ping).slice(0, 200)})`);
  if (child.exitCode !== null) failures.push(`http: serve exited with ${child.exitCode}`);
  await stop(child);
  return { count, goodCalls };
}

/** Row 2: malformed MCP traffic against `serve` over stdio and HTTP. */
export async function soakMcp(ctx: SoakContext): Promise<RowResult> {
  const failures: string[] = [];
  const stdio = await overStdio(ctx, failures);
  const http = await overHttp(ctx, failures);
  return {
    row: '2 malformed MCP traffic',
    ran: `serve over stdio and HTTP: ${malformedCases().length} malformed or edge messages each, disconnects mid-call; an SDK client calling a tool throughout (HTTP)`,
    count: stdio + http.count,
    failures,
    lost: failures.some((f) => f.includes('well-behaved'))
      ? 'well-behaved calls failed'
      : `none of ${http.goodCalls} well-behaved calls failed`,
    figures: 'same JSON-RPC errors over stdio and HTTP (HTTP 400; 10 MB body: 413 over HTTP)',
  };
}
