/** Tests of `applyPlan`: rollback on a failed write, no replacing a file that appeared, registry files restored. */

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileExistsError } from '../../src/util/write-file-atomic.js';
import { applyPlan, planScaffold } from '../../src/scaffold/write.js';
import { parseSpecs } from '../../src/scaffold/spec.js';
import { listFiles } from './project.js';

describe('applyPlan', () => {
  it('rolls back the files it wrote when a later write fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scaffold-write-'));
    const out = join(dir, 'tools');
    mkdirSync(out);
    const core = join(out, 'registry-core.ts');
    writeFileSync(core, "import type { AnyToolDef } from './schema.js';\n\nexport const CORE_TOOLS: AnyToolDef[] = [];\n");
    // `zz` is a file, so the folder tools/zz/ for the second tool cannot be created
    writeFileSync(join(out, 'zz'), 'not a folder\n');
    const specs = parseSpecs([
      { name: 'a_tool', description: 'A.', mutates: false, tier: 'core', params: {} },
      { name: 'b_tool', description: 'B.', domain: 'zz', params: {} },
    ]);
    const plan = await planScaffold(specs, { out });
    expect(plan.files.map((f) => `${f.action} ${f.path.slice(out.length + 1)}`)).toEqual([
      'create read/a-tool.ts',
      'create zz/b-tool.ts',
      'update registry-core.ts',
      'create registry-extended.ts',
      'create schema.ts',
      'create registry.ts',
    ]);
    expect(() => applyPlan(plan)).toThrow(/ENOTDIR|EEXIST|cannot create folder/);
    expect(listFiles(dir)).toEqual(['tools/registry-core.ts', 'tools/zz']);
    expect(readFileSync(core, 'utf8')).toBe(
      "import type { AnyToolDef } from './schema.js';\n\nexport const CORE_TOOLS: AnyToolDef[] = [];\n",
    );
  });

  it('never replaces a file that appeared after planning', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'scaffold-write-')), 'tools');
    const plan = await planScaffold(parseSpecs({ name: 'b_tool', description: 'B.', mutates: false, params: {} }), { out });
    mkdirSync(join(out, 'read'), { recursive: true });
    writeFileSync(join(out, 'read/b-tool.ts'), 'written by someone else meanwhile\n');
    expect(() => applyPlan(plan)).toThrow(FileExistsError);
    expect(readFileSync(join(out, 'read/b-tool.ts'), 'utf8')).toBe('written by someone else meanwhile\n');
    expect(listFiles(out)).toEqual(['read/b-tool.ts']);
  });

  it('restores the registry files it updated when a later write fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scaffold-write-'));
    const out = join(dir, 'tools');
    applyPlan(await planScaffold(parseSpecs({ name: 'a_tool', description: 'A.', tier: 'extended', params: {} }), { out }));
    const before = Object.fromEntries(listFiles(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
    const specs = parseSpecs([
      { name: 'b_tool', description: 'B.', mutates: false, params: {} },
      { name: 'c_tool', description: 'C.', mutates: false, tier: 'extended', params: {} },
    ]);
    const plan = await planScaffold(specs, { out });
    expect(plan.files.map((f) => `${f.action} ${f.path.slice(out.length + 1)}`)).toEqual([
      'create read/b-tool.ts',
      'create read/c-tool.ts',
      'update registry-core.ts',
      'update registry-extended.ts',
    ]);
    // the last write fails: registry-extended.ts became a folder after planning
    rmSync(join(out, 'registry-extended.ts'));
    mkdirSync(join(out, 'registry-extended.ts'));
    expect(() => applyPlan(plan)).toThrow(/EISDIR|ENOTEMPTY|EEXIST|EPERM/);
    delete before['tools/registry-extended.ts'];
    expect(Object.fromEntries(listFiles(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]))).toEqual(before);
  });
});
