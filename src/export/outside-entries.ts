/** Registry entries that name a tool defined outside the analyzed paths: export would leave them out without a word. */

import { registryLists } from '../analysis/registry-lists.js';
import type { Diagnostic, RegistryScan } from '../analysis/types.js';

/**
 * One `outside-paths` diagnostic per tier-list entry whose tool is defined in a file the analysis did not read
 * (`getTime` imported from `../shared/time.js` when only `tools` is exported), at the entry: the registry serves
 * that tool, so an export (or diff) that leaves it out would publish a different tools/list than serve gives.
 */
export function outsideEntries(registries: RegistryScan): Diagnostic[] {
  return [...new Set(registryLists(registries).map((l) => l.list))].flatMap((list) =>
    list.entries.flatMap((e) =>
      e.kind === 'tool' && e.outside !== undefined
        ? [
            {
              code: 'outside-paths',
              message:
                `registry entry \`${e.text}\` in ${list.declaredAs} names a tool defined at ${e.outside}, outside the paths read, ` +
                'so it is left out; add the folder or file that defines it to the paths',
              file: list.file,
              line: e.line,
              column: e.column,
            },
          ]
        : [],
    ),
  );
}
