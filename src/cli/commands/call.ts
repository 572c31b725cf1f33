import type { Command } from 'commander';

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
    .action(async (module: string, rest: string[]) => {
      if (module === '--help' || module === '-h') {
        process.stdout.write(cmd.helpInformation());
        return;
      }
      const { runCall } = await import('../run-call.js');
      process.exitCode = await runCall(module, rest);
    });
}
