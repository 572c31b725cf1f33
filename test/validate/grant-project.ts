/** A temp project (no git: the walk) of given files, read by approvalGrants: for the grant tests of test/validate. */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { approvalGrants, type ApprovalGrant } from '../../src/validate/approval-grants.js';

/**
 * Makes projects holding files (a package.json with `scripts` too) and lists their grants, each shown by `show`,
 * sorted; `dispose` removes every project made.
 */
export function grantProjects(show: (g: ApprovalGrant) => string): {
  grants: (files: Record<string, string>, scripts?: Record<string, string>) => string[];
  dispose: () => void;
} {
  const dirs: string[] = [];
  return {
    grants: (files, scripts = {}) => {
      const dir = mkdtempSync(join(tmpdir(), 'agent-tools-grants-'));
      dirs.push(dir);
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'notes', type: 'module', scripts }));
      for (const [name, text] of Object.entries(files)) {
        mkdirSync(join(dir, name, '..'), { recursive: true });
        writeFileSync(join(dir, name), text);
      }
      return approvalGrants(dir).map(show).sort();
    },
    dispose: () => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })),
  };
}
