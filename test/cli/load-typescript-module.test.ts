// serve, call, console and export --import run a user's TypeScript with Node's own loader and
// hooks (src/analysis/module-loader.ts), not tsx: these are the project shapes users bring.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempPackage } from '../temp-package.js';

const root = new URL('../..', import.meta.url).pathname;

/** A toolbox that uses what plain type stripping cannot run: a type imported without `type`, an enum, a parameter property, a decorator. */
function writeToolbox(dir: string): void {
  mkdirSync(join(dir, 'src/lib'), { recursive: true });
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '@lib/*': ['src/lib/*'] } } }));
  writeFileSync(
    join(dir, 'src/lib/words.ts'),
    `export enum Word { Pong = 'pong' }\nexport class Greeter { constructor(private readonly word: Word) {}\n  get text(): string { return this.word; } }\n`,
  );
  writeFileSync(join(dir, 'src/lib/index.ts'), `export const suffix: string = '!';\n`);
  writeFileSync(
    join(dir, 'src/tools.ts'),
    `import { defineTool, ToolDef } from 'agent-tools';
import { Greeter, Word } from '@lib/words';
import { suffix } from './lib';
function logged<T>(value: T, _ctx: ClassDecoratorContext): T { return value; }
@logged class Holder { static greeter = new Greeter(Word.Pong); }
const tools: ToolDef<any, any>[] = [];
export const ping = defineTool({ name: 'ping', description: 'Reply with pong to check the server', mutates: false, params: {},
  execute: () => Holder.greeter.text + suffix });
export default [ping, ...tools];
`,
  );
}

const run = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'bin/agent-tools.js'), ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });

describe('a TypeScript tools module runs without tsx', () => {
  for (const [shape, pkg] of [
    ['an ES module project ("type": "module")', '{"type":"module"}'],
    ['a CommonJS project ("type": "commonjs")', '{"type":"commonjs"}'],
  ] as const)
    it(`${shape}: tsconfig paths, a folder index, an enum, a parameter property and a decorator`, () => {
      const dir = tempPackage('ts-loader-', { typeModule: false });
      writeFileSync(join(dir, 'package.json'), pkg);
      writeToolbox(dir);
      const r = run(dir, 'call', 'src/tools.ts', 'ping');
      expect([r.status, r.stderr, r.stdout.trim()]).toEqual([0, '', '"pong!"']);
    });
});
