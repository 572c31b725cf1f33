/** The toolbox the diff approval tests commit (a deleting tool, a read-only one, a registry), and the CLI run on it. */

import { spawnSync } from 'node:child_process';

const root = new URL('../..', import.meta.url).pathname;

/** Runs `agent-tools` in `cwd` with `args`, colors off; stdout and stderr as text. */
export const cli = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [`${root}bin/agent-tools.js`, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

/**
 * tools/tools.ts: `wipe_table` (no `mutates`: destructive by the MCP default, so it asks) and the
 * read-only `get_row`, in `createRegistry({ core })`; `defineTool` and `createRegistry` imported
 * from `from` (agent-tools, or the project's schema module).
 */
export function wipeToolbox(from = 'agent-tools'): string {
  return `import { createRegistry, defineTool } from '${from}';

export const wipeTable = defineTool({
  name: 'wipe_table',
  description: 'Delete every row of a table. This cannot be undone.',
  params: { table: { type: 'string', required: true, description: 'The table name' } },
  execute: async ({ table }) => ({ wiped: table }),
});

export const getRow = defineTool({
  name: 'get_row',
  description: 'Read one row of a table by id.',
  mutates: false,
  params: { id: { type: 'string', required: true, description: 'The row id' } },
  execute: async ({ id }) => ({ id }),
});

export const registry = createRegistry({ core: [wipeTable, getRow] });
`;
}
