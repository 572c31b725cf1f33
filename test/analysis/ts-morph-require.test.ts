/** Tests that ts-morph is required through src/analysis/ts-morph.cts, never imported as an ES module. */

import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..', '..', 'src');

describe('ts-morph is required, never imported as an ES module', () => {
  it('takes every ts-morph value from src/analysis/ts-morph.cts (type-only imports may name the package)', () => {
    const offenders: string[] = [];
    for (const name of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
      if (!/\.(ts|cts|mts)$/.test(name) || name.endsWith('ts-morph.cts')) continue;
      const text = readFileSync(join(src, name), 'utf8');
      // A value import (not `import type`) or a dynamic import of the package.
      for (const m of text.matchAll(/^import (?!type )[^;]*from 'ts-morph';|import\('ts-morph'\)/gm)) offenders.push(`${name}: ${m[0]}`);
    }
    // Importing the package from ESM makes Node scan TypeScript's 9 MB compiler for export
    // names on every validate and export run; the .cts file requires it instead.
    expect(offenders).toEqual([]);
  });

  it('the compiled wrapper (dist/) is CommonJS handing out ts-morph itself', async () => {
    const wrapper = join(src, '..', 'dist', 'analysis', 'ts-morph.cjs');
    const mod = createRequire(import.meta.url)(wrapper) as typeof import('ts-morph');
    const real = await import('ts-morph');
    expect(readFileSync(wrapper, 'utf8')).toMatch(/^exports\.Project = /m);
    expect(mod.Project).toBe(real.Project);
    expect(mod.ts.SyntaxKind.Identifier).toBe(real.ts.SyntaxKind.Identifier);
  });
});
