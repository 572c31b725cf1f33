import type { ToolCallContext, ToolLogger, ToolLogLevel, ToolLogLine, ToolProgress } from '../core/call-context.js';
import { toJsonSafe } from './json-safe.js';

/** The cap on a log line's `data`, in UTF-8 bytes of its JSON text. */
export const LOG_DATA_MAX_BYTES = 10_000;

/** Where a call context's reports go (given by the adapter, per call). */
export interface CallReportSinks {
  onProgress?: (progress: ToolProgress) => void;
  onLog?: (line: ToolLogLine) => void;
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
 * to `sinks`, and the returned `reports` hold the progress count and the log lines.
 */
export function createToolCallContext(options: CallReportSinks & { signal?: AbortSignal } = {}): {
  ctx: ToolCallContext;
  reports: CallReports;
} {
  const ctx = new CallContextImpl(options.signal, options);
  return { ctx, reports: ctx };
}
