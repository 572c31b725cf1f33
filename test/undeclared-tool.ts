/** A new user's tool module: `drop_table` leaves `mutates` out and removes a file when it runs (the safe-default tests). */

import { join } from 'node:path';

const checkout = new URL('..', import.meta.url).pathname;

/**
 * The text of a tools.ts whose `drop_table` has no `mutates` and removes `table` (a file that
 * stands for the table, so a test sees whether it ran), plus `more` (other definitions) after it.
 */
export function dropTableModule(table: string, more = ''): string {
  return `import { rmSync } from 'node:fs';
import { defineTool } from ${JSON.stringify(join(checkout, 'dist', 'index.js'))};
export const dropTable = defineTool({
  name: 'drop_table',
  description: 'Drops the users table.',
  params: {},
  execute: () => {
    rmSync(${JSON.stringify(table)});
    return { dropped: 'users' };
  },
});
${more}`;
}
