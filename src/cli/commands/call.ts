/** The `call` command's definition: run one tool of a module from the command line, or list them. */

import type { Command } from 'commander';
import { cliCommand } from '../../shared/cli-command.js';

/** The options of call itself, which follow the module and tool (`call <module> <tool> --yes`); `--list` follows the module. */
const CALL_OPTIONS = ['--list', '--args', '--yes', '--out-dir', '--help'];
/** `agent-tools call <module> <tool> [flags]` and `agent-tools call <module> --list`: run one tool from the command line. */
export function registerCall(program: Command): void {
  const cmd = program
    .command('call')
    .description("call one tool of a module from the command line (flags are its kebab-case params; see 'call <module> <tool> --help')")
    .argument('<module>', 'a module exporting tools, as for serve')
    .argument('[tool-and-flags...]', 'the tool name then its flags, or --list')
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .addHelpText(
      'after',
      `
Options (call's own; the tool's params are flags too, see 'call <module> <tool> --help'):
  --list           list the module's tools: each name with the first line of its description
  --args <json>    the whole argument object as JSON, instead of flags
  --yes            approve the call if it needs approval, without asking
  --out-dir <dir>  where images, audio and other binary results are written (default: a new temp folder)
  -h, --help       print this help; after a tool name, that tool's flags

Examples:
  ${cliCommand('call ./tools.ts --list')}
  ${cliCommand('call ./tools.ts set_font --help')}
  ${cliCommand('call ./tools.ts set_font --id f1 --weight 700 --italic --tags serif,mono')}
  ${cliCommand(`call ./tools.ts set_font --args '{"id":"f1","tags":["a,b"]}'`)}

A tool that returns images, audio or other binary content has them written to files under
--out-dir <dir> (default: a new folder in the system temp folder); the JSON shows each file's path.
A tool that needs approval (destructive by default; the approval key of agent-tools.config.json)
asks on the terminal first, showing its arguments; --yes approves without asking; with neither a
terminal nor --yes the call does not run (exit 2).
Write a value that starts with "-" as --flag=value.
A param named args, yes, out_dir or help is --param-<name> (--param-yes): those flags are call's own.
Exit codes: 0 success, 1 a failed tool call, bad arguments or a denied approval, 2 usage or no way to approve.`,
    )
    .action(async (module: string, rest: string[]) => {
      if (module === '--help' || module === '-h' || (rest.length === 1 && (rest[0] === '--help' || rest[0] === '-h'))) {
        cmd.outputHelp();
        return;
      }
      if (module.startsWith('-')) {
        const { UsageError } = await import('../../shared/errors.js');
        const flag = module.split('=')[0]!;
        // call's own options go after the tool; any other flag before the module is no option of call
        if (!CALL_OPTIONS.includes(flag))
          throw new UsageError(
            `unknown option '${flag}': call takes ${CALL_OPTIONS.join(', ')} after the module and tool, and reads its approval rules from agent-tools.config.json in the working folder`,
            'call',
          );
        throw new UsageError(`the module comes first: ${cliCommand(`call <module> ${module}`)}`, 'call');
      }
      const { runCall } = await import('../run-call.js');
      process.exitCode = await runCall(module, rest);
    });
}
