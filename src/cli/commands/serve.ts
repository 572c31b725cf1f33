/** The `serve` command's definition: an MCP server for a tools module, over stdio or HTTP. */

import type { TierChoice } from '../../core/tier.js';
import type { Command } from 'commander';
import { Option } from '../commander.js';
import { allowForeignTablesOption, storeOption } from './skill.js';
import { unsandboxedOption } from '../script-sandbox-mode.js';
import { examplesHelp } from '../help-examples.js';

type ServeFlags = {
  tier: TierChoice;
  http?: string;
  skills?: boolean;
  store: string;
  allowForeignTables?: boolean;
  unsandboxed?: boolean;
  tokenFile?: string;
  auth: boolean;
  issuer?: string;
  resource?: string;
  toolSearch?: boolean;
  approve?: string[];
  name?: string;
  serverVersion?: string;
};

/** `agent-tools serve <module> [--tier core|extended|all] [--http <port>]`: an MCP server for a tools module. */
export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('serve the tools of a TypeScript or JavaScript module as an MCP server (stdio, or Streamable HTTP on 127.0.0.1)')
    .argument(
      '<module>',
      "a module exporting a registry, CORE_TOOLS/EXTENDED_TOOLS/ALL_TOOLS arrays, a default export of tools, or the tools themselves as named exports; an optional getApi() export gives the tools' API",
    )
    .addOption(new Option('--tier <tier>', 'which registry tier to serve').choices(['core', 'extended', 'all']).default('core'))
    .option('--http <port>', 'serve Streamable HTTP at http://127.0.0.1:<port>/mcp instead of stdio (0 picks a free port)')
    .option(
      '--token-file <file>',
      'with --http: the bearer token callers must send (Authorization: Bearer <token>), read from this file (or AGENT_TOOLS_SERVE_TOKEN; else a new token each launch, printed on stderr)',
    )
    .option('--no-auth', 'with --http: ask callers for no token (any local user or process that reaches the port can call every tool)')
    .option(
      '--issuer <url>',
      'with --http: accept the JWT access tokens of this OAuth authorization server instead of one token, and publish the protected-resource metadata (RFC 9728) naming it (or serve.issuer in agent-tools.config.json)',
    )
    .option(
      '--resource <url>',
      "with --issuer: this server's public URL as clients reach it (https://host/mcp behind a TLS proxy), the audience the tokens must name (default: the local URL; or serve.resource)",
    )
    .option('--skills', 'serve the enabled skills of the skill store and say so when there are none (by default they are served quietly)')
    .option('--no-skills', 'leave out the enabled skills of the skill store')
    .option(
      '--tool-search',
      'list the core tier plus search_tools and call_tool; found extended tools join the list on 2025 connections (with --no-skills where there is a skill store)',
    )
    .option(
      '--approve <tool>',
      'let this tool run without asking for approval (a name or a glob such as "delete_*"; repeat for more); for this run, beside approval.allow of agent-tools.config.json (no file is written); ' +
        'one that matches no tool is an error (a warning while skills are served)',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option(
      '--name <name>',
      "the server's name in the MCP initialize result (default: the name in the tools module's nearest package.json, else agent-tools)",
    )
    .option(
      '--server-version <version>',
      "the server's version in the initialize result (default: that package.json's version, else agent-tools' own; not --version, which prints agent-tools' version)",
    )
    .addOption(storeOption('the skill store whose enabled skills are served'))
    .addOption(allowForeignTablesOption())
    .addOption(unsandboxedOption())
    .addHelpText(
      'after',
      examplesHelp([
        'serve tools/registry.ts',
        'serve tools/registry.ts --tier all --http 3000',
        'serve tools/registry.ts --no-skills --approve set_font',
      ]),
    )
    .action(async function (this: Command, module: string, opts: ServeFlags) {
      const { runServe } = await import('../run-serve.js');
      const { givenFlags, shellWord } = await import('../given-flags.js');
      const { serverVersion, ...rest } = opts;
      // the command as the user ran it (--http and its port among the flags), for the approval hint
      const command = ['serve', shellWord(module), ...givenFlags(this)].join(' ');
      process.exitCode = await runServe(
        { module, command, ...rest, ...(serverVersion !== undefined ? { version: serverVersion } : {}) },
        program.version() ?? '0.0.0',
      );
    });
}
