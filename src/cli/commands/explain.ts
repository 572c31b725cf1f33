import type { Command } from 'commander';

/** `agent-tools explain <check-id>`: prints a check's documentation (`--all`: every check, as docs/checks.md). */
export function registerExplain(program: Command): void {
  program
    .command('explain')
    .description("print a validate check's documentation, with a failing and a passing example")
    .argument('[check-id]', 'the check id, e.g. snake-case-name')
    .option('--all', 'print every check (the text of docs/checks.md)')
    .action(async (id: string | undefined, opts: { all?: boolean }) => {
      const [{ explain }, { renderAllCheckDocs }, { UsageError }] = await Promise.all([
        import('../../validate/explain.js'),
        import('../../validate/docs.js'),
        import('../../shared/errors.js'),
      ]);
      if (opts.all) process.stdout.write(renderAllCheckDocs());
      else if (id) process.stdout.write(explain(id));
      else throw new UsageError('give a check id, or --all', 'explain');
    });
}
