/** Generates benchmark corpora: tool files with JSDoc and `defineTool` calls, and the registry files. */

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** How many tools go to the core tier of a generated corpus (the rest are extended). */
export const CORPUS_CORE_SIZE = 20;

const VERBS = ['get', 'set', 'find', 'create', 'update', 'list', 'count', 'check'];
const NOUNS = ['node', 'frame', 'text', 'color', 'layer', 'style', 'page', 'asset'];

/** The snake_case name of tool `i` of a corpus: `<verb>_<noun>_<i>` (unique, at most 22 characters). */
export function corpusToolName(i: number): string {
  return `${VERBS[i % VERBS.length]}_${NOUNS[Math.floor(i / VERBS.length) % NOUNS.length]}_${String(i).padStart(4, '0')}`;
}

const camel = (snake: string) => snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The source of one generated tool file: a JSDoc comment and an exported `defineTool` call with 3-6 params of every type. */
export function corpusToolSource(i: number): string {
  const name = corpusToolName(i);
  const mutates = /^(set|create|update)_/.test(name);
  const params = [
    `    id: { type: 'string', required: true, description: 'Id of the target ${NOUNS[i % NOUNS.length]}' },`,
    `    limit: { type: 'number', min: 1, max: ${100 + (i % 50)}, default: 10, description: 'Maximum number of items to touch' },`,
    `    recursive: { type: 'boolean', default: false, description: 'Also apply to descendants' },`,
    i % 2 === 0 ? `    color: { type: 'color', description: 'Color to apply, as hex' },` : '',
    i % 3 === 0
      ? `    mode: { type: 'string', enum: ['fast', 'exact', 'auto'], default: 'auto', description: 'How thoroughly to work' },`
      : '',
    i % 4 === 0 ? `    tags: { type: 'string[]', max: 8, description: 'Labels to attach, at most eight' },` : '',
  ].filter(Boolean);
  return [
    `import { defineTool } from 'agent-tools';`,
    ``,
    `/** Generated tool ${i} for the agent-tools benchmarks. */`,
    `export const ${camel(name)} = defineTool({`,
    `  name: '${name}',`,
    `  description: 'Benchmark tool ${i}: ${name.replaceAll('_', ' ')} works on one item by id and returns a small summary object.',`,
    `  mutates: ${mutates},`,
    `  params: {`,
    ...params,
    `  },`,
    `  execute: (_api: unknown, args) => ({ id: args.id, tool: '${name}' }),`,
    ...(mutates ? [`  snapshot: (_api: unknown, args) => ({ id: args.id }),`] : []),
    `});`,
    ``,
  ].join('\n');
}

function registrySource(constName: string, indices: number[]): string {
  const imports = indices.map((i) => `import { ${camel(corpusToolName(i))} } from './tools/${corpusToolName(i).replaceAll('_', '-')}.js';`);
  return [...imports, '', `export const ${constName} = [`, ...indices.map((i) => `  ${camel(corpusToolName(i))},`), '];', ''].join('\n');
}

/**
 * Writes a corpus of `count` tools into `dir` (emptied first): `tools/<kebab-name>.ts` per tool,
 * `registry-core.ts` (`CORE_TOOLS`, the first {@link CORPUS_CORE_SIZE}), `registry-extended.ts`
 * (`EXTENDED_TOOLS`), `registry.ts` (`ALL_TOOLS` and `createRegistry`) and a `tsconfig.json` for
 * `tsc --noEmit`. `dir` must be inside this package so `import 'agent-tools'` resolves to it.
 *
 * @returns the paths of every `.ts` file written, tools first.
 */
export function writeCorpus(dir: string, count: number): string[] {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'tools'), { recursive: true });
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const file = join(dir, 'tools', `${corpusToolName(i).replaceAll('_', '-')}.ts`);
    writeFileSync(file, corpusToolSource(i));
    files.push(file);
  }
  const all = [...Array(count).keys()];
  const write = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    files.push(join(dir, name));
  };
  write('registry-core.ts', registrySource('CORE_TOOLS', all.slice(0, CORPUS_CORE_SIZE)));
  write('registry-extended.ts', registrySource('EXTENDED_TOOLS', all.slice(CORPUS_CORE_SIZE)));
  write(
    'registry.ts',
    [
      `import { createRegistry, type AnyToolDef } from 'agent-tools';`,
      `import { CORE_TOOLS } from './registry-core.js';`,
      `import { EXTENDED_TOOLS } from './registry-extended.js';`,
      ``,
      `export const ALL_TOOLS = [...CORE_TOOLS, ...EXTENDED_TOOLS];`,
      `export const registry = createRegistry<AnyToolDef>({ core: CORE_TOOLS, extended: EXTENDED_TOOLS });`,
      ``,
    ].join('\n'),
  );
  const tsconfig = {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      types: [],
    },
    include: ['**/*.ts'],
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2) + '\n');
  return files;
}
