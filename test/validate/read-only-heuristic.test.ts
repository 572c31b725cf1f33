/** Tests of the read-only heuristic behind `mutates-declared`'s fix: what makes an `execute` only read. */

import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { executeOnlyReads } from '../../src/validate/fix/read-only.js';

/** The `execute` arrow function of `const t = { execute: <code> }`. */
function execute(code: string): ts.Node {
  const sf = ts.createSourceFile('t.ts', `const t = { execute: ${code} };`, ts.ScriptTarget.Latest, true);
  const decl = (sf.statements[0] as ts.VariableStatement).declarationList.declarations[0]!;
  return ((decl.initializer as ts.ObjectLiteralExpression).properties[0] as ts.PropertyAssignment).initializer;
}

describe('executeOnlyReads', () => {
  it('a call of a read method only reads', () => {
    expect(executeOnlyReads(execute('(api, { id }) => api.getNode(id)'))).toBe(true);
    expect(executeOnlyReads(execute("(api, { t }) => api.db.query('SELECT * FROM ' + t)"))).toBe(true);
  });

  it('SQL that writes, in a string or a template, is not read-only, whatever method runs it', () => {
    expect(executeOnlyReads(execute("async (api, { table }) => api.db.query('DROP TABLE ' + table)"))).toBe(false);
    expect(executeOnlyReads(execute('(api, { id }) => api.db.query(`DELETE FROM notes WHERE id = ${id}`)'))).toBe(false);
    expect(executeOnlyReads(execute('(api, { v }) => api.sql(`UPDATE t SET v = ${v} WHERE 1`)'))).toBe(false);
  });

  it('a mutating method name is not read-only', () => {
    expect(executeOnlyReads(execute('(api, { id }) => api.deleteNode(id)'))).toBe(false);
  });
});
