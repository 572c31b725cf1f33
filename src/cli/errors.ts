/** An error a command raises on purpose; `exitCode` is what the process ends with. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Bad flags, arguments or paths given by the user: exit 2, with a pointer to `--help`. */
export class UsageError extends CliError {
  constructor(
    message: string,
    readonly command?: string,
  ) {
    super(message, 2);
  }
}

/** A configuration file or input document that cannot be used: exit 2. */
export class ConfigError extends CliError {
  constructor(message: string) {
    super(message, 2);
  }
}

/** Work done, but with a failure to report (a failed tool call, findings): exit 1. */
export class FailureError extends CliError {
  constructor(message: string) {
    super(message, 1);
  }
}
