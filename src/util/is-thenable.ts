/** The one test for "would `await` wait for this": a promise or any other thenable. */

/** Whether `v` would be waited for by `await`: an object or function with a `then` method (a promise or any thenable). */
export function isThenable(v: unknown): v is PromiseLike<unknown> {
  return v !== null && (typeof v === 'object' || typeof v === 'function') && typeof (v as { then?: unknown }).then === 'function';
}
