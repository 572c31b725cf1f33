/** `--watch`: reruns a command after every change under its paths, re-parsing only the changed files. */

import { relative, resolve } from 'node:path';
import type { Project } from 'ts-morph';
import { AnalysisSession } from '../analysis/session.js';
import { watchPaths } from '../util/watch-paths.js';

/** What {@link runWatch} needs: the command's name, its paths, one run, where output goes and when to stop. */
export interface WatchOptions {
  /** `validate` or `export`, in status lines. */
  command: string;
  paths: readonly string[];
  cwd?: string;
  /** One run of the command over the kept project (it prints its own report). */
  run(project: Project): unknown;
  stderr: (s: string) => void;
  /** Files the command writes (`export --out`): their changes start no run. */
  ignore?: readonly string[];
  /** Clear the terminal before each report (only when stdout is a terminal). */
  clear?: () => void;
  /** Aborting it (Ctrl-C) stops watching; the returned promise then resolves. */
  signal: AbortSignal;
}

/**
 * `--watch`: runs the command, then again after every change under its paths, each run
 * re-parsing only the files that changed (one {@link AnalysisSession} for the whole watch)
 * and ending with a status line on stderr saying how long it took. Runs never overlap: a
 * change during a run starts one more run after it. A run that throws (a bad configuration
 * saved mid-edit) prints the error and watching goes on.
 *
 * @throws what the first run throws (a usage or configuration error: nothing to watch).
 */
export async function runWatch(options: WatchOptions): Promise<void> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const session = new AnalysisSession();
  const shown = options.paths.length > 0 ? options.paths.join(', ') : '.';
  let running = false;
  let queued: string[] = [];
  const once = async (changed: string[] | undefined) => {
    const started = performance.now();
    if (changed) {
      session.refresh(changed);
      options.clear?.();
    }
    await options.run(session.project);
    const took = Math.round(performance.now() - started);
    const what = changed
      ? `${changed
          .map((f) => relative(cwd, f))
          .slice(0, 3)
          .join(', ')}${changed.length > 3 ? ` and ${changed.length - 3} more` : ''} changed; `
      : '';
    options.stderr(`${options.command}: ${what}ran in ${took} ms; watching ${shown} (Ctrl-C to stop)\n`);
  };
  const next = async () => {
    if (running || queued.length === 0 || options.signal.aborted) return;
    const changed = queued;
    queued = [];
    running = true;
    try {
      await once(changed);
    } catch (err) {
      options.stderr(`agent-tools: ${err instanceof Error ? err.message : String(err)}\n`);
    } finally {
      running = false;
      void next();
    }
  };
  // watching starts before the first run, so a save during it is not missed
  const watcher = watchPaths(
    options.paths,
    cwd,
    (files) => {
      queued.push(...files.filter((f) => !queued.includes(f)));
      void next();
    },
    { ignore: options.ignore ?? [] },
  );
  await watcher.ready;
  running = true;
  try {
    await once(undefined);
  } catch (err) {
    await watcher.close();
    throw err;
  } finally {
    running = false;
  }
  void next();
  await new Promise<void>((done) => {
    if (options.signal.aborted) done();
    options.signal.addEventListener('abort', () => done(), { once: true });
  });
  await watcher.close();
}
