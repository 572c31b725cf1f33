/** Relaunches the binary so the real stdout is a separate descriptor that only protocol output reaches. */

import { spawn } from 'node:child_process';
import { fstatSync, realpathSync, writeSync } from 'node:fs';
import { Socket } from 'node:net';
import { constants } from 'node:os';
import { Writable } from 'node:stream';
import { isatty, WriteStream } from 'node:tty';
import { fileURLToPath } from 'node:url';

/** The variable that tells a relaunched CLI which file descriptor holds the real stdout. */
const PROTOCOL_FD_ENV = 'AGENT_TOOLS_PROTOCOL_FD';
const BIN = fileURLToPath(new URL('../../bin/agent-tools.js', import.meta.url));

/** The file descriptor of the real stdout when this process was relaunched by {@link relaunchWithProtocolFd}, else undefined. */
export function protocolFd(): number | undefined {
  const fd = Number(process.env[PROTOCOL_FD_ENV]);
  return Number.isInteger(fd) && fd > 2 ? fd : undefined;
}

/** True when this process is the `agent-tools` binary (not a test or a program calling `main`) and was not relaunched yet. */
export function shouldRelaunch(): boolean {
  if (process.env[PROTOCOL_FD_ENV] !== undefined || !process.argv[1]) return false;
  try {
    return realpathSync(process.argv[1]) === BIN;
  } catch {
    return false;
  }
}

/**
 * Runs this command again in a child process whose file descriptor 1 is this process's stderr
 * and whose descriptor 3 is this process's stdout (named by `AGENT_TOOLS_PROTOCOL_FD`); stdin
 * and stderr are shared. Node has no `dup2`, so this is how fd 1 is kept from the protocol:
 * a child process the tool starts with `stdio: 'inherit'`, or `fs.writeSync(1, ...)` (as pino
 * writes), lands on stderr, never in the JSON-RPC stream of `serve` or the result of `call`
 * (the official Python SDK does the same with `dup`/`dup2`). The same on Linux and macOS.
 * SIGTERM and SIGHUP are passed on, and SIGINT too unless stdin is a terminal (whose Ctrl-C
 * reaches the child itself). Resolves with the child's exit code (128 + the signal's number
 * when a signal ended it).
 */
export function relaunchWithProtocolFd(): Promise<number> {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: [0, 2, 2, 1],
    env: { ...process.env, [PROTOCOL_FD_ENV]: '3' },
  });
  const signals: NodeJS.Signals[] = isatty(0) ? ['SIGTERM', 'SIGHUP'] : ['SIGTERM', 'SIGHUP', 'SIGINT'];
  const forward = (signal: NodeJS.Signals) => void child.kill(signal);
  for (const s of signals) process.on(s, forward);
  if (isatty(0)) process.on('SIGINT', () => undefined);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      for (const s of signals) process.off(s, forward);
      resolve(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0));
    });
  });
}

/**
 * A writable stream on `fd` (the real stdout of a relaunched process): a socket for a pipe or
 * socket, a terminal stream for a terminal, synchronous writes for a file.
 */
export function fdStream(fd: number): NodeJS.WritableStream {
  const stat = fstatSync(fd);
  if (stat.isFIFO() || stat.isSocket()) return new Socket({ fd, readable: false, writable: true });
  if (isatty(fd)) return new WriteStream(fd);
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      try {
        for (let at = 0; at < chunk.length;) at += writeSync(fd, chunk, at);
        done();
      } catch (err) {
        done(err as Error);
      }
    },
  });
}
