/** Tests that the skills entry (`agent-tools/skills`) loads no SQLite, PostgreSQL, MCP SDK or tooling until used. */

import { describe, expect, it } from 'vitest';
import { resolvedModules } from '../entry.test.js';

describe('the skills entry (agent-tools/skills)', () => {
  it('exports the skills layer and loads neither SQLite, PostgreSQL, the MCP SDK nor any tooling dependency until used', () => {
    const { urls, exports } = resolvedModules('agent-tools/skills');
    expect(exports).toEqual(
      expect.arrayContaining([
        'defineSkill',
        'SkillRegistry',
        'SkillRouter',
        'buildSystemPrompt',
        'parseSkillFile',
        'readSkillSource',
        'runHttpExecutor',
        'runScript',
        'openSkillStore',
        'createMcpSkill',
        'followStore',
      ]),
    );
    expect(urls.some((u) => u.includes('/dist/skills/index.js'))).toBe(true);
    for (const heavy of [
      'pg',
      'pg-pool',
      '@modelcontextprotocol',
      'ts-morph',
      'typescript',
      'handlebars',
      'commander',
      '@inquirer',
      '/ai/',
    ]) {
      expect(urls.filter((u) => u.includes(`/node_modules/${heavy}/`))).toEqual([]);
    }
    // SQLite is Node's own node:sqlite, loaded by the store's SQLite module when a store is opened.
    expect(urls.filter((u) => u.startsWith('node:sqlite') || /\/dist\/skills\/(store-sqlite|sqlite-driver)\.js$/.test(u))).toEqual([]);
  });
});
