/** Tests which preloads of a command line, a NODE_OPTIONS value or an .npmrc are read as project code loaded before agent-tools. */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { shellWords } from '../../src/validate/command-words.js';
import { commandLinePreloads, lifecycleTamper, nodeOptionsPreloads, npmrcPreloads } from '../../src/validate/loaded-code.js';

const root = mkdtempSync(join(tmpdir(), 'agent-tools-loaded-code-'));
mkdirSync(join(root, 'scripts'));
writeFileSync(join(root, 'scripts', 'hook.mjs'), 'export {};\n');
writeFileSync(join(root, 'scripts', 'setup.mjs'), "console.log('ready');\n");
writeFileSync(join(root, 'scripts', 'patch.mjs'), "import 'node:fs'; // edits node_modules/agent-tools\n");
writeFileSync(join(root, 'cli.mjs'), 'export {};\n');
const preloads = (line: string) => commandLinePreloads(shellWords(line), root, root).map((p) => p.loads);

describe('project code preloaded into Node', () => {
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('reads --import, --require, -r and --loader of a project file, a data: URL, a file: URL in the project, a run-time value', () => {
    expect(
      nodeOptionsPreloads(
        `--max-old-space-size=4096 -r ./a.cjs --require=../b.cjs --loader ./l.mjs --experimental-loader=./e.mjs --import "data:text/javascript,x" ` +
          `--import=${pathToFileURL(join(root, 'scripts/hook.mjs')).href} --import $HOOK --import=${join(root, 'scripts/hook.mjs')}`,
        root,
      ),
    ).toEqual([
      '-r ./a.cjs',
      '--require=../b.cjs',
      '--loader ./l.mjs',
      '--experimental-loader=./e.mjs',
      '--import data:text/javascript,x',
      `--import=${pathToFileURL(join(root, 'scripts/hook.mjs')).href}`,
      '--import $HOOK',
      `--import=${join(root, 'scripts/hook.mjs')}`,
    ]);
  });

  it('leaves packages alone: tsx, dotenv/config, ts-node/register, a scoped package, a path into node_modules, a file outside', () => {
    expect(
      nodeOptionsPreloads(
        '--import tsx -r dotenv/config --require ts-node/register --import @opentelemetry/auto-instrumentations-node/register ' +
          '--import ./node_modules/tsx/dist/loader.mjs --import=/usr/lib/hooks/x.mjs',
        root,
      ),
    ).toEqual([]);
  });

  it('a NODE_OPTIONS word anywhere (prefix, export, env, a YAML key) counts whatever runs; node --import only before agent-tools or a project file', () => {
    expect(preloads('NODE_OPTIONS="--import ./scripts/hook.mjs" npm test')).toEqual(['NODE_OPTIONS --import ./scripts/hook.mjs']);
    expect(preloads('export NODE_OPTIONS=-r./x.cjs; env NODE_OPTIONS=--require=./scripts/hook.mjs agent-tools serve t.ts')).toEqual([
      'NODE_OPTIONS --require=./scripts/hook.mjs',
    ]);
    expect(preloads('NODE_OPTIONS: --import ./scripts/hook.mjs')).toEqual(['NODE_OPTIONS --import ./scripts/hook.mjs']);
    expect(preloads('node --import ./scripts/hook.mjs cli.mjs delete-note')).toEqual(['node --import ./scripts/hook.mjs']);
    expect(preloads('/usr/bin/node -r ./scripts/hook.mjs node_modules/.bin/agent-tools serve t.ts')).toEqual([
      'node -r ./scripts/hook.mjs',
    ]);
    expect(preloads('tsx --import ./scripts/hook.mjs cli.mjs')).toEqual(['tsx --import ./scripts/hook.mjs']);
    // a test runner, a file that is not there, a package preloaded: none
    expect(
      preloads('node --import ./scripts/hook.mjs --test test/; node --import ./scripts/hook.mjs missing.mjs; node -r tsx cli.mjs'),
    ).toEqual([]);
  });

  it(".npmrc's node-options, quoted or not, at its line; other settings are none", () => {
    expect(
      npmrcPreloads(
        'registry=https://registry.npmjs.org/\nnode-options="--import ./scripts/hook.mjs"\nnode-options=-r dotenv/config\n',
        root,
      ),
    ).toEqual([{ line: 2, loads: 'node-options --import ./scripts/hook.mjs' }]);
  });

  it('an install script that names agent-tools, or runs a project file that does; one that runs its command line is none', () => {
    expect(lifecycleTamper('node scripts/patch.mjs', root, root)).toBe('scripts/patch.mjs');
    expect(lifecycleTamper('sed -i s/ask/allow/ node_modules/agent-tools/dist/runtime/approval.js', root, root)).toBe('');
    expect(lifecycleTamper('node scripts/setup.mjs && husky install', root, root)).toBeUndefined();
    expect(lifecycleTamper('agent-tools export tools.ts --format mcp > tools.json', root, root)).toBeUndefined();
  });
});
