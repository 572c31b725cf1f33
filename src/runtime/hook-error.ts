/** What the pipeline does when a hook throws after `execute` ran: the call stands, the error is recorded and handed to the host. */

/**
 * The pipeline steps that run after `execute` and may throw: the `onAfterExecute` hook, the
 * snapshot taken after a mutating call (the tool's `snapshot` or the options' one), the
 * `onAffected` listener and the `onToolLog` logger.
 */
export type AfterExecuteHook = 'onAfterExecute' | 'snapshot' | 'onAffected' | 'onToolLog';

/**
 * A hook that threw after `execute` ran, as `onHookError` receives it: `hook` (which one),
 * `tool` (the tool's name), `message` (the error's message) and `error` (what was thrown).
 */
export interface HookErrorReport {
  hook: AfterExecuteHook;
  tool: string;
  message: string;
  error: unknown;
}

/** The error of a thrown value: an Error's message, else its string form. */
export const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * Hands a hook's error to `onHookError` when the host gave one; a throwing `onHookError` is
 * ignored (nothing else could report it, and the engine never prints).
 */
export function reportHookError(
  onHookError: ((report: HookErrorReport) => void) | undefined,
  hook: AfterExecuteHook,
  tool: string,
  error: unknown,
): void {
  if (!onHookError) return;
  try {
    onHookError({ hook, tool, message: messageOf(error), error });
  } catch {
    // a failing error handler must not change the tool result either
  }
}
