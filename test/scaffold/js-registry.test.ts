/** Tests of scaffold into a toolbox whose registry is JavaScript: the tool is written in the registry's module kind and added to it. */

import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles, root, runCli, tempProject } from './project.js';

/** The new-user trial's spec. */
const LIST_USERS =
  '[{"name":"list_users","desc":"List all users of the database, with their ids","mutates":false,"params":{"limit":"Max users, 1-100"}}]';
const INFERRED =
  'list_users: inferred param types (optional unless marked required: end a name with ! to require it; give the full form { "type": ... } to change one):\n' +
  '  limit: number (min 1, max 100, integer) — range "1-100" in the text\n';

/** A tool's source (no type annotation, so it is JavaScript of either kind). */
const tool = (ident: string, name: string) => `defineTool({
  name: '${name}',
  description: 'Does ${name} on one user of the database, by its id.',
  mutates: ${name !== 'get_user'},
  ${name === 'get_user' ? '' : 'destructive: true,\n  '}params: { id: { type: 'string', description: 'User id', required: true } },
  execute: (_api, { id }) => ({ id, ${JSON.stringify(ident)}: true }),
})`;

/** The trial's CommonJS registry: three tools of its own, then `createRegistry` and `module.exports`. */
const COMMONJS_TOOLS = `const { createRegistry, defineTool } = require('agent-tools');

const getUser = ${tool('getUser', 'get_user')};
const deleteUser = ${tool('deleteUser', 'delete_user')};
const renameUser = ${tool('renameUser', 'rename_user')};

const registry = createRegistry({ core: [getUser, deleteUser, renameUser], extended: [] });
module.exports = { registry };
`;

/** The list_users tool file scaffold writes, as an ES module (`commonJs` false) or as CommonJS. */
const listUsersFile = (file: string, commonJs: boolean) => `${
  commonJs ? "const { defineTool } = require('agent-tools');" : "import { defineTool } from 'agent-tools';"
}

/**
 * List all users of the database, with their ids
 */
${commonJs ? '' : 'export '}const listUsersTool = defineTool({
  name: 'list_users',
  description: 'List all users of the database, with their ids',
  mutates: false,
  params: {
    limit: { type: 'number', description: 'Max users, 1-100', min: 1, max: 100, integer: true },
  },
  execute(_api, args) {
    const { limit } = args;
    throw new Error('list_users is not implemented yet (${file}); args: ' + JSON.stringify({ limit }));
  },
});
${commonJs ? '\nmodule.exports = { listUsersTool };\n' : ''}`;

/** A temp project whose package.json says `type` (`undefined`: CommonJS), holding `files`; no tsconfig governs tools/. */
function project(type: 'module' | undefined, files: Record<string, string>): string {
  const dir = tempProject();
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'js-toolbox', private: true, ...(type ? { type } : {}) }));
  writeFileSync(join(dir, 'tsconfig.json'), '{}');
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

/** The names of `registry.core` as plain node loads `file` (require for CommonJS, import for an ES module). */
function coreNames(dir: string, file: string, commonJs: boolean): string[] {
  const load = commonJs
    ? `const { registry } = require(${JSON.stringify(join(dir, file))}); console.log(JSON.stringify(registry.core.map((t) => t.name)))`
    : `const { registry } = await import(${JSON.stringify(join(dir, file))}); console.log(JSON.stringify(registry.core.map((t) => t.name)))`;
  const r = spawnSync(process.execPath, ['--input-type', commonJs ? 'commonjs' : 'module', '-e', load], { cwd: dir, encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as string[];
}

/** The core tier's tool names as `export` reads the folder. */
function exportedCore(dir: string): string[] {
  const r = runCli(dir, ['export', 'tools', '--tier', 'core', '--format', 'json']);
  expect(r.stderr).toBe('');
  return Object.keys((JSON.parse(r.stdout) as { properties: object }).properties);
}

describe('scaffold into a JavaScript registry', () => {
  it('a CommonJS tools.js (the trial): a CommonJS tool file, required and listed in its createRegistry; node, validate and export agree', () => {
    const dir = project(undefined, { 'tools/tools.js': COMMONJS_TOOLS });
    const r = runCli(dir, ['scaffold'], LIST_USERS);
    expect(r.stderr).toBe(INFERRED);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('created tools/read/list-users.js\nupdated tools/tools.js\n');
    expect(listFiles(dir)).toEqual(['package.json', 'tools/read/list-users.js', 'tools/tools.js', 'tsconfig.json']);
    expect(readFileSync(join(dir, 'tools/tools.js'), 'utf8')).toBe(
      COMMONJS_TOOLS.replace(
        "require('agent-tools');\n",
        "require('agent-tools');\nconst { listUsersTool } = require('./read/list-users.js');\n",
      ).replace('renameUser]', 'renameUser, listUsersTool]'),
    );
    expect(readFileSync(join(dir, 'tools/read/list-users.js'), 'utf8')).toBe(listUsersFile('read/list-users.js', true));
    expect(coreNames(dir, 'tools/tools.js', true)).toEqual(['get_user', 'delete_user', 'rename_user', 'list_users']);
    expect(exportedCore(dir)).toEqual(['get_user', 'delete_user', 'rename_user', 'list_users']);
    const v = runCli(dir, ['validate', 'tools']);
    expect(v.stderr + v.stdout).toContain('(2 files, 4 tools; core tier: 4 tools,');
  });

  it('a CommonJS .js whose requires have no extension gets its require in that style, merged into an existing require of the module', () => {
    const text = `'use strict';
const { createRegistry } = require('agent-tools');
const { getUser } = require('./get-user');
const { listUsersTool: old } = require('./read/list-users');

module.exports = { registry: createRegistry({ core: [getUser] }) };
`;
    const getUser = `const { defineTool } = require('agent-tools');\nconst getUser = ${tool('getUser', 'get_user')};\nmodule.exports = { getUser };\n`;
    const dir = project(undefined, { 'tools/index.js': text, 'tools/get-user.js': getUser });
    const r = runCli(dir, ['scaffold'], LIST_USERS);
    // `old` binds the module's listUsersTool under another name: the new binding is added to that require
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('created tools/read/list-users.js\nupdated tools/index.js\n');
    expect(readFileSync(join(dir, 'tools/index.js'), 'utf8')).toBe(
      text
        .replace('{ listUsersTool: old }', '{ listUsersTool: old, listUsersTool }')
        .replace('core: [getUser]', 'core: [getUser, listUsersTool]'),
    );
    expect(coreNames(dir, 'tools/index.js', true)).toEqual(['get_user', 'list_users']);
  });

  it('a .cjs registry: a .cjs tool file, and --with-test an ES-module test (vitest cannot be required) that passes', () => {
    const text = `'use strict';
const { createRegistry, defineTool } = require('agent-tools');

const getUser = ${tool('getUser', 'get_user')};

module.exports = { registry: createRegistry({ core: [getUser] }) };
`;
    const dir = project('module', { 'tools/tools.cjs': text });
    const r = runCli(dir, ['scaffold', '--with-test'], LIST_USERS);
    expect(r.stderr).toBe(INFERRED);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('created tools/read/list-users.cjs\ncreated tools/read/list-users.test.mjs\nupdated tools/tools.cjs\n');
    // after the last require, not before the 'use strict' prologue
    expect(readFileSync(join(dir, 'tools/tools.cjs'), 'utf8')).toBe(
      text
        .replace("require('agent-tools');\n", "require('agent-tools');\nconst { listUsersTool } = require('./read/list-users.cjs');\n")
        .replace('core: [getUser]', 'core: [getUser, listUsersTool]'),
    );
    expect(readFileSync(join(dir, 'tools/read/list-users.cjs'), 'utf8')).toBe(listUsersFile('read/list-users.cjs', true));
    expect(readFileSync(join(dir, 'tools/read/list-users.test.mjs'), 'utf8')).toContain(
      "import { listUsersTool } from './list-users.cjs';\n",
    );
    expect(coreNames(dir, 'tools/tools.cjs', true)).toEqual(['get_user', 'list_users']);
    expect(exportedCore(dir)).toEqual(['get_user', 'list_users']);
    const t = spawnSync(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--root', dir, '--reporter', 'dot'], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(t.stdout).toContain('3 passed');
    expect(t.status).toBe(0);
  });

  it('an .mjs registry: an .mjs tool file, imported and listed', () => {
    const text = `import { createRegistry, defineTool } from 'agent-tools';

export const getUser = ${tool('getUser', 'get_user')};

export const registry = createRegistry({ core: [getUser], extended: [] });
`;
    const dir = project(undefined, { 'tools/tools.mjs': text });
    const r = runCli(dir, ['scaffold'], LIST_USERS);
    expect(r.stderr).toBe(INFERRED);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('created tools/read/list-users.mjs\nupdated tools/tools.mjs\n');
    expect(readFileSync(join(dir, 'tools/tools.mjs'), 'utf8')).toBe(
      text
        .replace("from 'agent-tools';\n", "from 'agent-tools';\nimport { listUsersTool } from './read/list-users.mjs';\n")
        .replace('core: [getUser]', 'core: [getUser, listUsersTool]'),
    );
    expect(readFileSync(join(dir, 'tools/read/list-users.mjs'), 'utf8')).toBe(listUsersFile('read/list-users.mjs', false));
    expect(coreNames(dir, 'tools/tools.mjs', false)).toEqual(['get_user', 'list_users']);
    expect(exportedCore(dir)).toEqual(['get_user', 'list_users']);
  });

  it('an ES-module .js (a "type": "module" package): a .js ES module, imported and listed', () => {
    const text = `import { createRegistry, defineTool } from 'agent-tools';

export const getUser = ${tool('getUser', 'get_user')};

export const registry = createRegistry({ core: [getUser], extended: [] });
`;
    const dir = project('module', { 'tools/tools.js': text });
    const r = runCli(dir, ['scaffold'], LIST_USERS);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('created tools/read/list-users.js\nupdated tools/tools.js\n');
    expect(readFileSync(join(dir, 'tools/tools.js'), 'utf8')).toContain("import { listUsersTool } from './read/list-users.js';\n");
    expect(readFileSync(join(dir, 'tools/read/list-users.js'), 'utf8')).toBe(listUsersFile('read/list-users.js', false));
    expect(coreNames(dir, 'tools/tools.js', false)).toEqual(['get_user', 'list_users']);
  });

  it("a tools.js compiled beside tools.ts, and dist/, are the TypeScript registry's output, not registries of their own", () => {
    const ts = `import { createRegistry, defineTool } from 'agent-tools';\nexport const getUser = ${tool('getUser', 'get_user')};\nexport const registry = createRegistry({ core: [getUser] });\n`;
    const dir = project(undefined, { 'tools/tools.ts': ts, 'tools/tools.js': COMMONJS_TOOLS, 'tools/dist/tools.js': COMMONJS_TOOLS });
    const r = runCli(dir, ['scaffold'], LIST_USERS);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('created tools/read/list-users.ts\nupdated tools/tools.ts\n');
    expect(readFileSync(join(dir, 'tools/tools.js'), 'utf8')).toBe(COMMONJS_TOOLS);
  });

  it('registries of different kinds (a tools.ts and a CommonJS legacy.js) are refused, naming each, exit 2, writing nothing', () => {
    const ts = `import { createRegistry, defineTool } from 'agent-tools';\nexport const getUser = ${tool('getUser', 'get_user')};\nexport const registry = createRegistry({ core: [getUser] });\n`;
    const dir = project(undefined, { 'tools/tools.ts': ts, 'tools/legacy.js': COMMONJS_TOOLS });
    const r = runCli(dir, ['scaffold'], LIST_USERS);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      INFERRED +
        'agent-tools: the registry files are of different kinds (tools/legacy.js: CommonJS (.js); tools/tools.ts: TypeScript), so it is not clear what to write the tool as; keep the registry in one kind of file, or write the tool by hand; nothing written\n',
    );
    expect(listFiles(dir)).toEqual(['package.json', 'tools/legacy.js', 'tools/tools.ts', 'tsconfig.json']);
  });
});
