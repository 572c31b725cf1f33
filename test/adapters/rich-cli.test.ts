/** Tests of rich results from `agent-tools call`: binary items written to files under `--out-dir`, never base64. */

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin, root } from './mcp-child.js';
import { tempPackage } from '../temp-package.js';

const RED_PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';
describe('rich results from agent-tools call', { timeout: 60_000 }, () => {
  const call = (...args: string[]) =>
    spawnSync(process.execPath, [bin, 'call', 'test/conformance/server.ts', ...args], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });

  it('writes binary items to files under --out-dir and prints their paths, never base64', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'call-out-')), 'new', 'folder');
    const r = call('test-multiple-content-types', '--out-dir', dir);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const printed = JSON.parse(r.stdout);
    expect(printed.content).toEqual([
      { type: 'text', text: 'Multiple content types test:' },
      { type: 'image', mimeType: 'image/png', bytes: 69, file: join(dir, 'test_multiple_content_types-2.png') },
      {
        type: 'resource',
        resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: '{"test":"data","value":123}' },
      },
    ]);
    expect(readFileSync(printed.content[1].file).toString('base64')).toBe(RED_PIXEL);
    expect(r.stdout).not.toContain(RED_PIXEL);
    // a second call never overwrites
    expect(JSON.parse(call('test-multiple-content-types', '--out-dir', dir).stdout).content[1].file).toBe(
      join(dir, 'test_multiple_content_types-2-2.png'),
    );
  });

  it('without --out-dir, a new temp folder; a folder that cannot be made exits 2 naming it', () => {
    const r = call('test-audio-content');
    expect(r.status).toBe(0);
    const file = JSON.parse(r.stdout).content[0].file as string;
    expect(dirname(dirname(file))).toBe(tmpdir());
    expect(readFileSync(file).toString('ascii', 0, 4)).toBe('RIFF');
    const bad = call('test-audio-content', '--out-dir', `${root}package.json/x`);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe(
      `agent-tools: --out-dir: cannot create folder ${root}package.json/x: ${root}package.json is a file, not a folder; ` +
        'test_audio_content did not run\n',
    );
  });

  it('an --out-dir that cannot be made is refused before the tool runs: its side effect does not happen', () => {
    const dir = tempPackage('call-out-dir-');
    writeFileSync(
      join(dir, 'snap.ts'),
      `import { writeFileSync } from 'node:fs';
import { contentResult, defineTool, imageContent } from 'agent-tools';
export const snap = defineTool({
  name: 'snap',
  description: 'Logs a line, then returns a one-pixel image.',
  mutates: true,
  destructive: false,
  params: {},
  execute: () => {
    writeFileSync('ran.log', 'ran');
    return contentResult(imageContent('${RED_PIXEL}', 'image/png'));
  },
});
`,
    );
    writeFileSync(join(dir, 'taken'), 'a file\n');
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [bin, 'call', 'snap.ts', 'snap', ...args], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
    const bad = run('--out-dir', 'taken');
    expect([bad.status, bad.stderr, existsSync(join(dir, 'ran.log'))]).toEqual([
      2,
      `agent-tools: --out-dir: cannot create folder taken: ${join(dir, 'taken')} is a file, not a folder; snap did not run\n`,
      false,
    ]);
    const good = run('--out-dir', 'shots');
    expect([good.status, existsSync(join(dir, 'ran.log')), JSON.parse(good.stdout).content[0].file]).toEqual([0, true, 'shots/snap-1.png']);
  });
});
