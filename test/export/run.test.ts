/** Tests of `runExport`: name and description lengths, and progress on a terminal for a long run. */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runExport } from '../../src/cli/run-export.js';
import { exportTo } from './helpers.js';

const tmp = mkdtempSync(join(tmpdir(), 'agent-tools-run-export-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const tool = (name: string, description: string) =>
  `export const t = defineTool({ name: ${JSON.stringify(name)}, description: ${JSON.stringify(description)}, params: {}, execute() {} });\n`;

describe('runExport', () => {
  it('a 65-character name is left out; 58 characters, 1 100 ASCII and 600 Chinese characters pass whole, never truncated', async () => {
    const dir = join(tmp, 'sizes');
    mkdirSync(dir);
    const long = 'a'.repeat(1100);
    const chinese = '字'.repeat(600);
    writeFileSync(join(dir, 'a.ts'), tool('n'.repeat(65), 'too long a name'));
    writeFileSync(join(dir, 'b.ts'), tool('m'.repeat(58), long));
    writeFileSync(join(dir, 'c.ts'), tool('chinese', chinese));
    const r = await exportTo({ paths: [dir], cwd: tmp, format: 'anthropic' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^sizes\/a\.ts:1:18 tool `n{65}`: `name` "n{65}" must match/m);
    const out = JSON.parse(r.stdout) as { name: string; description: string }[];
    expect(out.map((t) => [t.name.length, [...t.description].length])).toEqual([
      [58, 1100],
      [7, 600],
    ]);
    expect(out[1]!.description).toBe(chinese);
  });

  it('shows progress on a terminal for a run over 300 files, then clears the line; never when not a terminal', async () => {
    const dir = join(tmp, 'many');
    mkdirSync(dir);
    for (let i = 0; i < 300; i++) writeFileSync(join(dir, `t${String(i).padStart(3, '0')}.ts`), tool(`tool_${i}`, `Tool ${i}`));
    let err = '';
    let out = '';
    const stderr = Object.assign(new Writable({ write: (c, _e, cb) => ((err += String(c)), cb()) }), { isTTY: true });
    const stdout = new Writable({ write: (c, _e, cb) => ((out += String(c)), cb()) });
    expect(await runExport({ paths: [dir], cwd: tmp, stdout, stderr: stderr as unknown as NodeJS.WriteStream })).toBe(0);
    expect(err).toBe(`${[50, 100, 150, 200, 250, 300].map((n) => `\rexport: ${n}/300 files`).join('')}\r\x1b[K`);
    expect(JSON.parse(out).tools).toHaveLength(300);
    const piped = await exportTo({ paths: [dir], cwd: tmp });
    expect(piped.stderr).toBe('');
  });
});
