/** Runs `agent-tools call`: one tool of a module through the CLI adapter, or the list of its tools. */

import { Command } from 'commander';
import { toolsToCommands } from '../adapters/cli.js';
import { DuplicateToolError, ToolDefinitionError, UnknownToolError } from '../core/errors.js';
import { closeMatches } from '../core/suggest.js';
import { currentTools } from '../runtime/tool-source.js';
import { routeConsoleToStderr, routeStdoutToStderr } from './console-to-stderr.js';
import { ConfigError, UsageError } from '../shared/errors.js';
import { loadToolsModule, unreadArraysWarning } from './load-tools-module.js';
import { suggestAliases } from './option-aliases.js';
import { commandApprovalPolicy } from './reviewed-policy.js';
import { unmatchedConfigRules } from './approval-config.js';
import { relaunchWithProtocolFd, shouldRelaunch } from './protocol-fd.js';
import { prefixErrorOf } from './prefix-error.js';
import { cliCommand } from '../shared/cli-command.js';

/**
 * `agent-tools call <module> <tool> [flags]`: loads the module (every tier) and runs one
 * tool through the CLI adapter; `agent-tools call <module> --list` prints one line per
 * tool (tool name, then description). Returns the exit code: 0 success, 1 a failed
 * tool call, bad arguments or a denied approval, 2 usage (or a call that needs approval with
 * neither a terminal to ask on nor `--yes`). The approval policy is the `approval` key of the
 * configuration in the working folder (`agent-tools.config.json`).
 *
 * @throws {UsageError} without a tool name or for an unknown one (with close matches).
 * @throws {ConfigError} when the module cannot be loaded, two tools map to one command, or the
 *   configuration's `approval` is malformed.
 */
export async function runCall(module: string, rest: readonly string[]): Promise<number> {
  // fd 1 is kept for the result: run in a child whose fd 1 is stderr (see relaunchWithProtocolFd)
  if (shouldRelaunch()) return relaunchWithProtocolFd();
  const configured = commandApprovalPolicy(process.cwd(), module);
  const { policy } = configured;
  routeConsoleToStderr();
  // stdout holds only the result (or --list, or help): a tool's own process.stdout.write goes to stderr
  const stdout = routeStdoutToStderr();
  const loaded = await loadToolsModule(module);
  const program = new Command(`agent-tools call ${module}`)
    .exitOverride()
    .configureOutput({ writeOut: stdout.write, writeErr: (s) => process.stderr.write(s), outputError: prefixErrorOf('call') })
    .showHelpAfterError(`(run '${cliCommand(`call ${module} <tool> --help`)}' for the tool's flags)`);
  let commands: Command[];
  try {
    commands = toolsToCommands(loaded.tools, {
      program,
      tier: 'all',
      stdout: stdout.write,
      errorPrefix: 'agent-tools: ',
      ...(policy ? { approval: policy } : {}),
      ...(loaded.getApi ? { getApi: loaded.getApi } : {}),
    });
  } catch (err) {
    // a tool the command line cannot offer (two params on one flag) is the module's problem, not ours
    if (err instanceof DuplicateToolError || err instanceof ToolDefinitionError) throw new ConfigError(`${module}: ${err.message}`);
    throw err;
  }
  for (const cmd of commands) {
    cmd.exitOverride();
    suggestAliases(cmd);
  }
  // a misspelt rule of the configuration stops or allows nothing: say so before a tool runs
  const toolNames = currentTools(loaded.tools, 'all').map((d) => d.name);
  for (const line of unmatchedConfigRules(configured, toolNames, module)) process.stderr.write(`agent-tools: warning: ${line}\n`);
  process.stderr.write(unreadArraysWarning(loaded, module));
  const [tool, ...flags] = rest;
  if (tool === '--list') {
    const defs = currentTools(loaded.tools, 'all');
    // The tool's own name, as tools/list, export and the docs spell it (its kebab-case command name is accepted too).
    const width = Math.max(0, ...defs.map((d) => d.name.length));
    for (const d of defs) stdout.write(`${d.name.padEnd(width)}  ${d.description.split('\n')[0]}\n`);
    return 0;
  }
  if (tool === undefined || tool.startsWith('-'))
    throw new UsageError(
      `name a tool to call, or use --list to see the ${commands.length} tool${commands.length === 1 ? '' : 's'} in ${module}`,
      'call',
    );
  const names = commands.flatMap((c) => [c.name(), ...c.aliases()]);
  // suggest the tools' own names, as --list shows them (their kebab-case command names work too)
  if (!names.includes(tool))
    throw new UsageError(
      new UnknownToolError(
        tool,
        closeMatches(
          tool,
          currentTools(loaded.tools, 'all').map((d) => d.name),
        ),
      ).message,
      'call',
    );
  process.exitCode = 0;
  await program.parseAsync([tool, ...flags], { from: 'user' });
  return typeof process.exitCode === 'number' ? process.exitCode : 0;
}
