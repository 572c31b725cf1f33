/** Tests of `writeFileAtomic`: folders created, no temp file left, no overwrite unless asked. */

import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileExistsError, writeFileAtomic } from '../../src/util/write-file-atomic.js';

describe('writeFileAtomic', () => {
  it('creates folders, writes UTF-8, leaves no temp file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wfa-'));
    const file = join(dir, 'a', 'b', 'out.md');
    writeFileAtomic(file, '字体 👍\n');
    expect(readFileSync(file, 'utf8')).toBe('字体 👍\n');
    expect(readdirSync(join(dir, 'a', 'b'))).toEqual(['out.md']);
  });

  it('refuses to overwrite without overwrite: true and keeps the old content', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wfa-'));
    const file = join(dir, 'out.json');
    writeFileSync(file, 'old');
    expect(() => writeFileAtomic(file, 'new')).toThrow(FileExistsError);
    expect(readFileSync(file, 'utf8')).toBe('old');
    writeFileAtomic(file, 'new', { overwrite: true });
    expect(readFileSync(file, 'utf8')).toBe('new');
  });

  it('removes the temp file when the rename fails', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wfa-'));
    const target = join(dir, 'is-a-dir');
    writeFileAtomic(join(target, 'x'), 'x');
    expect(() => writeFileAtomic(target, 'data', { overwrite: true })).toThrow();
    expect(readdirSync(dir)).toEqual(['is-a-dir']);
  });
});
