/** Keeps stdout for protocol messages or the tool result: a user's console output and direct stdout writes go to stderr. */

/**
 * Sends `console.log`, `console.info` and `console.debug` to stderr, so a user's module
 * (or tool) that logs cannot corrupt stdout, which holds only protocol messages (`serve`
 * over stdio) or the tool result (`call`).
 */
export function routeConsoleToStderr(): void {
  const toStderr = (...args: unknown[]) => console.error(...args);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
}

import { fdStream, protocolFd } from './protocol-fd.js';

/** The process's real stdout, as {@link routeStdoutToStderr} hands it back. */
export interface RealStdout {
  /** Writes text to fd 1 with the original `process.stdout.write`. */
  write: (text: string) => void;
  /** `process.stdout` whose `write` is the original one (for a transport that waits for `drain`). */
  stream: NodeJS.WritableStream;
}

let real: RealStdout | undefined;

/**
 * Sends a direct `process.stdout.write` from user code (a module's top level, a tool's
 * execute) to stderr, so that stdout carries only our own output: the JSON-RPC lines of
 * `serve` over stdio and the result of `call` (new-user trial s5, finding 3). Returns the
 * real stdout for that output. Calling it again returns the same one. In a process relaunched
 * by `relaunchWithProtocolFd` the real stdout is the descriptor it names, and fd 1 is stderr:
 * then writes that bypass `process.stdout` reach stderr too.
 */
export function routeStdoutToStderr(): RealStdout {
  if (real) return real;
  const fd = protocolFd();
  if (fd !== undefined) {
    const out = fdStream(fd);
    // a reader that went away (`call ... | head`): stop quietly, as with fd 1
    out.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
      throw err;
    });
    real = { write: (text) => void out.write(text), stream: out };
    return real;
  }
  const stdout = process.stdout;
  const originalWrite: typeof stdout.write = stdout.write.bind(stdout);
  stdout.write = ((...args: Parameters<typeof stdout.write>) =>
    (process.stderr.write as (...a: unknown[]) => boolean)(...args)) as typeof stdout.write;
  const stream = new Proxy(stdout, {
    get(target, key) {
      if (key === 'write') return originalWrite;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  real = { write: (text) => void originalWrite(text), stream };
  return real;
}
