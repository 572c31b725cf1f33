/** The `scaffold` command's definition: tool files and the registry skeleton from a JSON spec or prompts. */

import type { Command } from 'commander';
import { examplesHelp } from '../help-examples.js';

/** `agent-tools scaffold`: generate defineTool files and the registry skeleton from a JSON spec on stdin or from prompts. */
export function registerScaffold(program: Command): void {
  program
    .command('scaffold')
    .description('generate defineTool files and the registry skeleton from a JSON spec (a file, or stdin), or interactively')
    .argument('[spec]', 'a JSON spec file (default: stdin; - is stdin)')
    .option('--stdin', 'read the JSON spec from stdin even when it is a terminal')
    .option('-i, --interactive', 'ask for the spec with prompts')
    .option('--out <dir>', 'output root, the folder that holds schema.ts and the registry files', 'tools')
    .option('--with-test', 'also write a vitest file per tool')
    .option('--dry-run', 'print the files (paths and contents) instead of writing them')
    .option('--force', 'overwrite tool files that exist already')
    .option('--skip-existing', 'write only the tools the --out folder does not define yet; name each one skipped and where it is defined')
    .addHelpText(
      'after',
      examplesHelp([
        'scaffold --interactive',
        'scaffold spec.json --out src/tools --with-test',
        'scaffold spec.json --skip-existing',
        'scaffold spec.json --dry-run',
      ]),
    )
    .addHelpText(
      'after',
      `
Spec: { "name", "description" (or "desc"), "mutates", "params", "domain"?, "tier"? ("core", the default, | "extended"), "title"?, "destructive"? },
or an array of them. "mutates": true if the tool changes anything, false if it only reads; a spec that leaves it out gets a TODO
in its file and the tool counts as destructive (approval asks) until you say;
e.g. [{"name":"set_font","desc":"Set font properties","mutates":true,"params":{"font":"Font family","weight":"Font weight, 100-900"}}].
Params: full form { "weight": { "type": "number", "min": 100, "max": 900, "description": "..." } } or short form { "weight": "Font weight, 100-900" } (a text that is only a range or choice list leaves a TODO description);
short-form types are inferred and printed. A trailing ! on a param name, or "(required)" in its text, makes it required.

A spec whose tool the --out folder defines already is refused; --skip-existing writes the others and names each skipped tool.

Exit codes: 0 written (or dry run, or every tool skipped), 2 bad JSON, invalid spec (an unknown key is named, with the closest known
one), existing files without --force, --interactive without a terminal, or Ctrl-C.`,
    )
    .action(
      async (
        spec: string | undefined,
        opts: {
          stdin?: boolean;
          interactive?: boolean;
          out: string;
          withTest?: boolean;
          dryRun?: boolean;
          force?: boolean;
          skipExisting?: boolean;
        },
      ) => {
        const { runScaffold } = await import('../run-scaffold.js');
        process.exitCode = await runScaffold(spec === undefined ? opts : { ...opts, file: spec });
      },
    );
}
