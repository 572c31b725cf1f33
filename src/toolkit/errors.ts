/**
 * The typed errors of the toolkit (validate, export, scaffold, explain). Engines throw them for
 * bad input; front ends map them to a message and an exit code in one place (`src/cli/main.ts`).
 * They live below `src/cli/` so that the engines never import a front end.
 */

/** What kind of bad input an {@link AgentToolsError} reports; stable, for code that branches on it. */
export type AgentToolsErrorCode = 'USAGE' | 'CONFIG' | 'FAILURE';

/**
 * Base of the toolkit's typed errors. `code` says the kind, `exitCode` the exit code a command
 * ends with for it (2 bad usage or configuration, 1 a failure to report).
 */
export class AgentToolsError extends Error {
  constructor(
    message: string,
    readonly code: AgentToolsErrorCode,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/**
 * Bad options, arguments or paths given by the caller (`code` `'USAGE'`, exit 2). `command` names
 * the CLI command whose `--help` the CLI points to, when there is one.
 */
export class UsageError extends AgentToolsError {
  constructor(
    message: string,
    readonly command?: string,
  ) {
    super(message, 'USAGE', 2);
  }
}

/** A configuration file or input document (spec, JSON) that cannot be used (`code` `'CONFIG'`, exit 2). */
export class ConfigError extends AgentToolsError {
  constructor(message: string) {
    super(message, 'CONFIG', 2);
  }
}

/** Work done, but with a failure to report, such as a failed tool call (`code` `'FAILURE'`, exit 1). */
export class FailureError extends AgentToolsError {
  constructor(message: string) {
    super(message, 'FAILURE', 1);
  }
}
