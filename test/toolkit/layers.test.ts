/** Tests of the layer map: the allowed imports between the folders of src/, no cycle, nothing imports src/cli. */

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(new URL('../..', import.meta.url).pathname);
const cliDir = join(root, 'src', 'cli');

/** Every specifier `file` imports or re-exports, static or dynamic (`import('…')`), that resolves into src/cli/. */
function importsIntoCli(file: string, text: string): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .map((f) => f.fileName)
    .filter((s) => s.startsWith('.'))
    .filter((s) => {
      const target = resolve(dirname(file), s);
      return target === cliDir || target.startsWith(cliDir + sep);
    });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('layers: nothing outside src/cli imports from it', () => {
  it('the check sees static, type-only, re-exported and dynamic imports of src/cli', () => {
    const file = join(root, 'src', 'validate', 'x.ts');
    const text = `import { a } from '../cli/errors.js';\nimport type { C } from '../cli/color.js';\nexport { b } from '../cli/main.js';\nconst m = await import('../cli/run-call.js');\nimport { ok } from '../shared/errors.js';`;
    expect(importsIntoCli(file, text)).toEqual(['../cli/errors.js', '../cli/color.js', '../cli/main.js', '../cli/run-call.js']);
    expect(importsIntoCli(join(root, 'src', 'x.ts'), `import './cli/main.js';`)).toEqual(['./cli/main.js']);
  });

  it('no module under src/ outside src/cli/ imports a module of src/cli/', () => {
    const offenders = sourceFiles(join(root, 'src'))
      .filter((f) => !f.startsWith(cliDir + sep))
      .flatMap((f) => importsIntoCli(f, readFileSync(f, 'utf8')).map((s) => `${relative(root, f)} imports ${s}`));
    expect(offenders).toEqual([]);
  });
});

/**
 * The layer map: for each top-level folder of src/, the folders its modules may import (static,
 * type-only, re-exported or dynamic). Data flows down: a folder never imports one above it, so the
 * table has no cycle. `(root)` is src/index.ts, the runtime entry. A new folder needs a row here;
 * docs/contributing.md draws the same map.
 */
const LAYERS: Record<string, readonly string[]> = {
  // what every layer shares: typed errors with their exit codes, colors, the exit-code function
  shared: [],
  // small helpers with no domain: atomic writes, globs, UTF-8 text, JSON input
  util: ['shared'],
  // the schema layer: ParamDef, ToolDef, defineTool, the one converter and the one validator
  core: ['shared', 'util'],
  registry: ['shared', 'util', 'core'],
  // the execution pipeline: runTool, step budget, snapshots, JSON-safe results, the tool log
  runtime: ['shared', 'util', 'core', 'registry'],
  // agent-tools/ai, /mcp, /cli: thin maps from a consumer's shapes onto the pipeline
  adapters: ['shared', 'util', 'core', 'registry', 'runtime'],
  // agent-tools/skills: skills, executors, MCP import, the skill store
  skills: ['shared', 'util', 'core', 'registry', 'runtime', 'adapters'],
  // the engines: static analysis, then export, validate and scaffold on top of it
  analysis: ['shared', 'util', 'core'],
  export: ['shared', 'util', 'core', 'analysis'],
  validate: ['shared', 'util', 'core', 'analysis'],
  scaffold: ['shared', 'util', 'core', 'registry', 'analysis', 'validate'],
  // diff compares what export extracts; explain serves its rules and validate's checks
  diff: ['shared', 'util', 'core', 'analysis', 'export', 'validate'],
  // search ranks what export extracts with the runtime's searchTools (agent-tools search)
  search: ['shared', 'util', 'core', 'registry', 'runtime', 'analysis', 'export'],
  // agent-tools/toolkit: the public facade over the engines; nothing in src/ imports it
  toolkit: ['shared', 'analysis', 'export', 'validate', 'scaffold', 'diff'],
  // the front ends: the only code that prints, serves pages and sets exit codes; nothing imports them but cli
  console: ['shared', 'util', 'core', 'registry', 'runtime', 'adapters', 'skills', 'analysis', 'validate'],
  cli: [
    'shared',
    'util',
    'core',
    'registry',
    'runtime',
    'adapters',
    'skills',
    'analysis',
    'export',
    'validate',
    'scaffold',
    'diff',
    'search',
    'console',
  ],
  // src/index.ts, the runtime entry: loads no tooling
  '(root)': ['shared', 'util', 'core', 'registry', 'runtime'],
};

const srcDir = join(root, 'src');

/** The top-level folder of src/ that `path` is in, or `(root)` for a file directly in src/. */
function layerOf(path: string): string {
  const parts = relative(srcDir, path).split(sep);
  return parts.length === 1 ? '(root)' : parts[0]!;
}

/** Every TypeScript module under `dir` (.ts, .cts, .mts; declaration files too). */
function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? modules(join(dir, e.name)) : /\.[cm]?ts$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** Each import of `file` (given its text) that crosses into a folder its layer may not import, as one line naming both. */
function layerViolations(file: string, text: string, layers: Record<string, readonly string[]>): string[] {
  const from = layerOf(file);
  const allowed = layers[from] ?? [];
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((s) => s.startsWith('.'))
    .flatMap((s) => {
      const to = layerOf(resolve(dirname(file), s));
      if (to === from || allowed.includes(to)) return [];
      return [
        `${relative(root, file)} imports '${s}': ${from} may import only ${allowed.join(', ') || 'nothing'} (the layer table in this file)`,
      ];
    });
}

/** A cycle in `layers` as `a -> b -> a`, or undefined when the table is a DAG. */
function cycleIn(layers: Record<string, readonly string[]>): string | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (n: string): string | undefined => {
    if (state.get(n) === 'done') return undefined;
    if (state.get(n) === 'open') return [...path.slice(path.indexOf(n)), n].join(' -> ');
    state.set(n, 'open');
    path.push(n);
    for (const m of layers[n] ?? []) {
      const c = visit(m);
      if (c) return c;
    }
    path.pop();
    state.set(n, 'done');
    return undefined;
  };
  for (const n of Object.keys(layers)) {
    const c = visit(n);
    if (c) return c;
  }
  return undefined;
}

describe('layers: the whole map of allowed imports between the folders of src/', () => {
  it('names an import that breaks the map, of every kind (static, type-only, re-export, dynamic)', () => {
    const file = join(srcDir, 'validate', 'x.ts');
    const text = `import { a } from '../toolkit/index.js';\nimport type { C } from '../cli/color.js';\nexport { b } from '../skills/store.js';\nconst m = await import('../console/server.js');\nimport { ok } from '../shared/errors.js';\nimport { same } from './run.js';`;
    expect(layerViolations(file, text, LAYERS)).toEqual([
      "src/validate/x.ts imports '../toolkit/index.js': validate may import only shared, util, core, analysis (the layer table in this file)",
      "src/validate/x.ts imports '../cli/color.js': validate may import only shared, util, core, analysis (the layer table in this file)",
      "src/validate/x.ts imports '../skills/store.js': validate may import only shared, util, core, analysis (the layer table in this file)",
      "src/validate/x.ts imports '../console/server.js': validate may import only shared, util, core, analysis (the layer table in this file)",
    ]);
    expect(layerViolations(join(srcDir, 'shared', 'x.ts'), `import '../core/tool.js';`, LAYERS)).toEqual([
      "src/shared/x.ts imports '../core/tool.js': shared may import only nothing (the layer table in this file)",
    ]);
  });

  it('finds a cycle in a table, and the table has none', () => {
    expect(cycleIn({ a: ['b'], b: ['c'], c: ['a'] })).toBe('a -> b -> c -> a');
    expect(cycleIn({ a: ['b', 'c'], b: ['c'], c: [] })).toBeUndefined();
    expect(cycleIn(LAYERS)).toBeUndefined();
  });

  it('has a row for every folder of src/, and names only folders that exist', () => {
    const folders = readdirSync(srcDir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(Object.keys(LAYERS).sort()).toEqual([...folders, '(root)'].sort());
    for (const [from, to] of Object.entries(LAYERS)) for (const t of to) expect(Object.keys(LAYERS), `${from} -> ${t}`).toContain(t);
  });

  it('every import in src/ follows the map (nothing imports the toolkit facade or a front end)', () => {
    const offenders = modules(srcDir).flatMap((f) => layerViolations(f, readFileSync(f, 'utf8'), LAYERS));
    expect(offenders).toEqual([]);
  });

  it('docs/contributing.md draws the same table, row for row', () => {
    const page = readFileSync(join(root, 'docs', 'contributing.md'), 'utf8');
    const start = page.indexOf('| folder | may import |');
    expect(start, 'docs/contributing.md has the layer table').toBeGreaterThan(-1);
    const rows = page.slice(start).split('\n').slice(2);
    const table = rows.slice(
      0,
      rows.findIndex((l) => !l.startsWith('|')),
    );
    expect(table).toEqual(Object.entries(LAYERS).map(([from, to]) => `| \`${from}\` | ${to.join(', ') || 'nothing'} |`));
  });
});
