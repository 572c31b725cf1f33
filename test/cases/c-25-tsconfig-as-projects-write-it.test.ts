/** Tests that tsconfig files as projects write them (extends arrays, packages, paths) resolve as tsc does. */

import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';

const root = new URL('../..', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'agent-tools-c25-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmp, 'p-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  // the project's own zod and ai: ours, linked as an install would place them
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  for (const pkg of ['zod', 'ai']) symlinkSync(join(root, 'node_modules', pkg), join(dir, 'node_modules', pkg));
  return dir;
}

const TOOL = `import { tool } from 'ai';
import { UserInput } from '@/schemas/user';
export const tools = { get_user: tool({ description: 'Returns a user by id.', inputSchema: UserInput }) };
`;
const SCHEMA = `import { z } from 'zod';
export const UserInput = z.object({ id: z.string().describe('User id') });
`;
const EXPECTED = {
  type: 'object',
  properties: { id: { type: 'string', description: 'User id' } },
  required: ['id'],
  additionalProperties: false,
};

describe('C-25: tsconfig as projects write it', () => {
  it('extends as an array, with `paths` from a package config (${configDir}): resolved as tsc does, exported exactly', () => {
    const dir = project({
      'tsconfig.json': '{ "extends": ["./base.json", "@acme/tsconfig/strict.json"] }',
      'base.json': '{ "compilerOptions": { "strict": true } }',
      'node_modules/@acme/tsconfig/package.json': '{ "name": "@acme/tsconfig", "version": "1.0.0" }',
      'node_modules/@acme/tsconfig/strict.json': '{ "compilerOptions": { "paths": { "@/*": ["${configDir}/src/*"] } } }',
      'src/schemas/user.ts': SCHEMA,
      'src/tools.ts': TOOL,
    });
    const a = analyze(['src/tools.ts'], { cwd: dir });
    expect(a.diagnostics).toEqual([]);
    expect(a.tools.map((t) => [t.name, t.inputSchema])).toEqual([['get_user', EXPECTED]]);
  });

  it('extends a package by name (its package.json `tsconfig` field is not needed for a file path) with baseUrl in the project', () => {
    const dir = project({
      'tsconfig.json': '{ "extends": "@acme/tsconfig/base.json", "compilerOptions": { "baseUrl": "." } }',
      'node_modules/@acme/tsconfig/package.json': '{ "name": "@acme/tsconfig", "version": "1.0.0" }',
      'node_modules/@acme/tsconfig/base.json': '{ "compilerOptions": { "paths": { "@/*": ["src/*"] } } }',
      'src/schemas/user.ts': SCHEMA,
      'src/tools.ts': TOOL,
    });
    const a = analyze(['src/tools.ts'], { cwd: dir });
    expect(a.diagnostics).toEqual([]);
    expect(a.tools.map((t) => [t.name, t.inputSchema])).toEqual([['get_user', EXPECTED]]);
  });

  it('solution-style tsconfig.json (files [] and references, as Vite writes it): paths of the referenced project holding the file', () => {
    const dir = project({
      'tsconfig.json': '{ "files": [], "references": [{ "path": "./tsconfig.node.json" }, { "path": "./tsconfig.app.json" }] }',
      // tsc -b and the editor read src/ with tsconfig.app.json; tsconfig.node.json maps @/* elsewhere, for its own files only
      'tsconfig.app.json': '{ "compilerOptions": { "paths": { "@/*": ["./src/*"] } }, "include": ["src"] }',
      'tsconfig.node.json': '{ "compilerOptions": { "paths": { "@/*": ["./elsewhere/*"] } }, "include": ["vite.config.ts"] }',
      'vite.config.ts': 'export default {};\n',
      'src/schemas/user.ts': SCHEMA,
      'src/tools.ts': TOOL,
    });
    const a = analyze(['src/tools.ts'], { cwd: dir });
    expect(a.diagnostics).toEqual([]);
    expect(a.tools.map((t) => [t.name, t.inputSchema])).toEqual([['get_user', EXPECTED]]);
  });
});
