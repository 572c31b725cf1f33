/** Tests that `serve --http` answers 403 to a browser request from any origin but its own. */

import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin, root } from '../adapters/mcp-child.js';

// serve --http answers 403 to a browser request from any origin but its own
// loopback origin (MCP transport spec: servers MUST validate Origin); no Origin still works.
// Without a token (--no-auth): the Origin check holds on its own; test/cli/serve-auth.test.ts holds the token.
const child = spawn(process.execPath, [bin, 'serve', 'fixtures/adapters/font-tools.ts', '--http', '0', '--no-auth'], {
  cwd: root,
  env: { ...process.env, NO_COLOR: '1' },
});
let url = '';

beforeAll(async () => {
  url = await new Promise<string>((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
      const m = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
  });
});
afterAll(() => void child.kill());

/** POSTs tools/list with `headers` added; resolves the status and body. */
function post(headers: Record<string, string>): Promise<{ status: number | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      },
    );
    req.on('error', reject);
    req.end('{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
  });
}

describe('serve --http: Origin', () => {
  it('refuses another origin with 403 and names it; lookalikes too', async () => {
    for (const origin of ['https://evil.example', 'null', `http://127.0.0.1:1`, 'http://127.0.0.1.evil.example']) {
      const r = await post({ origin });
      expect(r.status).toBe(403);
      expect(JSON.parse(r.body)).toMatchObject({ error: { code: -32000, message: `Invalid Origin header: ${origin}` } });
    }
  });

  it('answers its own loopback origin and requests without Origin with the tools', async () => {
    const port = new URL(url).port;
    const cases: Record<string, string>[] = [{}, { origin: `http://127.0.0.1:${port}` }, { origin: `http://localhost:${port}` }];
    for (const headers of cases) {
      const r = await post(headers);
      expect(r.status).toBe(200);
      const data = r.body.startsWith('{') ? r.body : /^data: (.*)$/m.exec(r.body)![1]!;
      expect((JSON.parse(data) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name)).toContain('set_font');
    }
  });
});
