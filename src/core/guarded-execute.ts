/** The `execute` a defined tool shows: a tool that may ask for approval runs its code only when the pipeline calls it. */

import { isDestructive, type NeedsApproval } from './approval.js';
import { ApprovalRequiredError } from './errors.js';
import { isThenable } from '../util/is-thenable.js';

type Execute = (this: unknown, ...rest: unknown[]) => unknown;

/** For each guarded `execute` a tool shows: the defined tool it belongs to and the function `defineTool` was given. */
const GUARDED = new WeakMap<object, { tool: object; run: Execute }>();

/**
 * The functions `defineTool` was given as `execute` by tools that may ask (see `mayAsk`), each with the first such
 * tool: another tool handed the same function (`execute: removeNote` in a read-only `tidy_note` beside `delete_note`)
 * runs that tool's code, so it asks as that tool does, whichever was defined first (see {@link executeOwner}).
 */
const ASKING = new WeakMap<object, object>();

/**
 * Marks a guard with the copy of this module that made it (its URL and {@link THIS_COPY}), so that a pipeline of
 * another copy of agent-tools in the same process (two installs, a bundle beside the package, or the same file
 * loaded twice, once by `import` and once by `require` through a loader such as tsx) can say why it cannot run
 * the tool, instead of calling the guard. Not a capability: it holds a URL and a symbol, never the tool's code.
 */
const GUARD_MARK = Symbol.for('agent-tools.guarded-execute');

/** This instance of the module: two instances of one file (the same URL) are still two copies. */
const THIS_COPY = Symbol('agent-tools copy');

/** What a direct call tells a `needsApproval` function as `caller` (see NeedsApprovalContext). */
const DIRECT = 'a direct call of execute';

interface Guardable {
  name: string;
  execute: Execute;
  needsApproval?: NeedsApproval;
  mutates?: boolean;
  destructive?: boolean;
}

/** Why `def` may ask for approval by its own keys, or `undefined` when it never does (`needsApproval: false`, or read-only and silent). */
function mayAsk(def: Guardable): string | undefined {
  const own: unknown = def.needsApproval;
  if (own === false) return undefined;
  if (own === undefined) return isDestructive(def) ? 'it is destructive' : undefined;
  return typeof own === 'function' ? 'its needsApproval' : 'needsApproval: true';
}

/**
 * Puts a guard over the `execute` of a tool `defineTool` is about to return, when the tool may
 * ask for approval by its own keys (see `mayAsk`): the function it shows as `execute` runs the
 * tool's code only when the tool's `needsApproval` function answers `false` for the args it is
 * given, and otherwise throws {@link ApprovalRequiredError}. The pipeline does not call that
 * function: it runs the code itself ({@link executeOf}) after the approval step. So no code path
 * outside the pipeline (a class field holding the tool, a loop over a module's exports, a copy
 * of the tool) runs a destructive tool unasked, whatever the static readers saw.
 */
export function guardExecute(def: Guardable): void {
  const why = mayAsk(def);
  if (why === undefined) return;
  const run = def.execute;
  const needsApproval: unknown = def.needsApproval;
  const refuse = (): never => {
    throw new ApprovalRequiredError(def.name, why);
  };
  const execute = function execute(this: unknown, ...rest: unknown[]): unknown {
    if (typeof needsApproval !== 'function') return refuse();
    let answer: unknown;
    try {
      answer = (needsApproval as (a: unknown, c: unknown) => unknown)(rest[1] ?? {}, { toolName: def.name, caller: DIRECT });
    } catch {
      return refuse();
    }
    if (isThenable(answer)) return Promise.resolve(answer).then((a) => (a === false ? run.apply(this, rest) : refuse()), refuse);
    return answer === false ? run.apply(this, rest) : refuse();
  };
  GUARDED.set(execute, { tool: def, run });
  if (!ASKING.has(run)) ASKING.set(run, def);
  Object.defineProperty(execute, GUARD_MARK, { value: COPY_MARK });
  def.execute = execute;
}

/**
 * The function the pipeline calls for `def`: the tool's own code when `def.execute` is a guard
 * {@link guardExecute} made (also on a copy or a prototype child of the tool), else `def.execute`.
 */
export function executeOf(def: { execute: unknown }): Execute {
  const fn = def.execute as Execute;
  return GUARDED.get(fn)?.run ?? fn;
}

/**
 * The defined tool that asks whose code `def` runs, or `undefined`: the one whose guarded `execute` `def` shows
 * (itself, or the tool a copy was made from), or, for a tool whose `execute` is not guarded, the first tool that may
 * ask that was given the very same function as `execute` (see `ASKING`), so a tool that does not ask by its own keys
 * is not a way to run that code unasked. The pipeline takes the stricter verdict of `def` and this tool.
 */
export function executeOwner(def: { execute: unknown }): object | undefined {
  const fn = def.execute;
  return typeof fn === 'function' ? (GUARDED.get(fn)?.tool ?? ASKING.get(fn)) : undefined;
}

/**
 * This copy of agent-tools as a mark other copies read: its file (a URL) and this module instance. Frozen, holding
 * no capability; put on what one copy makes and another may be handed (a guarded `execute`, a `toolsToAI` tool set).
 */
export const COPY_MARK: Readonly<{ url: string; copy: symbol }> = Object.freeze({ url: import.meta.url, copy: THIS_COPY });

/**
 * The files of two copies in words, for an error saying one made what the other was handed (`role`: what the other
 * does with it, e.g. `running it`): the same URL twice is one file loaded twice (once by `import`, once by `require`
 * through a loader such as tsx).
 */
export function twoCopiesText(madeBy: string, usedBy: string, role: string): string {
  return madeBy === usedBy
    ? `a second instance of the same file (${usedBy}: loaded once by import and once by require, as a loader such as tsx does for require in a .cts file, or in a .ts file of a CommonJS project)`
    : `another copy of agent-tools (${madeBy}) than the one ${role} (${usedBy})`;
}

/** Whether `mark` is a {@link COPY_MARK} of another copy than this one. */
export function isOtherCopy(mark: unknown): mark is { url: string; copy: symbol } {
  return (
    typeof mark === 'object' &&
    mark !== null &&
    typeof (mark as { url?: unknown }).url === 'string' &&
    (mark as { copy?: unknown }).copy !== THIS_COPY
  );
}

/**
 * When `def.execute` is a guard made by another copy of agent-tools than this one (see
 * `GUARD_MARK`): the file of that copy and of this one, as URLs (the same URL when one file was
 * loaded twice). This copy cannot run that tool's code, since only the copy that defined a tool holds it.
 */
export function foreignGuard(def: { execute: unknown }): { definedBy: string; runBy: string } | undefined {
  const fn = def.execute;
  if (typeof fn !== 'function' || GUARDED.has(fn)) return undefined;
  const mark: unknown = (fn as unknown as Record<symbol, unknown>)[GUARD_MARK];
  return isOtherCopy(mark) ? { definedBy: mark.url, runBy: import.meta.url } : undefined;
}
