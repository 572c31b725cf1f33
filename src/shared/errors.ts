/** The one hierarchy of user-facing errors: each carries its `code` and the exit code a command ends with for it. */

// Engines (validate, export, scaffold, the skill store, file helpers) throw them for bad input or an unusable environment;
// front ends map them to a message and an exit code in one place (`src/cli/main.ts`), by class, never by name. They live in
// the lowest folder so every layer can throw them.

/**
 * What kind of problem an {@link AgentToolsError} reports; stable, for code that branches on it.
 * `USAGE` bad options or arguments, `CONFIG` an unusable configuration or input document,
 * `ENVIRONMENT` a file, folder or store that cannot be used, `FAILURE` work done with a failure to report.
 */
export type AgentToolsErrorCode = 'USAGE' | 'CONFIG' | 'ENVIRONMENT' | 'FAILURE';

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

/**
 * A file, folder or store the caller pointed at cannot be used: a folder that cannot be created,
 * a skill store that cannot be opened (`code` `'ENVIRONMENT'`, exit 2). Not a bug of ours, so the CLI
 * prints the message alone, without "internal error".
 */
export class EnvironmentError extends AgentToolsError {
  constructor(message: string) {
    super(message, 'ENVIRONMENT', 2);
  }
}

/** Work done, but with a failure to report, such as a failed tool call (`code` `'FAILURE'`, exit 1). */
export class FailureError extends AgentToolsError {
  constructor(message: string) {
    super(message, 'FAILURE', 1);
  }
}
