/** The users toolbox the approval tests of validate write: a deleting tool whose only possible finding is its name, and a read-only one. */

/**
 * tools/users.ts: `remove_user` (named `removeName`, mutating and destructive) and, with
 * `getUser`, the read-only `get_user`; `defineTool` imported from `from` (agent-tools, or the
 * project's own schema module).
 */
export function usersTools(options: { removeName?: string; from?: string; getUser?: boolean } = {}): string {
  const { removeName = 'remove_user', from = 'agent-tools', getUser = false } = options;
  const remove = `import { defineTool } from '${from}';

/** Removes a user account and all of its data. */
export const removeUser = defineTool({
  name: '${removeName}',
  description: 'Removes a user account and all of its data.',
  mutates: true,
  destructive: true,
  params: { id: { type: 'string', description: 'The id of the user to remove.' } },
  output: { removed: { type: 'boolean', description: 'Whether a user was removed.' } },
  execute: () => ({ removed: true }),
});
`;
  if (!getUser) return remove;
  return `${remove}
/** Returns one user account by its id. */
export const getUser = defineTool({
  name: 'get_user',
  description: 'Returns one user account by its id.',
  mutates: false,
  params: { id: { type: 'string', description: 'The id of the user to return.' } },
  output: { name: { type: 'string', description: 'The name of the user.' } },
  execute: () => ({ name: 'Ada' }),
});
`;
}
