/** The `agent-tools` program: builds the commander program and maps every error to its message and exit code. */

import { readFileSync } from 'node:fs';
import { Command, CommanderError } from './commander.js';
import { COMMANDS } from './commands/index.js';
import { AgentToolsError, UsageError } from '../shared/errors.js';
import { prefixError, prefixErrorOf } from './prefix-error.js';
import { suggestAliases } from './option-aliases.js';
import { cliCommand } from '../shared/cli-command.js';
import { examplesHelp } from './help-examples.js';

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/** Builds the `agent-tools` program with every registered subcommand. */
export function buildProgram(): Command {
  const program = new Command('agent-tools')
    .description('Define an LLM agent tool once: scaffold, validate and export tool definitions, and serve or call them.')
    .version(packageVersion(), '-v, --version', 'print the version')
    .option('--debug', 'print stack traces for internal errors')
    .showHelpAfterError(`(run '${cliCommand('--help')}' for usage)`)
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s), outputError: prefixError });
  program.addHelpText(
    'after',
    examplesHelp([
      'scaffold --interactive',
      'validate tools',
      'export tools --out tools.json',
      'serve tools/registry.ts',
      'validate --help',
    ]),
  );
  program.addHelpText('after', '\nExit codes: 0 success, 1 findings or a failed tool call, 2 usage, configuration or internal error.');
  for (const register of COMMANDS) register(program);
  // Every command and subcommand points to its own help (`skill route` to `agent-tools skill route --help`).
  const hint = (cmd: Command, path: string): void => {
    for (const sub of cmd.commands) {
      sub
        .exitOverride()
        .showHelpAfterError(`(run '${cliCommand(`${path}${sub.name()} --help`)}' for usage)`)
        // its errors name it: agent-tools: skill list: unknown option '--stor' (did you mean --store?)
        .configureOutput({ outputError: prefixErrorOf(`${path}${sub.name()}`) });
      suggestAliases(sub);
      hint(sub, `${path}${sub.name()} `);
    }
  };
  hint(program, '');
  return program;
}

/**
 * Runs the CLI with `argv` (as in `process.argv`) and returns the exit code, also set on
 * `process.exitCode`: 0 success, 1 findings or a failed tool call, 2 usage, configuration
 * or internal error. Errors are printed as one line; a stack only with `--debug`.
 */
export async function main(argv: readonly string[] = process.argv): Promise<number> {
  quietOnClosedPipe(process.stdout);
  const debug = argv.includes('--debug') || process.env.AGENT_TOOLS_DEBUG === '1';
  let code: number;
  try {
    await buildProgram().parseAsync(argv);
    code = typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (err) {
    code = handleError(err, debug);
  }
  process.exitCode = code;
  return code;
}

function handleError(err: unknown, debug: boolean): number {
  if (err instanceof CommanderError) {
    // commander has printed its message (and the help hint) already
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version') return 0;
    // the help shown for a missing command (`agent-tools`, `agent-tools skill`) is a usage error, as a script running it should see
    if (err.code === 'commander.help') return err.exitCode === 0 ? 0 : 2;
    return 2;
  }
  if (err instanceof AgentToolsError) {
    process.stderr.write(`agent-tools: ${err.message}\n`);
    if (err instanceof UsageError)
      process.stderr.write(`(run '${cliCommand(`${err.command ? err.command + ' ' : ''}--help`)}' for usage)\n`);
    if (debug && err.stack) process.stderr.write(err.stack + '\n');
    return err.exitCode;
  }
  const message = err instanceof Error ? err.message : String(err);
  if (isEnvironmentError(err)) {
    // a file, folder or store the user pointed at cannot be used: not a bug of ours
    process.stderr.write(`agent-tools: ${message}\n`);
    if (debug && err instanceof Error && err.stack) process.stderr.write(err.stack + '\n');
    return 2;
  }
  process.stderr.write(`agent-tools: internal error: ${message}\n`);
  if (debug && err instanceof Error && err.stack) process.stderr.write(err.stack + '\n');
  else process.stderr.write('(run again with --debug for the stack trace)\n');
  return 2;
}

/**
 * `agent-tools ... | head` closes stdout early: stop quietly, as Unix tools do, instead of
 * crashing with an EPIPE stack trace.
 */
function quietOnClosedPipe(stream: NodeJS.WriteStream): void {
  if (stream.listenerCount('error') > 0) return;
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
    throw err;
  });
}

/**
 * A system error that is not ours to wrap: Node's file-system errors (`ENOENT`, `EACCES`, …) and the
 * SQLite driver's (`SQLITE_BUSY`, …) carry their kind in `code`. Our own errors are {@link AgentToolsError}s.
 */
function isEnvironmentError(err: unknown): err is Error {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && /^(E[A-Z]+|SQLITE_[A-Z_]+)$/.test(code);
}
