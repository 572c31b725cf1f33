/** A credit ledger for the hook tests: a change that must not be reported as failed once made. */

import { defineTool } from '../../src/core/tool.js';

/** A credit counter and the tool that adds one: a change that must not be reported as failed once made. */
export function ledger() {
  const db = { n: 0 };
  const addCredit = defineTool({
    name: 'add_credit',
    description: 'Add one credit to the account.',
    mutates: true,
    destructive: false,
    params: {},
    execute: () => ({ n: ++db.n }),
  });
  return { db, addCredit };
}
