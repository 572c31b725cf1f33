/** The `export` command's definition: its flags and format choices, read from the format descriptors. */

import type { Command } from 'commander';
import { FORMAT_LIST, formatFlags, orList, type AllFormatOptions } from '../../export/formats/index.js';
import { examplesHelp } from '../help-examples.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** One line per format: its name and summary, from the format list. */
function formatsHelp(): string {
  const width = Math.max(...FORMAT_LIST.map((f) => f.name.length));
  return FORMAT_LIST.map((f) => `  ${f.name.padEnd(width)}  ${f.summary}`).join('\n');
}

/** Registers `agent-tools export`: static extraction to MCP tools/list, JSON Schema, Markdown and provider formats. */
export function registerExport(program: Command): void {
  const command = program
    .command('export')
    .description(
      'extract tool definitions statically (no code is run) and write them as MCP tools/list, JSON Schema, Markdown or provider tools',
    )
    .argument('[paths...]', 'tool files or folders, searched recursively (default: ./tools)')
    .option('--format <name>', orList(FORMAT_LIST.map((f) => f.name)), FORMAT_LIST[0].name)
    .option(
      '--out <file>',
      'write to this file (atomically) instead of stdout; replaces an earlier export, any other file only with --force; a failed or empty export writes nothing',
    )
    .option('--force', 'with --out: replace the file even if it is not an earlier export (never a file export reads)')
    .option('--tier <tier>', 'core, extended or all (all = core, extended, then unregistered tools)', 'all')
    .option('--callee <name>', 'also treat calls of this function as tool definitions (repeatable)', collect)
    .option('--allow-partial', 'exit 0 even when some tools cannot be extracted statically (they are still left out and reported)')
    .option(
      '--tool-search',
      'add the search_tools tool (as toolsToAI and serve --tool-search offer it) after the core tools, in any format',
    );
  // each format's own flags, named after the formats that take them
  for (const o of formatFlags()) command.option(o.flag, `${o.formats.join(', ')}: ${o.spec.description}`);
  command
    .option(
      '--check <lock-file>',
      'write nothing: compare the tools with this earlier --format mcp output (a lock file); exit 1, listing the changes, when they differ',
    )
    .option('--watch', 'with --out: rewrite the file on every change under the paths (only changed files are parsed again); Ctrl-C exits 0')
    .option(
      '--import',
      'RUN the given modules (TypeScript compiled on the way) and export the MCP SDK servers and AI SDK tool sets they export, for tools not readable statically',
    )
    .addHelpText(
      'after',
      examplesHelp([
        'export --out tools.json',
        'export tools --format openai --tier core --strict',
        'export --format markdown --out TOOLS.md',
        'export --check tools.json',
      ]),
    )
    .addHelpText(
      'after',
      `\nFormats:\n${formatsHelp()}\n\nPaths default to ./tools. Exit codes: 0 success (with --check: the tools match the lock file), 1 a tool was left out, a name is duplicated\nor no tool is exported (with --check: or the tools no longer match), 2 usage error.`,
    )
    .action(
      async (
        paths: string[],
        opts: AllFormatOptions & {
          format: string;
          out?: string;
          tier: string;
          callee?: string[];
          allowPartial?: boolean;
          toolSearch?: boolean;
          import?: boolean;
          watch?: boolean;
          check?: string;
          force?: boolean;
        },
      ) => {
        if (opts.watch) {
          const { watchExport } = await import('../watch-command.js');
          return watchExport(paths, opts);
        }
        const { runExport } = await import('../run-export.js');
        process.exitCode = await runExport({ paths, ...opts });
      },
    );
}
