/** Tests unmatchedApprovalRules: the entries of a policy that name no tool, with the closest names, as data. */

import { describe, expect, it } from 'vitest';
import { createRegistry, defineTool, unmatchedApprovalRules } from '../../src/index.js';

const removeUser = defineTool({
  name: 'remove_user',
  description: 'Removes a user account and all of its data.',
  mutates: true,
  params: {},
  execute: () => 'ok',
});
const getUser = defineTool({
  name: 'get_user',
  description: 'Returns one user account by its id.',
  mutates: false,
  params: {},
  execute: () => 'ok',
});

describe('unmatchedApprovalRules', () => {
  it('returns each entry no tool matches (names and globs, as the adapters match), with where it is and the names near it', () => {
    const registry = createRegistry({
      core: [getUser, removeUser],
      approval: { deny: ['remove_usr', 'remove_user'], allow: ['get_*', 'put_*'] },
    });
    const names = registry.all.map((t) => t.name);
    expect(unmatchedApprovalRules(registry.approval!, names)).toEqual([
      { list: 'allow', index: 1, rule: 'put_*', suggestions: [] },
      { list: 'deny', index: 0, rule: 'remove_usr', suggestions: ['remove_user'] },
    ]);
    expect(unmatchedApprovalRules({ deny: ['remove_user'], ask: ['*'] }, names)).toEqual([]);
  });

  it('refuses a malformed list as the adapters do', () => {
    expect(() => unmatchedApprovalRules({ deny: [''] }, ['a'])).toThrow(/approval\.deny\[0\]/);
  });
});
