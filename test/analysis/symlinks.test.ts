/** Tests of symlinked tool files and folders: each followed once by its real path, loops included. */

import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';

const tmp = mkdtempSync(join(tmpdir(), 'agent-tools-links-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const tool = (name: string) =>
  `import { defineTool } from 'agent-tools';\nexport const t = defineTool({ name: '${name}', description: 'The ${name} tool.', params: {}, execute: () => 1 });\n`;

describe('symlinked tool files and folders', () => {
  it('are followed once each by real path: a linked folder, a linked file, two links to one file, a loop', () => {
    const dir = mkdtempSync(join(tmp, 'p-'));
    mkdirSync(join(dir, 'shared/read'), { recursive: true });
    mkdirSync(join(dir, 'tools'));
    writeFileSync(join(dir, 'shared/read/get-a.ts'), tool('get_a'));
    writeFileSync(join(dir, 'shared/b.ts'), tool('get_b'));
    writeFileSync(join(dir, 'tools/c.ts'), tool('get_c'));
    symlinkSync(join(dir, 'shared/read'), join(dir, 'tools/read')); // a linked folder
    symlinkSync(join(dir, 'shared/b.ts'), join(dir, 'tools/b.ts')); // a linked file
    symlinkSync(join(dir, 'shared/b.ts'), join(dir, 'tools/b-again.ts')); // a second link to it
    symlinkSync(join(dir, 'tools'), join(dir, 'tools/loop')); // a link back up
    symlinkSync(join(dir, 'missing.ts'), join(dir, 'tools/broken.ts')); // a broken link
    const a = analyze(['tools'], { cwd: dir });
    expect(a.diagnostics).toEqual([]);
    expect(a.tools.map((t) => `${t.name} ${t.file}`)).toEqual(['get_b tools/b-again.ts', 'get_c tools/c.ts', 'get_a tools/read/get-a.ts']);
    expect(a.sourceFiles).toHaveLength(3);
  });
});
