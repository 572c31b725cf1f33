/** Tests that oversized results are capped with a marker stating both sizes, through `call`, `skill run` and `serve`. */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bin, connectServe, root } from '../adapters/mcp-child.js';

// Oversized results through the binary: the result is capped with a marker stating both sizes, the
// truncation is also noted on stderr (the command line's log), and no U+FFFD appears.
const run = (args: string[], cwd = root) =>
  spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
const MARKER = /\n\.\.\.\[result truncated: (\d+) UTF-8 bytes, kept (\d+) \(head and tail\)\]\.\.\.\n/;

describe('C-09: oversized results through agent-tools call and skill run', { timeout: 60_000 }, () => {
  it('call: 5 000 000 ASCII characters are capped at 100 000 bytes with the marker, and stderr notes it', () => {
    const r = run(['call', 'fixtures/adapters/font-tools.ts', 'big_ascii']);
    expect(r.status).toBe(0);
    const value = JSON.parse(r.stdout) as string;
    expect(Buffer.byteLength(value)).toBeLessThanOrEqual(100_000);
    const [, original, kept] = MARKER.exec(value)!;
    expect(original).toBe('5000000');
    expect(r.stderr).toContain(`note: the result of tool "big_ascii" was truncated: 5000000 UTF-8 bytes, kept ${kept}\n`);
  });

  it('call: 2 MB of Chinese text is capped without a split character', () => {
    const r = run(['call', 'fixtures/adapters/font-tools.ts', 'big_chinese']);
    expect(r.status).toBe(0);
    const value = JSON.parse(r.stdout) as string;
    expect(MARKER.exec(value)![1]).toBe('2100000');
    expect(value).not.toContain('\uFFFD');
    expect(r.stderr).toMatch(/note: the result of tool "big_chinese" was truncated: 2100000 UTF-8 bytes, kept \d+\n/);
  });

  it("skill run: a script printing 5 MB gets one marker with its real size (not the executor cap's), noted on stderr, no U+FFFD", () => {
    const cwd = mkdtempSync(join(tmpdir(), 'c09-'));
    const skill = {
      kind: 'tool',
      name: 'big_out',
      description: 'Prints five megabytes of Chinese text',
      params: {},
      executor: { type: 'script', runtime: 'node', code: "process.stdout.write('字'.repeat(1700000))" },
    };
    writeFileSync(join(cwd, 'big.json'), JSON.stringify(skill));
    expect(run(['skill', 'install', 'big.json'], cwd).status).toBe(0);
    const r = run(['skill', 'run', 'big_out'], cwd);
    expect(r.status).toBe(0);
    const value = JSON.parse(r.stdout) as string;
    expect(Buffer.byteLength(value)).toBeLessThanOrEqual(100_000);
    expect(value).not.toContain('\uFFFD');
    expect(value.match(/truncated/g)).toHaveLength(1);
    const [, original, kept] = MARKER.exec(value)!;
    expect(original).toBe('5100000');
    expect(value.endsWith('字')).toBe(true);
    expect(r.stderr).toBe(`agent-tools: note: the result of tool "big_out" was truncated: 5100000 UTF-8 bytes, kept ${kept}\n`);
  });

  it('skill run: a script printing 512 MiB leaves the CLI process with a peak memory under half of that (only head and tail kept)', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'c09-flood-'));
    const size = 512 * 1024 * 1024;
    // the script writes 1 MiB chunks and waits for the pipe to drain, so its own memory stays small
    const code =
      "const b = Buffer.alloc(1 << 20, 'x'); let n = 0; " +
      `const w = () => { while (n < ${size >> 20}) { n++; if (!process.stdout.write(b)) return void process.stdout.once('drain', w); } }; w();`;
    const skill = {
      kind: 'tool',
      name: 'flood',
      description: 'Prints 512 MiB',
      params: {},
      executor: { type: 'script', runtime: 'node', code },
    };
    writeFileSync(join(cwd, 'flood.json'), JSON.stringify(skill));
    expect(run(['skill', 'install', 'flood.json'], cwd).status).toBe(0);
    // the CLI process's own peak resident memory (getrusage RUSAGE_SELF, in KiB), recorded as it exits
    const preload = join(cwd, 'max-rss.mjs');
    writeFileSync(
      preload,
      "import { writeFileSync } from 'node:fs';\n" +
        "process.on('exit', () => writeFileSync(`max-rss-${process.pid}`, String(process.resourceUsage().maxRSS)));\n",
    );
    const r = spawnSync(process.execPath, ['--import', pathToFileURL(preload).href, bin, 'skill', 'run', 'flood'], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(r.status).toBe(0);
    expect(MARKER.exec(JSON.parse(r.stdout) as string)![1]).toBe(String(size));
    const peakBytes = Number(readFileSync(join(cwd, `max-rss-${r.pid}`), 'utf8')) * 1024;
    // with every byte kept (no bound) the peak was over 600 MB for 256 MiB of output; bounded, it is about 150 MB
    expect(peakBytes).toBeGreaterThan(0);
    expect(peakBytes).toBeLessThan(size / 2);
    rmSync(cwd, { recursive: true, force: true });
  });

  it('serve over stdio: the capped result arrives with the marker and the server notes it on stderr', async () => {
    const { client, stderr, close } = await connectServe('fixtures/adapters/font-tools.ts', '--tier', 'all');
    try {
      const r = await client.callTool({ name: 'big_ascii', arguments: {} });
      const value = JSON.parse((r.content as { text: string }[])[0]!.text) as string;
      const [, original, kept] = MARKER.exec(value)!;
      expect(original).toBe('5000000');
      const note = `agent-tools: note: the result of tool "big_ascii" was truncated: 5000000 UTF-8 bytes, kept ${kept}\n`;
      // stderr is a separate pipe: wait for the line (the test timeout bounds the wait)
      while (!stderr().includes(note)) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(stderr()).toContain(note);
    } finally {
      await close();
    }
  });
});
