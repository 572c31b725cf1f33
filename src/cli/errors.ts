// The typed errors live in the toolkit layer, below every front end; the CLI's modules import them from here.
export { AgentToolsError as CliError, ConfigError, FailureError, UsageError } from '../toolkit/errors.js';
