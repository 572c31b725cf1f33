/** Tests the did-you-mean for a path that is not there: the closest entry of its folder, the folder part as written. */

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nearPath } from '../../src/core/near-path.js';

describe('nearPath', () => {
  const dir = mkdtempSync(join(tmpdir(), 'near-path-'));
  mkdirSync(join(dir, 'tools'));
  writeFileSync(join(dir, 'tools', 'registry.ts'), '');
  mkdirSync(join(dir, 'tools', 'schemas'));
  const near = (p: string, only?: 'files') => nearPath(p, join(dir, p), only);

  it('names the closest file or folder, keeping the folder part and any ./ as written', () => {
    expect(near('tools/regisry.ts')).toBe('tools/registry.ts');
    expect(near('./tools/regisry.ts')).toBe('./tools/registry.ts');
    expect(near('tools/schemsa/')).toBe('tools/schemas');
    expect(near('tols')).toBe('tools');
  });

  it('gives nothing when nothing is close, the folder is not there, or only files are asked for and a folder is close', () => {
    expect(near('tools/weather.ts')).toBeUndefined();
    expect(near('nope/registry.ts')).toBeUndefined();
    expect(near('tools/schemsa', 'files')).toBeUndefined();
    expect(near('.')).toBeUndefined();
  });
});
