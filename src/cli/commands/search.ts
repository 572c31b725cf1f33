/** The `search` command's definition: the tools of a folder ranked for a request, statically. */

import type { Command } from 'commander';
import { Option } from '../commander.js';
import { cliCommand } from '../../shared/cli-command.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** `agent-tools search [paths...] "<query>"`: the tools of a folder ranked for a request, statically. */
export function registerSearch(program: Command): void {
  program
    .command('search')
    .description(
      'find the tools of a folder that fit a request in plain words, ranked as the search_tools tool ranks them (no code is run)',
    )
    .argument('<args...>', 'tool files or folders (default: ./tools), then the query, quoted, as the last argument')
    .option('--limit <n>', 'the most tools to list', '5')
    .addOption(new Option('--format <name>', 'output format').choices(['text', 'json']).default('text'))
    .option('--callee <name>', 'also treat calls of this function as tool definitions (repeatable)', collect)
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        `  ${cliCommand('search "round the corners"')}`,
        `  ${cliCommand('search src/tools --limit 3 --format json "make a copy of the card"')}`,
        '',
        'json prints { "results": [{ "name", "score", "tier" }] } best first (and "note" when the query was empty, cut or matched nothing).',
        'Exit codes: 0 tools found, 1 no tool matched, 2 usage error.',
      ].join('\n'),
    )
    .action(async (args: string[], opts: { limit: string; format: 'text' | 'json'; callee?: string[] }) => {
      const [{ runSearch }, { colorsFor }] = await Promise.all([import('../run-search.js'), import('../color.js')]);
      process.exitCode = await runSearch({
        paths: args.slice(0, -1),
        query: args.at(-1) ?? '',
        limit: opts.limit,
        format: opts.format,
        callee: opts.callee ?? [],
        colors: colorsFor(process.stdout),
      });
    });
}
