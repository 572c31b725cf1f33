/** An HTTP tool skill other than a GET is destructive unless its file says destructive: false: it asks first (a real server). */

import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolsListEntry } from '../../src/core/tools-list-entry.js';
import { parseSkillFile, type ToolSkillFile } from '../../src/skills/files/external-skill.js';
import { toolFromSkillFile } from '../../src/skills/files/external-tool.js';

const root = new URL('../..', import.meta.url).pathname;
const seen: { method: string; url: string; body: string }[] = [];
const server = createServer((req: IncomingMessage, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', body });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"sent":true}');
  });
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const notify = (extra: Record<string, unknown> = {}) => ({
  kind: 'tool',
  name: 'notify',
  description: 'Send a notification',
  params: { msg: { type: 'string', description: 'The message', required: true } },
  executor: { type: 'http', method: 'POST', url: `${base}/notify` },
  ...extra,
});

/** `agent-tools skill ...` in its own process (asynchronous, so this process's server answers), stdin closed: no TTY. */
function project() {
  const cwd = mkdtempSync(join(tmpdir(), 'skill-http-destructive-'));
  const run = (...args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        [`${root}bin/agent-tools.js`, 'skill', ...args],
        { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
        (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, stdout, stderr }),
      );
      child.stdin?.end();
    });
  return { cwd, run };
}

describe('HTTP tool skills: destructive unless the file says destructive: false', { timeout: 90_000 }, () => {
  it('a POST skill without "destructive" asks: no TTY refuses and sends nothing; --yes sends', async () => {
    const { cwd, run } = project();
    writeFileSync(join(cwd, 'notify.json'), JSON.stringify(notify()));
    expect((await run('install', 'notify.json')).code).toBe(0);
    const why = 'it is destructive: an HTTP POST; the skill file does not say destructive: false';
    expect((await run('show', 'notify')).stdout).toContain(
      `\nhints: destructive: asks for approval before each call (an HTTP POST; the skill file does not say destructive: false)\n`,
    );
    seen.length = 0;
    const refused = await run('run', 'notify', '--args', '{"msg":"hi"}');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(why);
    expect(seen).toEqual([]);
    const sent = await run('run', 'notify', '--args', '{"msg":"hi"}', '--yes');
    expect(sent).toEqual({ code: 0, stdout: '{"sent":true}\n', stderr: '' });
    expect(seen).toEqual([{ method: 'POST', url: '/notify', body: '{"msg":"hi"}' }]);
  });

  it('a POST skill whose file says "destructive": false runs without asking', async () => {
    const { cwd, run } = project();
    writeFileSync(join(cwd, 'notify.json'), JSON.stringify(notify({ destructive: false })));
    expect((await run('install', 'notify.json')).code).toBe(0);
    expect((await run('show', 'notify')).stdout).toContain('\nhints: mutates, not destructive (the skill file says destructive: false)\n');
    seen.length = 0;
    expect(await run('run', 'notify', '--args', '{"msg":"hi"}')).toEqual({ code: 0, stdout: '{"sent":true}\n', stderr: '' });
    expect(seen).toEqual([{ method: 'POST', url: '/notify', body: '{"msg":"hi"}' }]);
  });

  it('a GET skill may not say "destructive": true; "destructive" must be a boolean', async () => {
    const { cwd, run } = project();
    writeFileSync(
      join(cwd, 'get.json'),
      JSON.stringify(notify({ destructive: true, executor: { type: 'http', method: 'GET', url: `${base}/x` } })),
    );
    expect(await run('install', 'get.json')).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'agent-tools: nothing installed; 1 problem:\nget.json: $.destructive: a GET only reads, so it cannot be destructive; leave "destructive" out\n',
    });
    writeFileSync(join(cwd, 'yes.json'), JSON.stringify(notify({ destructive: 'yes' })));
    expect((await run('install', 'yes.json')).stderr).toContain('yes.json: $.destructive: must be true or false\n');
  });

  it('tools/list gives a POST skill destructiveHint true, and false when its file says destructive: false', () => {
    const entry = (raw: unknown) => {
      const r = parseSkillFile(raw);
      if (!r.ok) throw new Error(JSON.stringify(r.problems));
      return toolsListEntry(toolFromSkillFile(r.skill as ToolSkillFile)).annotations;
    };
    expect(entry(notify())).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });
    expect(entry(notify({ destructive: false }))).toEqual({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    });
  });
});
