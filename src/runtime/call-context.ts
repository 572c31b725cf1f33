/** The call context handed to `execute`: logger, progress and client access, and what the pipeline reads back for the ToolLog. */

import type { ToolCallContext, ToolLogger, ToolLogLevel, ToolLogLine, ToolProgress } from '../core/call-context.js';
import { clientAccess, type ClientAccess, type ClientAsker } from '../core/client-input.js';
import { toJsonSafe } from './json-safe.js';

/** The cap on a log line's `data`, in UTF-8 bytes of its JSON text. */
export const LOG_DATA_MAX_BYTES = 10_000;

/**
 * Where a call context's reports go, and how it asks its client (given by the adapter, per
 * call): `ask` sends `ctx.elicit`, `ctx.sample` and `ctx.listRoots` to the client (the MCP
 * adapter gives one); without it they reject with `ClientInputUnavailableError`, naming
 * `caller` (for example "the AI SDK adapter") when given.
 */
export interface CallReportSinks {
  onProgress?: (progress: ToolProgress) => void;
  onLog?: (line: ToolLogLine) => void;
  ask?: ClientAsker;
  caller?: string;
}

/** What the context counted while the call ran, read by the pipeline for the ToolLog. */
export interface CallReports {
  progressCount: number;
  logs: ToolLogLine[] | undefined;
}

function checkNumber(value: unknown, field: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new TypeError(`reportProgress: ${field} must be a finite number, received ${String(value)}`);
}

/**
 * The context object handed to `execute`. Cheap to create: the fallback signal and the
 * logger are made only when a tool reads them.
 */
export class CallContextImpl implements ToolCallContext, CallReports {
  progressCount = 0;
  logs: ToolLogLine[] | undefined = undefined;
  #closed = false;
  #own: AbortSignal | undefined;
  #log: ToolLogger | undefined;
  #client: ClientAccess | undefined;

  constructor(
    readonly abortSignal: AbortSignal | undefined,
    private readonly sinks: CallReportSinks | undefined,
  ) {}

  get signal(): AbortSignal {
    return this.abortSignal ?? (this.#own ??= new AbortController().signal);
  }

  get log(): ToolLogger {
    return (this.#log ??= {
      debug: (m, d) => this.#write('debug', m, d),
      info: (m, d) => this.#write('info', m, d),
      notice: (m, d) => this.#write('notice', m, d),
      warning: (m, d) => this.#write('warning', m, d),
      error: (m, d) => this.#write('error', m, d),
    });
  }

  elicit(...args: Parameters<ClientAccess['elicit']>): ReturnType<ClientAccess['elicit']> {
    return this.#closed ? this.#finished() : this.#access().elicit(...args);
  }

  sample(...args: Parameters<ClientAccess['sample']>): ReturnType<ClientAccess['sample']> {
    return this.#closed ? this.#finished() : this.#access().sample(...args);
  }

  listRoots(...args: Parameters<ClientAccess['listRoots']>): ReturnType<ClientAccess['listRoots']> {
    return this.#closed ? this.#finished() : this.#access().listRoots(...args);
  }

  #access(): ClientAccess {
    return (this.#client ??= clientAccess(this.sinks?.ask, this.sinks?.caller));
  }

  #finished(): Promise<never> {
    return Promise.reject(new Error('the tool call has finished: it can no longer ask its client'));
  }

  reportProgress(progress: ToolProgress): void {
    if (this.#closed) return;
    checkNumber(progress?.progress, 'progress');
    if (progress.total !== undefined) checkNumber(progress.total, 'total');
    this.progressCount += 1;
    const report: ToolProgress = { progress: progress.progress };
    if (progress.total !== undefined) report.total = progress.total;
    if (typeof progress.message === 'string') report.message = progress.message;
    try {
      this.sinks?.onProgress?.(report);
    } catch {
      // a failing sink must not fail the tool
    }
  }

  /** Ends the call: later reports are ignored. */
  close(): void {
    this.#closed = true;
  }

  #write(level: ToolLogLevel, message: unknown, data: unknown): void {
    if (this.#closed) return;
    const line: ToolLogLine = { level, message: typeof message === 'string' ? message : String(message) };
    if (data !== undefined) {
      const safe = toJsonSafe(data, { maxResultBytes: LOG_DATA_MAX_BYTES });
      line.data = safe.ok ? safe.value : `[data left out: ${safe.error}]`;
    }
    (this.logs ??= []).push(line);
    try {
      this.sinks?.onLog?.(line);
    } catch {
      // a failing sink must not fail the tool
    }
  }
}

/**
 * A context for calling a tool's `execute` yourself (in a unit test of the tool): reports go
 * to `sinks`, and the returned `reports` hold the progress count and the log lines. The `execute`
 * of a tool that asks for approval refuses a direct call (`ApprovalRequiredError`): test that one
 * through `runTool(tool, args, { getApi, approve: () => true })`.
 */
export function createToolCallContext(options: CallReportSinks & { signal?: AbortSignal } = {}): {
  ctx: ToolCallContext;
  reports: CallReports;
} {
  const ctx = new CallContextImpl(options.signal, options);
  return { ctx, reports: ctx };
}
