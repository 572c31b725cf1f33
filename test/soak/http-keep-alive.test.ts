// Soak seed 1717, row 3: one of 10 000 tools/call over serve --http failed with "fetch failed".
// Node closed idle keep-alive sockets after 6 s (keepAliveTimeout 5 s plus its 1 s buffer), two
// seconds after undici (Node's fetch) stops reusing them, a margin a loaded machine's stalls can
// eat. serve --http now keeps them 65 s.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveHttp } from '../adapters/mcp-child.js';

let serve: Awaited<ReturnType<typeof serveHttp>>;
beforeAll(async () => {
  serve = await serveHttp('soak/mcp/tools.js', '--no-skills');
});
afterAll(() => serve.stop());

/**
 * Sends one POST of `body` on `socket` and resolves the raw response once it is complete (a Content-Length body, or a chunked stream's last
 * chunk).
 */
function exchange(socket: Socket, body: string): Promise<string> {
  const { host } = new URL(serve.url);
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (c: Buffer) => {
      text += c.toString('utf8');
      const head = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)\r\n/i.exec(text.slice(0, head));
      const done = head >= 0 && (length ? Buffer.byteLength(text.slice(head + 4)) >= Number(length[1]) : text.endsWith('0\r\n\r\n'));
      if (done) {
        socket.off('data', onData);
        resolve(text);
      }
    };
    socket.on('data', onData).once('error', reject);
    socket.write(
      `POST /mcp HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  });
}

describe('soak seed 1717, row 3: serve --http keeps an idle keep-alive connection well past the seconds a client may still reuse it in', () => {
  it('answers a second tools/call on the same socket after 8 s idle', async () => {
    const { hostname, port } = new URL(serve.url);
    const socket = connect(Number(port), hostname);
    let closedAt = 0;
    socket.on('close', () => (closedAt = Date.now()));
    const call = (text: string) =>
      JSON.stringify({ jsonrpc: '2.0', id: text, method: 'tools/call', params: { name: 'echo', arguments: { text } } });
    const first = await exchange(socket, call('first'));
    expect(first).toMatch(/^HTTP\/1\.1 200[^]*connection: keep-alive[^]*"text":"first"/);
    await new Promise((r) => setTimeout(r, 8000));
    expect(closedAt).toBe(0);
    const second = await exchange(socket, call('second'));
    expect(second).toMatch(/^HTTP\/1\.1 200[^]*"text":"second"/);
    socket.destroy();
  }, 20_000);
});
