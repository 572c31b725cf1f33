/** Tests which project files import the analyzed files (to any depth), and which files those import. */

import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { ts } from 'ts-morph';
import { afterAll, describe, expect, it } from 'vitest';
import { importedFiles, importingFiles } from '../../src/analysis/importers.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A project (package.json, no git) of `files` in a new temp folder. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-tools-importers-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries({ 'package.json': '{ "type": "module" }\n', ...files })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const REGISTRY = 'export const registry = { all: [] };\n';
const source = (dir: string, path: string, text = REGISTRY) =>
  ts.createSourceFile(join(dir, path), text, ts.ScriptTarget.ESNext, true, ts.ScriptKind.TS);
const names = (dir: string, files: readonly { path: string }[]) => files.map((f) => relative(dir, f.path));

describe('importingFiles: the project files that import an analyzed file, to any depth', () => {
  it('follows a re-exporting file whatever its text, and returns only the files that pass the filter', () => {
    const dir = project({
      'tools/registry.ts': REGISTRY,
      '.agent/reg.ts': "export { registry as reg } from '../tools/registry.js';\n",
      '.agent/mcp.ts': "import { reg } from './reg.js';\nexport const server = createMcpServer(reg, { approve: () => true });\n",
      '.agent/deep/serve.ts': "import { server } from '../mcp.js';\nexport const again = createMcpServer(server);\n",
      'agent.ts': "import { registry } from './tools/registry.js';\nexport const tools = registry.all;\n",
      'other.ts': 'export const createMcpServer = 1;\n',
    });
    const scan = importingFiles([source(dir, 'tools/registry.ts')], dir, (text) => text.includes('createMcpServer'));
    expect([names(dir, scan.files), names(dir, scan.links)]).toEqual([
      ['.agent/deep/serve.ts', '.agent/mcp.ts'],
      ['.agent/deep/serve.ts', '.agent/mcp.ts', '.agent/reg.ts', 'agent.ts'],
    ]);
  });

  it('stops at a cycle, leaves out the analyzed files, and follows no file the configuration ignores', () => {
    const dir = project({
      'tools/registry.ts': REGISTRY,
      'a.ts': "import './tools/registry.js';\nimport './b.js';\n",
      'b.ts': "import './a.js';\n",
      'c.ts': "import './ignored/link.js';\n",
      'ignored/link.ts': "import '../tools/registry.js';\n",
    });
    const all = importingFiles(
      [source(dir, 'tools/registry.ts')],
      dir,
      () => true,
      (file) => file.startsWith('ignored/'),
    );
    expect(names(dir, all.files)).toEqual(['a.ts', 'b.ts']);
  });
});

describe('importedFiles: the files a set of files imports by relative import, to any depth', () => {
  it('reads dot folders and dist, never node_modules (also through a link) nor packages, and not the files it starts from', () => {
    const registry =
      "import { relax } from '../.lib/relax.js';\nimport { keep } from '../dist/keep.js';\nimport '../node_modules/x/index.js';\nimport 'zod';\n";
    const dir = project({
      'tools/registry.ts': registry,
      '.lib/relax.ts': "import { deep } from './deep/more.js';\nimport '../tools/registry.js';\nexport const relax = deep;\n",
      '.lib/deep/more.ts': "import '../relax.js';\nimport '../../linked/index.js';\nexport const deep = 1;\n",
      'dist/keep.js': 'export const keep = 1;\n',
      'node_modules/x/index.js': 'export {};\n',
    });
    symlinkSync(join(dir, 'node_modules/x'), join(dir, 'linked'));
    const from = [{ path: join(dir, 'tools/registry.ts'), text: registry }];
    expect(names(dir, importedFiles(from, dir))).toEqual(['.lib/relax.ts', 'dist/keep.js', '.lib/deep/more.ts']);
    expect(
      names(
        dir,
        importedFiles(from, dir, (file) => file.startsWith('dist/')),
      ),
    ).toEqual(['.lib/relax.ts', '.lib/deep/more.ts']);
  });

  it("never reads the agent-tools package's own source, which its repository's examples import by relative path", () => {
    const dir = project({
      'lib/package.json': '{ "name": "agent-tools" }\n',
      'lib/src/skill.ts': 'export const kind = { mutates: false };\n',
      'app/package.json': '{ "name": "app" }\n',
      'app/helper.ts': 'export const helper = 1;\n',
    });
    const from = [{ path: join(dir, 'tools/registry.ts'), text: "import '../lib/src/skill.js';\nimport '../app/helper.js';\n" }];
    expect(names(dir, importedFiles(from, dir))).toEqual(['app/helper.ts']);
  });
});
