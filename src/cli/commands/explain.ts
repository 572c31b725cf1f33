/** The `explain` command's definition: the documentation of a validate check or a diff rule. */

import type { Command } from 'commander';
import { docsPage } from '../../shared/docs-page.js';
import { examplesHelp } from '../help-examples.js';

/**
 * `agent-tools explain <id>`: prints a validate check's or a diff rule's documentation (`--all`: every check, as
 * node_modules/agent-tools/docs/checks.md).
 */
export function registerExplain(program: Command): void {
  program
    .command('explain')
    .description("print a validate check's or a diff rule's documentation, with examples")
    .argument('[id]', 'a check id (e.g. snake-case-name) or a diff rule id (e.g. param-removed)')
    .option('--all', `print every check (the text of ${docsPage('checks.md')})`)
    .addHelpText('after', examplesHelp(['explain snake-case-name', 'explain param-removed', 'explain --all > checks.md']))
    .action(async (id: string | undefined, opts: { all?: boolean }) => {
      const [{ explainId }, { renderAllCheckDocs }, { UsageError }] = await Promise.all([
        import('../../diff/explain.js'),
        import('../../validate/docs.js'),
        import('../../shared/errors.js'),
      ]);
      if (opts.all) process.stdout.write(renderAllCheckDocs());
      else if (id) process.stdout.write(explainId(id));
      else throw new UsageError('give a check id or a diff rule id, or --all', 'explain');
    });
}
