/** Tests that the console server refuses what a local page must: no token, foreign Host or Origin, forms, framing. */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../src/console/server.js';
import { consoleOnExamples, raw } from './helpers.js';

let c: RunningConsole;
beforeAll(async () => {
  c = (await consoleOnExamples()).console;
});
afterAll(() => c.close());

describe('the console server refuses what a local page must refuse', { timeout: 60_000 }, () => {
  const host = () => `127.0.0.1:${c.port}`;
  const bearer = () => `Bearer ${c.token}`;

  it('listens on 127.0.0.1 only, prints a URL holding a long per-launch token', () => {
    expect(c.url).toBe(`http://127.0.0.1:${c.port}/?token=${c.token}`);
    expect(c.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers every API call without the token, or with a wrong one, with 403', async () => {
    for (const path of ['/api/skills', '/api/tools', '/api/nothing-here']) {
      expect((await raw(`${c.origin}${path}`)).status).toBe(403);
      expect((await raw(`${c.origin}${path}`, { headers: { authorization: 'Bearer nope' } })).status).toBe(403);
      expect((await raw(`${c.origin}${path}`, { headers: { authorization: `Bearer ${c.token}x` } })).status).toBe(403);
    }
    const post = await raw(`${c.origin}/api/skills/enable`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"brand_style","enabled":false}',
    });
    expect(post.status).toBe(403);
    expect(post.json.error).toMatch(/access token/);
    // The page itself holds no secret and loads without the token.
    expect((await raw(`${c.origin}/`)).status).toBe(200);
  });

  it('refuses a Host that is not this server (DNS rebinding) and a foreign Origin, even with the token', async () => {
    const evilHost = await raw(`${c.origin}/api/skills`, { headers: { host: `evil.example:${c.port}`, authorization: bearer() } });
    expect(evilHost.status).toBe(403);
    expect(evilHost.json.error).toBe(`Host must be one of 127.0.0.1:${c.port}, localhost:${c.port}`);
    expect((await raw(`${c.origin}/`, { headers: { host: 'evil.example' } })).status).toBe(403);
    const evilOrigin = await raw(`${c.origin}/api/skills/enable`, {
      method: 'POST',
      headers: { host: host(), origin: 'http://evil.example', authorization: bearer(), 'content-type': 'application/json' },
      body: '{"name":"brand_style","enabled":false}',
    });
    expect(evilOrigin.status).toBe(403);
    const same = await raw(`${c.origin}/api/skills`, {
      headers: { host: `localhost:${c.port}`, origin: `http://localhost:${c.port}`, authorization: bearer() },
    });
    expect(same.status).toBe(200);
  });

  it('takes changes only as POST with a JSON body (no HTML form can send one)', async () => {
    const form = await raw(`${c.origin}/api/skills/enable`, {
      method: 'POST',
      headers: { authorization: bearer(), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=brand_style&enabled=false',
    });
    expect(form.status).toBe(415);
    const put = await raw(`${c.origin}/api/skills/enable`, {
      method: 'PUT',
      headers: { authorization: bearer(), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(put.status).toBe(405);
    const get = await raw(`${c.origin}/api/skills/enable`, { headers: { authorization: bearer() } });
    expect(get.status).toBe(404);
    const notJson = await raw(`${c.origin}/api/skills/enable`, {
      method: 'POST',
      headers: { authorization: bearer(), 'content-type': 'application/json' },
      body: '{name',
    });
    expect(notJson.status).toBe(400);
    expect(notJson.json.error).toMatch(/^the body is not JSON: /);
    // Nothing changed.
    const list = await raw(`${c.origin}/api/skills`, { headers: { authorization: bearer() } });
    expect(list.json.skills.map((s: { enabled: boolean }) => s.enabled)).toEqual([true, true, true]);
  });

  it('sends a CSP that allows only its own scripts, styles and data: images, and no framing', async () => {
    const page = await raw(`${c.origin}/`);
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.json).toContain('<script type="module" src="/assets/main.js"></script>');
    expect(page.json).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/);
    const script = await raw(`${c.origin}/assets/main.js`);
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await raw(`${c.origin}/assets/..%2Fserver.js`)).status).toBe(404);
  });
});
